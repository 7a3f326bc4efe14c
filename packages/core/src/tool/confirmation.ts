/**
 * The user's yes before an irreversible change (a delete, a move that changes an id, an archive),
 * asked before anything is written, the same way in every server:
 * - a client that can ask its user (`ctx.elicit`) is asked, with a question naming exactly what
 *   will be done; decline or cancel end the call with a {@link ConfirmationError} saying it was not
 *   done. The model's `confirm: true` does not skip the question: only the user answers it;
 * - a client that cannot is refused unless the call carries `confirm: true` ({@link confirmParam}),
 *   and the refusal gives the question and says to call again with `confirm: true` once the user
 *   agrees.
 *
 * Over MCP the handler runs again from the start once the answer arrives (client-input.ts), so
 * everything before the question must be a read: checks that may refuse the call, and lookups for
 * the question's wording.
 */
import { z } from 'zod';
import { ToolsmithError } from '../errors/toolsmith-error.ts';
import type { ClientInput } from './client-input.ts';

/** The `confirm` parameter's description: one short text on every tool that takes it. */
export const CONFIRM_DESCRIPTION = 'true once the user has approved this.';

/** The `confirm` parameter of a tool whose change cannot be undone. */
export const confirmParam = () => z.boolean().optional().describe(CONFIRM_DESCRIPTION);

/** Not done: the user's yes is missing (`confirmation_required`), or the user said no (`declined_by_user`). */
export class ConfirmationError extends ToolsmithError {
  constructor(code: 'confirmation_required' | 'declined_by_user', message: string) {
    super({ code, message, userFacing: true });
    this.name = 'ConfirmationError';
  }

  static override isInstance(error: unknown): error is ConfirmationError {
    const code = ToolsmithError.isInstance(error) ? error.code : undefined;
    return code === 'confirmation_required' || code === 'declined_by_user';
  }
}

export interface IrreversibleChange {
  /** The tool's name, for the refusal's "call … again". */
  readonly tool: string;
  /** What will be done and what cannot be undone, as a question: "Move DEMO-12 to OPS? It gets …". */
  readonly question: string;
  /** The call's `confirm` argument. */
  readonly confirm: boolean | undefined;
}

/** What the form asks for: nothing but the yes (accept) or the no (decline). */
const YES_OR_NO = { type: 'object' as const, properties: {} };

/**
 * Resolves when the change may go ahead; throws {@link ConfirmationError} when it may not (nothing
 * has been written). Call it in `execute` before the first write.
 */
export async function confirmIrreversible(ctx: ClientInput, change: IrreversibleChange): Promise<void> {
  const { tool, question, confirm } = change;
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
