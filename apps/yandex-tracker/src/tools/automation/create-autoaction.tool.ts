import {
  buildToolName,
  custom,
  defineToolMetadata,
  duration,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { filled, queueIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  actionsParam,
  AUTOACTION_ACTIONS,
  automationNameParam,
  automationPath,
  checkActions,
  toAutomation,
  automationError,
  type ApiAutomation,
} from './automation-params.ts';

const CreateAutoactionParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    name: automationNameParam(),
    query: custom(z.string().refine(filled, 'Must be at least 1 character long.'), 'yql').describe(
      'YQL of its issues.',
    ),
    actions: actionsParam(),
    every: duration().optional().describe('How often, e.g. 1h (default).'),
    active: z.boolean().optional().describe('Default true.'),
  }),
);

type Params = ParamsOf<typeof CreateAutoactionParams>;

export class CreateAutoactionTool extends TrackerTool<typeof CreateAutoactionParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_autoaction', TOOL_PREFIX),
    description: 'Create a scheduled queue auto-action (admin).',
    category: 'automation',
    toolset: 'automation',
    tags: ['automation', 'autoaction', 'schedule', 'rule', 'queue', 'create', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateAutoactionParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: `the auto-action was created in ${params.queueId}`,
      tool: buildToolName('get_automations', TOOL_PREFIX),
      args: { queueId: params.queueId, kind: 'autoactions' },
      lookFor: `an auto-action named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    if (params.every !== undefined && params.every.ms < 60_000) {
      throw refuse(
        this.name,
        'every',
        `${params.every.text} is too often: at least 1 minute (the default is 1h). Nothing was sent.`,
      );
    }
    const actions = await checkActions(ctx, this.name, params.actions, AUTOACTION_ACTIONS);
    try {
      const autoaction = await ctx.deps.client.post<ApiAutomation>(
        automationPath(params.queueId, 'autoactions'),
        {
          json: {
            name: params.name,
            query: params.query,
            actions,
            ...(params.every !== undefined ? { intervalMillis: params.every.ms } : {}),
            ...(params.active !== undefined ? { active: params.active } : {}),
          },
          signal: ctx.signal,
        },
      );
      return toAutomation(autoaction);
    } catch (error) {
      throw await automationError(ctx, error, params.queueId);
    }
  }
}
