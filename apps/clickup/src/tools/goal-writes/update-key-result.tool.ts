import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import type { ApiKeyResult } from '../../api/dto/goal-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { keyResultIdParam, keyResultMissing, toKeyResultView } from './key-result-params.ts';

export const UpdateKeyResultParams = lazySchema(() =>
  z.object({
    key_result_id: keyResultIdParam(),
    current: z.number().optional().describe('Where it stands now (boolean: 1 done, 0 not)'),
    note: z.string().trim().min(1).optional().describe('Why it moved'),
    name: z.string().trim().min(1).optional().describe('New name'),
    team_id: teamIdParam(),
  }),
);

export class UpdateKeyResultTool extends ClickUpTool<typeof UpdateKeyResultParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_key_result', TOOL_PREFIX),
    description: "Record a key result's progress (current value, with a note) or rename it.",
    category: 'goals',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateKeyResultParams;

  protected override beforeExecute(params: ParamsOf<typeof UpdateKeyResultParams>, ctx: ClickUpCtx) {
    if (params.current === undefined && params.note === undefined && params.name === undefined) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          { field: 'current', message: 'nothing to change: give current, note or name. Nothing was sent.' },
        ],
      });
    }
    return super.beforeExecute(params, ctx);
  }

  async execute(
    { key_result_id, current, note, name }: ParamsOf<typeof UpdateKeyResultParams>,
    ctx: ClickUpCtx,
  ) {
    try {
      const { key_result } = await ctx.deps.client.put<{ key_result: ApiKeyResult }>(
        `/key_result/${encodeURIComponent(key_result_id)}`,
        {
          json: {
            ...(current !== undefined ? { steps_current: current } : {}),
            ...(note !== undefined ? { note } : {}),
            ...(name !== undefined ? { name } : {}),
          },
          signal: ctx.signal,
        },
      );
      ctx.deps.references.changed('goal');
      return toKeyResultView(key_result);
    } catch (error) {
      throw keyResultMissing(error);
    }
  }
}
