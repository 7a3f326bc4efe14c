import {
  buildToolName,
  defineToolMetadata,
  emptyMeans,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { entityName } from '../boards/board-writes.ts';
import { atMost, dateParam, versionParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  assertVersionAccess,
  toVersion,
  versionIdParam,
  versionPath,
  withVersionHint,
  type ApiVersion,
  assertDueAfterStart,
} from './version-view.ts';

const CHANGES = ['name', 'description', 'startDate', 'dueDate', 'released', 'archived'] as const;

const UpdateVersionParams = lazySchema(() =>
  z.object({
    versionId: versionIdParam(),
    version: versionParam,
    name: entityName('New name.').optional(),
    description: emptyMeans(
      z.string().refine(atMost(10_000), 'Must be at most 10000 characters long.').optional(),
      'clear',
    ).describe('Description.'),
    startDate: dateParam().optional(),
    dueDate: dateParam('Release day.').optional(),
    released: z.boolean().optional().describe('Released.'),
    archived: z.boolean().optional().describe('Archived.'),
  }),
);

type Params = ParamsOf<typeof UpdateVersionParams>;

export class UpdateVersionTool extends TrackerTool<typeof UpdateVersionParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_version', TOOL_PREFIX),
    description: 'Change a queue version; only given fields change.',
    category: 'versions',
    toolset: 'versions',
    tags: ['version', 'release', 'update', 'rename', 'archive', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateVersionParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    assertDueAfterStart(this.name, params.startDate?.date, params.dueDate?.date);
    await assertVersionAccess(ctx, params.versionId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const body: Record<string, unknown> = {};
    for (const key of CHANGES) {
      const value = params[key];
      if (value === undefined) continue;
      body[key] = typeof value === 'object' && value !== null && 'date' in value ? value.date : value;
    }
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: '',
            message: `says nothing to change. Pass at least one of ${CHANGES.map((c) => `\`${c}\``).join(', ')}.`,
          },
        ],
      });
    }
    try {
      const updated = await ctx.deps.client.patch<ApiVersion>(versionPath(params.versionId), {
        json: body,
        ...(params.version !== undefined ? { query: { version: params.version } } : {}),
        signal: ctx.signal,
      });
      return toVersion(updated);
    } catch (error) {
      throw withVersionHint(error);
    }
  }
}
