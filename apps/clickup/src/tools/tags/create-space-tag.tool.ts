import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { spaceIdParam, teamIdParam } from '../shared/params.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';

const colorParam = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'a colour is hex, e.g. "#e50000"');

export const CreateSpaceTagParams = lazySchema(() =>
  z.object({
    space_id: spaceIdParam(),
    name: z.string().trim().min(1).max(100).describe('Tag name'),
    fg: colorParam.optional().describe('Text colour, e.g. "#ffffff"'),
    bg: colorParam.optional().describe('Background colour, e.g. "#e50000"'),
    team_id: teamIdParam(),
  }),
);

export class CreateSpaceTagTool extends ClickUpTool<typeof CreateSpaceTagParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_space_tag', TOOL_PREFIX),
    description: "Create a tag in a Space, so that the Space's tasks can carry it.",
    category: 'tags',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateSpaceTagParams;

  protected override outcomeCheck({ space_id, name }: ParamsOf<typeof CreateSpaceTagParams>): OutcomeCheck {
    return {
      done: 'the tag was created',
      tool: buildToolName('get_space_tags', TOOL_PREFIX),
      args: { space_id },
      lookFor: `a tag named ${JSON.stringify(name)}`,
    };
  }

  async execute({ space_id, name, fg, bg }: ParamsOf<typeof CreateSpaceTagParams>, ctx: ClickUpCtx) {
    await hintOnNotFound(
      ctx.deps.client.post(`/space/${encodeURIComponent(space_id)}/tag`, {
        json: { tag: { name, ...(fg ? { tag_fg: fg } : {}), ...(bg ? { tag_bg: bg } : {}) } },
        signal: ctx.signal,
      }),
      "Check the Space id: a task's Space is in clickup_get_task's answer.",
    );
    ctx.deps.references.changed('tag');
    return { created: name, spaceId: space_id };
  }
}
