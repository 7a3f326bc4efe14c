import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toQueuePermissions, type ApiPermissions } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from './queue-hints.ts';

const GetQueuePermissionsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam.describe('Queue key, e.g. DEMO.'),
  }),
);

export class GetQueuePermissionsTool extends TrackerTool<typeof GetQueuePermissionsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_queue_permissions', TOOL_PREFIX),
    description: 'Who may create, write, read and grant in a queue.',
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'permissions', 'access', 'rights', 'roles', 'groups'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetQueuePermissionsParams;

  async execute(params: ParamsOf<typeof GetQueuePermissionsParams>, ctx: TrackerCtx) {
    try {
      const permissions = await ctx.deps.client.get<ApiPermissions>(
        `/v2/queues/${encodeURIComponent(params.queueId)}/permissions`,
        { signal: ctx.signal },
      );
      return toQueuePermissions(params.queueId, permissions);
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
  }
}
