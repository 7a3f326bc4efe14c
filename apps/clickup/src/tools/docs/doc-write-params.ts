/**
 * What the doc writes share: the v3 parent type of a doc's place (research §2.7: 4 space, 5 folder,
 * 6 list, 12 workspace), read from the workspace's hierarchy, and the hint on an unknown doc or page.
 */
import { ValidationError } from '@toolsmith/core';
import { withMissingHint } from '../../api/not-found-hint.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

/** `{id, type}` for Create Doc: the workspace when no parent is given. */
export async function docParent(
  parentId: string | undefined,
  ctx: ClickUpCtx,
): Promise<{ id: string; type: number }> {
  const { client, references } = ctx.deps;
  const teamId = await client.teamId(ctx.signal);
  if (parentId === undefined || parentId === teamId) return { id: teamId, type: 12 };
  for (const archived of [false, true]) {
    const places = await references.hierarchy.get(ctx.signal, { archived });
    if (places.spaces.some((s) => s.id === parentId)) return { id: parentId, type: 4 };
    if (places.folders.some((f) => f.id === parentId)) return { id: parentId, type: 5 };
    if (places.lists.some((l) => l.id === parentId)) return { id: parentId, type: 6 };
  }
  throw new ValidationError({
    toolName: ctx.toolName,
    issues: [
      {
        field: 'parent_id',
        message: `"${parentId.slice(0, 60)}" is not a space, folder or list of workspace ${teamId}. Find one with clickup_get_hierarchy, or omit parent_id for the workspace. Nothing was sent.`,
      },
    ],
  });
}

/** An API "not found" on a doc or page, with where the ids are. */
export const docMissing = (error: unknown) =>
  withMissingHint(
    error,
    'Check doc_id (clickup_search_docs) and the page ids (clickup_get_doc_pages). Nothing was changed.',
  );
