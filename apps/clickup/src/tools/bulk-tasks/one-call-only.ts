import { ValidationError } from '@toolsmith/core';
import type { ClickUpCtx } from '../clickup-context.ts';

/**
 * Refuses items that carry a param given once for the whole call (`list_id`, `team_id`): one list
 * and one workspace per call, said before anything is read.
 */
export function oneCallOnly(
  items: readonly Record<string, unknown>[],
  params: readonly string[],
  where: (index: number, field: string) => string,
  ctx: ClickUpCtx,
): void {
  const issues = items.flatMap((item, index) =>
    params
      .filter((p) => Object.hasOwn(item, p))
      .map((p) => ({
        field: where(index, p),
        message: `is given once for the whole call: move it to the call's ${p} (items for another ${p === 'team_id' ? 'workspace' : 'list'} go in another call). Nothing was written.`,
      })),
  );
  if (issues.length > 0) throw new ValidationError({ toolName: ctx.toolName, issues });
}
