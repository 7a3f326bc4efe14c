import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import type { ApiKeyResult } from '../../api/dto/goal-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { memberParam, teamIdParam } from '../shared/params.ts';
import { goalIdParam, goalMissing } from '../goals/goal-params.ts';
import { KEY_RESULT_TYPES, toKeyResultView } from './key-result-params.ts';

export const CreateKeyResultParams = lazySchema(() =>
  z.object({
    goal_id: goalIdParam(),
    name: z.string().trim().min(1),
    type: z.enum(KEY_RESULT_TYPES).describe('boolean: done or not'),
    start: z.number().optional().describe('Default 0'),
    target: z.number().optional().describe('Not for boolean'),
    unit: z.string().optional().describe('e.g. "min"'),
    owners: z.array(memberParam()).optional().describe('Members: id, e-mail or "me"'),
    team_id: teamIdParam(),
  }),
);

export class CreateKeyResultTool extends ClickUpTool<typeof CreateKeyResultParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_key_result', TOOL_PREFIX),
    description: 'Add a measurable key result to a goal.',
    category: 'goals',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateKeyResultParams;

  protected override beforeExecute(params: ParamsOf<typeof CreateKeyResultParams>, ctx: ClickUpCtx) {
    const refuse = (field: string, message: string) =>
      new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field, message: `${message} Nothing was sent.` }],
      });
    if (params.type !== 'boolean' && params.target === undefined) {
      throw refuse('target', `is required for a ${params.type} key result: the value that means done.`);
    }
    if (params.type === 'boolean' && (params.start !== undefined || params.target !== undefined)) {
      throw refuse(
        params.start !== undefined ? 'start' : 'target',
        'a boolean key result is done or not: leave start and target out.',
      );
    }
    return super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck({ goal_id, name }: ParamsOf<typeof CreateKeyResultParams>): OutcomeCheck {
    return {
      done: 'the key result was created',
      tool: buildToolName('get_goal', TOOL_PREFIX),
      args: { goal_id },
      lookFor: `a key result named ${JSON.stringify(name)}`,
    };
  }

  async execute(params: ParamsOf<typeof CreateKeyResultParams>, ctx: ClickUpCtx) {
    const { goal_id, name, type, start = 0, target, unit = '', owners = [] } = params;
    try {
      const { key_result } = await ctx.deps.client.post<{ key_result: ApiKeyResult }>(
        `/goal/${encodeURIComponent(goal_id)}/key_result`,
        {
          json: {
            name,
            type,
            owners,
            steps_start: type === 'boolean' ? 0 : start,
            steps_end: type === 'boolean' ? 1 : target,
            unit,
          },
          signal: ctx.signal,
        },
      );
      return toKeyResultView(key_result);
    } catch (error) {
      throw goalMissing(error);
    }
  }
}
