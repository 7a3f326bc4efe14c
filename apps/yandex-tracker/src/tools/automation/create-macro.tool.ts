import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { queueIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  automationNameParam,
  automationPath,
  toAutomation,
  automationError,
  type ApiAutomation,
} from './automation-params.ts';

const CreateMacroParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    name: automationNameParam(),
    body: z.string().optional().describe('Comment it posts.'),
    issueUpdate: z
      .record(z.string(), z.unknown().nullable())
      .optional()
      .describe('Field → value, e.g. {"tags": {"add": ["x"]}}.'),
  }),
);

type Params = ParamsOf<typeof CreateMacroParams>;

export class CreateMacroTool extends TrackerTool<typeof CreateMacroParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_macro', TOOL_PREFIX),
    description: 'Create a macro in a queue (admin): a comment and field changes.',
    category: 'automation',
    toolset: 'automation',
    tags: ['automation', 'macro', 'template', 'queue', 'create', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateMacroParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: `the macro was created in ${params.queueId}`,
      tool: buildToolName('get_automations', TOOL_PREFIX),
      args: { queueId: params.queueId, kind: 'macros' },
      lookFor: `a macro named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    if (params.body === undefined && params.issueUpdate === undefined) {
      throw refuse(
        this.name,
        'body',
        'A macro with neither `body` nor `issueUpdate` does nothing: pass one. Nothing was sent.',
      );
    }
    if (params.issueUpdate && 'status' in params.issueUpdate) {
      throw refuse(
        this.name,
        'issueUpdate.status',
        'A status cannot be set by a macro (it is read-only; statuses change through transitions): use a trigger with a Transition action. Nothing was sent.',
      );
    }
    try {
      const macro = await ctx.deps.client.post<ApiAutomation>(automationPath(params.queueId, 'macros'), {
        json: {
          name: params.name,
          ...(params.body !== undefined ? { body: params.body } : {}),
          ...(params.issueUpdate !== undefined ? { issueUpdate: params.issueUpdate } : {}),
        },
        signal: ctx.signal,
      });
      return toAutomation(macro);
    } catch (error) {
      throw await automationError(ctx, error, params.queueId);
    }
  }
}
