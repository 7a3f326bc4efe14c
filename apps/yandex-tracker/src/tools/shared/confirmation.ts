/**
 * The user's yes before an irreversible change (a delete, a move to another queue, an archived
 * sprint), asked before anything is written — core's confirmIrreversible (a client with
 * elicitation is asked, decline or cancel write nothing; a client without is refused until the call
 * carries `confirm: true`), behind the operator's switch: `YANDEX_TRACKER_CONFIRM_DESTRUCTIVE=false`
 * turns it off.
 *
 * Every tool that declares `destructiveHint: true` takes `confirm: confirmParam()` and calls
 * TrackerTool's `confirmIrreversible` before its first write; confirmation.test.ts checks every
 * such tool of the registry, so a new one cannot forget it.
 */
import { confirmIrreversible as askTheUser } from '@toolsmith/core';
import type { TrackerCtx } from '../tracker-context.ts';

export { CONFIRM_DESCRIPTION, ConfirmationError, confirmParam } from '@toolsmith/core';

/**
 * Resolves when the change may go ahead; throws core's ConfirmationError when it may not (nothing
 * has been written). `question` names the change and what cannot be undone, e.g. "Move DEMO-12 to OPS? …".
 */
export async function confirmIrreversible(
  ctx: TrackerCtx,
  tool: string,
  confirm: boolean | undefined,
  question: string,
): Promise<void> {
  if (!ctx.deps.config.confirmDestructive) return;
  await askTheUser(ctx, { tool, question, confirm });
}
