/** What the Space tag edits share: the tag by its name in the Space, colours, and the Space's tags. */
import { ref } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiTag } from '../../api/dto/tag-view.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { tagPath } from '../tags/tag-params.ts';

/** A tag of the call's Space (`ref('tag')` scoped by space_id: any case; one it lacks is refused). */
export const spaceTagParam = () => ref('tag').describe('The tag, by its current name');

export const colorParam = () => z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'a colour is hex, e.g. "#e50000"');

export const spaceTagPath = (spaceId: string, name: string) =>
  `/space/${encodeURIComponent(spaceId)}${tagPath(name)}`;

/** The Space's tags as ClickUp has them now (not the references' cached names). */
export async function tagsOfSpace(ctx: ClickUpCtx, spaceId: string): Promise<ApiTag[]> {
  const { tags } = await ctx.deps.client.get<{ tags: ApiTag[] }>(
    `/space/${encodeURIComponent(spaceId)}/tag`,
    {
      signal: ctx.signal,
    },
  );
  return tags;
}
