import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { atMost, queueIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  actionsParam,
  automationNameParam,
  automationPath,
  checkActions,
  toAutomation,
  TRIGGER_ACTIONS,
  automationError,
  type ApiAutomation,
} from './automation-params.ts';

const CreateTriggerParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    name: automationNameParam(),
    actions: actionsParam(),
    conditions: z
      .array(z.record(z.string(), z.unknown()))
      .refine(atMost(20), 'Must have at most 20 items.')
      .optional()
      .describe('[{"type": "CommentStringMatchCondition", "word": "x"}]'),
    active: z.boolean().optional().describe('Default true.'),
  }),
);

type Params = ParamsOf<typeof CreateTriggerParams>;

export class CreateTriggerTool extends TrackerTool<typeof CreateTriggerParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_trigger', TOOL_PREFIX),
    description: 'Create a queue trigger (admin): actions on issue changes.',
    category: 'automation',
    toolset: 'automation',
    tags: ['automation', 'trigger', 'rule', 'queue', 'create', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateTriggerParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: `the trigger was created in ${params.queueId}`,
      tool: buildToolName('get_automations', TOOL_PREFIX),
      args: { queueId: params.queueId, kind: 'triggers' },
      lookFor: `a trigger named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const actions = await checkActions(ctx, this.name, params.actions, TRIGGER_ACTIONS);
    const conditions = params.conditions ?? [];
    const untyped = conditions.findIndex((c) => typeof c['type'] !== 'string');
    if (untyped !== -1) {
      throw refuse(
        this.name,
        `conditions.${untyped}.type`,
        'Each condition needs a `type`, e.g. "CommentStringMatchCondition" with "word", or "Or"/"And" with "conditions". Nothing was sent.',
      );
    }
    try {
      const trigger = await ctx.deps.client.post<ApiAutomation>(automationPath(params.queueId, 'triggers'), {
        json: {
          name: params.name,
          actions,
          ...(params.conditions !== undefined ? { conditions } : {}),
          ...(params.active !== undefined ? { active: params.active } : {}),
        },
        signal: ctx.signal,
      });
      return toAutomation(trigger);
    } catch (error) {
      throw await automationError(ctx, error, params.queueId);
    }
  }
}
