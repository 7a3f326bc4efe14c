import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { keyResultIdParam, keyResultMissing } from './key-result-params.ts';

export const DeleteKeyResultParams = lazySchema(() =>
  z.object({ key_result_id: keyResultIdParam(), team_id: teamIdParam() }),
);

export class DeleteKeyResultTool extends ClickUpTool<typeof DeleteKeyResultParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_key_result', TOOL_PREFIX),
    description: 'Delete a key result from its goal.',
    category: 'goals',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteKeyResultParams;

  async execute({ key_result_id }: ParamsOf<typeof DeleteKeyResultParams>, ctx: ClickUpCtx) {
    try {
      await ctx.deps.client.delete(`/key_result/${encodeURIComponent(key_result_id)}`, {
        signal: ctx.signal,
      });
    } catch (error) {
      throw keyResultMissing(error);
    }
    ctx.deps.references.changed('goal');
    return { deleted: key_result_id };
  }
}
