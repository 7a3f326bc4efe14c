/** Params the tag tools share, and the lookups behind "did you mean" for a tag name. */
import { closestMatches, NotFoundError, ref } from '@toolsmith/core';
import type { ApiTag } from '../../api/dto/tag-view.ts';
import type { ApiTask } from '../../api/dto/task-view.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

/** A tag of the task's Space (ref('tag'): names in any case; one the Space lacks is refused). */
export const tagNameParam = () => ref('tag').describe('Tag name (a tag of the Space)');

/** A tag the task carries (ref('tag') scoped to the task's own tags). */
export const carriedTagParam = () =>
  ref('tag', {
    scope: (params) => (typeof params['task_id'] === 'string' ? `carried:${params['task_id']}` : undefined),
  }).describe('Tag name (one the task carries)');

export const tagPath = (name: string) => `/tag/${encodeURIComponent(name)}`;

/** The task's Space tags (the ones that may be added to it), read after ClickUp refused a tag. */
export async function spaceTagsOfTask(
  ctx: ClickUpCtx,
  taskRef: string,
): Promise<{ spaceId: string; tags: string[] }> {
  const { path, query } = await ctx.deps.client.task(taskRef, '', ctx.signal);
  const task = await ctx.deps.client.get<ApiTask>(path, { query, signal: ctx.signal });
  const spaceId = task.space?.id ?? '';
  const { tags } = await ctx.deps.client.get<{ tags: ApiTag[] }>(
    `/space/${encodeURIComponent(spaceId)}/tag`,
    {
      signal: ctx.signal,
    },
  );
  return { spaceId, tags: tags.map((t) => t.name) };
}

/** "No tag X": the tags there are, the closest ones first, and how to make a new one. */
export function unknownTag(tag: string, where: string, known: string[], remedy: string): NotFoundError {
  return new NotFoundError({
    message: `${where} has no tag "${tag}". ${
      known.length > 0
        ? `Its tags: ${known.slice(0, 30).join(', ')}${known.length > 30 ? ', …' : ''}.`
        : 'It has no tags.'
    } ${remedy}`,
    resource: 'tag',
    id: tag,
    suggestions: closestMatches(tag, known),
  });
}
