/**
 * The user's yes before an irreversible change (a delete, a move to another queue, an archived
 * sprint), asked before anything is written:
 * - a client that can ask its user (elicitation) is asked, with a question naming exactly what will
 *   be done; decline or cancel → nothing is written and the answer says it was not done. A model's
 *   `confirm: true` does not skip the question there: only the user answers it;
 * - a client that cannot is refused unless the call carries `confirm: true`, and the refusal says
 *   what the call would do and to call again with `confirm: true` once the user agrees.
 * `YANDEX_TRACKER_CONFIRM_DESTRUCTIVE=false` turns both off (the operator's choice).
 *
 * Every tool that declares `destructiveHint: true` takes `confirm: confirmParam()` and calls
 * TrackerTool's `confirmIrreversible` before its first write; confirmation.test.ts checks every
 * such tool of the registry, so a new one cannot forget it.
 *
 * Over MCP the handler runs again from the start once the answer arrives, so everything before
 * the question must be a read (checks, lookups for the question's wording), never a write.
 */
import { ToolsmithError } from '@toolsmith/core';
import { z } from 'zod';
import type { TrackerCtx } from '../tracker-context.ts';

/** The same short text on every tool that takes it. */
export const CONFIRM_DESCRIPTION = 'true once the user has approved this.';

export const confirmParam = () => z.boolean().optional().describe(CONFIRM_DESCRIPTION);

/** Not done: the user's yes is missing, or the user said no. */
export class ConfirmationError extends ToolsmithError {
  constructor(code: 'confirmation_required' | 'declined_by_user', message: string) {
    super({ code, message, userFacing: true });
    this.name = 'ConfirmationError';
  }
}

/** What the form asks for: nothing but the yes (accept) or no (decline). */
const YES_OR_NO = { type: 'object' as const, properties: {} };

/**
 * Resolves when the change may go ahead; throws ConfirmationError when it may not (nothing has been
 * written). `question` names the change and what cannot be undone, e.g. "Move DEMO-12 to OPS? …".
 */
export async function confirmIrreversible(
  ctx: TrackerCtx,
  tool: string,
  confirm: boolean | undefined,
  question: string,
): Promise<void> {
  if (!ctx.deps.config.confirmDestructive) return;
  if (ctx.elicit) {
    const answer = await ctx.elicit({ message: question, requestedSchema: YES_OR_NO });
    if (answer.action === 'accept') return;
    throw new ConfirmationError(
      'declined_by_user',
      `Not done: the user ${answer.action === 'decline' ? 'declined' : 'dismissed the question'} (${question}). Nothing was changed; do not call ${tool} again unless the user asks for it.`,
    );
  }
  if (confirm === true) return;
  throw new ConfirmationError(
    'confirmation_required',
    `Not done: this cannot be undone, so it needs the user's approval first. ${question} Ask the user; if they agree, call ${tool} again with the same arguments and confirm: true. Nothing was changed.`,
  );
}
