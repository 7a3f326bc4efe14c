import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { atMost, filled, userRef } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { toEntityComment, type ApiEntityComment } from './entity-comments.ts';
import { entityIdParam, entityPath, entityTypeParam, withEntityHint } from './entity-params.ts';

const AddEntityCommentParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
    text: z
      .string()
      .refine((t) => filled(t.trim()), 'Must be at least 1 character long.')
      .refine(atMost(100_000), 'Must be at most 100000 characters long.')
      .describe('Comment (Markdown).'),
    summonees: z
      .array(userRef())
      .refine(atMost(50), 'Must have at most 50 items.')
      .optional()
      .describe('Users to notify: logins or uids.'),
  }),
);

type Params = ParamsOf<typeof AddEntityCommentParams>;

export class AddEntityCommentTool extends TrackerTool<typeof AddEntityCommentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_entity_comment', TOOL_PREFIX),
    description: 'Comment on a project, portfolio or goal. Calling twice posts twice.',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'goal', 'comment', 'mention', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = AddEntityCommentParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    const line = params.text.trim().split('\n')[0]!;
    return {
      done: `the comment was posted on the ${params.entityType}`,
      tool: buildToolName('get_entity_comments', TOOL_PREFIX),
      args: { entityType: params.entityType, entityId: params.entityId },
      lookFor: `a comment of yours starting ${JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line)}`,
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const comment = await ctx.deps.client.post<ApiEntityComment>(
        `${entityPath(params.entityType, params.entityId)}/comments`,
        {
          json: { text: params.text, ...(params.summonees ? { summonees: params.summonees } : {}) },
          signal: ctx.signal,
        },
      );
      return toEntityComment(comment);
    } catch (error) {
      throw withEntityHint(error);
    }
  }
}
