import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import {
  assertComponentAccess,
  componentIdParam,
  componentPath,
  withComponentHint,
} from './component-access.ts';

const DeleteComponentParams = lazySchema(() =>
  z.object({
    componentId: componentIdParam(),
    confirm: confirmParam(),
  }),
);

type Params = ParamsOf<typeof DeleteComponentParams>;

export class DeleteComponentTool extends TrackerTool<typeof DeleteComponentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_component', TOOL_PREFIX),
    description: 'Delete a component; issues lose it.',
    category: 'components',
    toolset: 'components',
    tags: ['component', 'delete', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteComponentParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertComponentAccess(ctx, params.componentId, true);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete component ${params.componentId}? Its issues lose it, and it cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(componentPath(params.componentId), { signal: ctx.signal });
    } catch (error) {
      throw withComponentHint(error);
    }
    ctx.deps.references.invalidate('component');
    return { componentId: params.componentId, deleted: true };
  }
}
