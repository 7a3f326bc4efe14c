/**
 * What moving issues to another queue does, as the question the user confirms (confirmation.ts):
 * the keys, the new queue, and what cannot be undone — a new key (moving back gives yet another),
 * the queue's own components, versions and projects cleared unless kept, the status reset.
 */

/** Keys named in the question of a bulk move; the rest are counted. */
const NAMED = 10;

export function moveQuestion(
  issues: string | readonly string[],
  move: { targetQueueId: string; moveAllFields?: boolean | undefined; initialStatus?: boolean | undefined },
): string {
  const list = typeof issues === 'string' ? [issues] : issues;
  const queue = move.targetQueueId;
  const one = list.length === 1;
  const named =
    list.length <= NAMED
      ? list.join(', ')
      : `${list.slice(0, NAMED).join(', ')} and ${list.length - NAMED} more`;
  const what = one ? named : `${list.length} issues (${named})`;
  const effects = [
    `${one ? 'it gets a new key' : 'each gets a new key'} in ${queue} (moving back gives another new one)`,
    ...(move.moveAllFields ? [] : [`${one ? 'its' : 'their'} components, versions and projects are cleared`]),
    ...(move.initialStatus ? [`${one ? 'its' : 'their'} status is reset to ${queue}'s first`] : []),
  ];
  const last = effects.pop()!;
  const said = effects.length > 0 ? `${effects.join(', ')} and ${last}` : last;
  return `Move ${what} to ${queue}? ${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
}
