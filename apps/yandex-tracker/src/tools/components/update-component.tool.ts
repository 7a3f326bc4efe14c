import {
  buildToolName,
  defineToolMetadata,
  emptyMeans,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toComponent, type ApiComponent } from '../../api/dto/component-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, nameParam, userIdParam, versionParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import {
  assertComponentAccess,
  componentIdParam,
  componentPath,
  withComponentHint,
} from './component-access.ts';

const CHANGES = ['name', 'description', 'lead', 'assignAuto'] as const;

const UpdateComponentParams = lazySchema(() =>
  z.object({
    componentId: componentIdParam(),
    version: versionParam,
    name: nameParam('Name, unique in the queue.'),
    description: emptyMeans(
      z.string().refine(atMost(10_000), 'Must be at most 10000 characters long.').optional(),
      'clear',
    ).describe('Description.'),
    lead: userIdParam.optional().describe('Owner: login or uid.'),
    assignAuto: z.boolean().optional().describe('Auto-assign its new issues to the lead.'),
  }),
);

type Params = ParamsOf<typeof UpdateComponentParams>;

export class UpdateComponentTool extends TrackerTool<typeof UpdateComponentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_component', TOOL_PREFIX),
    description: 'Change a component; only the given fields change.',
    category: 'components',
    toolset: 'components',
    tags: ['component', 'update', 'edit', 'rename', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateComponentParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertComponentAccess(ctx, params.componentId, true);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const body: Record<string, unknown> = {};
    for (const key of CHANGES) if (params[key] !== undefined) body[key] = params[key];
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        issues: [
          {
            field: '',
            message: `says nothing to change. Pass at least one of ${CHANGES.map((c) => `\`${c}\``).join(', ')}.`,
          },
        ],
      });
    }
    try {
      const component = await ctx.deps.client.patch<ApiComponent>(componentPath(params.componentId), {
        json: body,
        ...(params.version !== undefined ? { query: { version: params.version } } : {}),
        signal: ctx.signal,
      });
      if (params.name !== undefined) ctx.deps.references.invalidate('component');
      return toComponent(component);
    } catch (error) {
      throw withComponentHint(error);
    }
  }
}
