import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { entityIdParam, entityPath, entityTypeParam, withEntityHint } from './entity-params.ts';

const DeleteEntityParams = lazySchema(() =>
  z.object({
    entityType: entityTypeParam(),
    entityId: entityIdParam(),
    withBoard: z.boolean().optional().describe("Also delete a project's board."),
    confirm: confirmParam(),
  }),
);

export class DeleteEntityTool extends TrackerTool<typeof DeleteEntityParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_entity', TOOL_PREFIX),
    description: 'Delete a project, portfolio or goal with its comments and links.',
    category: 'entities',
    toolset: 'entities',
    tags: ['entity', 'project', 'portfolio', 'goal', 'delete', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteEntityParams;

  async execute(params: ParamsOf<typeof DeleteEntityParams>, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete ${params.entityType} ${params.entityId}${params.withBoard ? ' and its board' : ''}? Its comments and links go with it, and it cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(entityPath(params.entityType, params.entityId), {
        ...(params.withBoard !== undefined ? { query: { withBoard: params.withBoard } } : {}),
        signal: ctx.signal,
      });
    } catch (error) {
      throw withEntityHint(error);
    }
    ctx.deps.references.invalidate('entity', params.entityType);
    return { entityType: params.entityType, entityId: params.entityId, deleted: true };
  }
}
