import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTagView, type ApiTag } from '../../api/dto/tag-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { colorParam, spaceTagParam, spaceTagPath, tagsOfSpace } from './space-tag-params.ts';

export const UpdateSpaceTagParams = lazySchema(() =>
  z.object({
    space_id: spaceIdParam(),
    tag: spaceTagParam(),
    name: z.string().trim().min(1).max(100).optional().describe('New name'),
    fg: colorParam().optional().describe('Text colour'),
    bg: colorParam().optional().describe('Background colour'),
    team_id: teamIdParam(),
  }),
);

export class UpdateSpaceTagTool extends ClickUpTool<typeof UpdateSpaceTagParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_space_tag', TOOL_PREFIX),
    description: "Rename or recolour a Space tag; the Space's tasks that carry it keep it.",
    category: 'tags',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateSpaceTagParams;

  /** The tag as ClickUp has it, read by the checks: the write sends all of it (name and colours). */
  readonly #current = new WeakMap<object, ApiTag>();

  protected override async beforeExecute(params: ParamsOf<typeof UpdateSpaceTagParams>, ctx: ClickUpCtx) {
    const refuse = (field: string, message: string): never => {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field, message: `${message} Nothing was sent.` }],
      });
    };
    if (params.name === undefined && params.fg === undefined && params.bg === undefined) {
      refuse('name', 'nothing to change: give a new name, fg or bg.');
    }
    const tags = await tagsOfSpace(ctx, params.space_id);
    const current = tags.find((t) => t.name.toLowerCase() === params.tag.toLowerCase());
    if (!current)
      refuse(
        'tag',
        `Space ${params.space_id} has no tag "${params.tag}" any more. List its tags with clickup_get_space_tags.`,
      );
    const wanted = params.name?.toLowerCase();
    if (
      wanted !== undefined &&
      wanted !== current!.name.toLowerCase() &&
      tags.some((t) => t.name.toLowerCase() === wanted)
    ) {
      refuse(
        'name',
        `Space ${params.space_id} already has a tag "${params.name}". Give another name, or delete one of the two with clickup_delete_space_tag.`,
      );
    }
    this.#current.set(params, current!);
    await super.beforeExecute(params, ctx);
  }

  async execute(params: ParamsOf<typeof UpdateSpaceTagParams>, ctx: ClickUpCtx) {
    const { space_id, tag, name, fg, bg } = params;
    const current = this.#current.get(params) ?? { name: tag };
    const next = {
      name: name ?? current.name,
      fg_color: fg ?? current.tag_fg ?? '#000000',
      bg_color: bg ?? current.tag_bg ?? '#d3d3d3',
    };
    await ctx.deps.client.put(spaceTagPath(space_id, current.name), {
      json: { tag: next },
      signal: ctx.signal,
    });
    ctx.deps.references.changed('tag');
    return {
      spaceId: space_id,
      ...(next.name.toLowerCase() !== current.name.toLowerCase() ? { renamedFrom: current.name } : {}),
      tag: toTagView({ name: next.name.toLowerCase(), tag_fg: next.fg_color, tag_bg: next.bg_color }),
    };
  }
}
