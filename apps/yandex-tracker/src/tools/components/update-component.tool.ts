import { buildToolName, defineToolMetadata, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toComponent, type ApiComponent } from '../../api/dto/component-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import {
  assertComponentAccess,
  componentIdParam,
  componentPath,
  withComponentHint,
} from './component-access.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CHANGES = ['name', 'description', 'lead', 'assignAuto'] as const;

const UpdateComponentParams = lazySchema(() =>
  z.object({
    componentId: componentIdParam,
    version: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'The component `version` you read (tracker_get_components); the change is refused if it changed since, e.g. 2.',
      ),
    name: z.string().trim().min(1).max(200).optional().describe('New name, unique in the queue, e.g. "API".'),
    description: z.string().max(10_000).optional().describe('New description, e.g. "Public REST API".'),
    lead: userIdParam.optional().describe('New owner: login or uid, e.g. "dave".'),
    assignAuto: z
      .boolean()
      .optional()
      .describe('Assign new issues with this component to its lead automatically, e.g. false.'),
  }),
);

type Params = z.output<ReturnType<typeof UpdateComponentParams>>;

export class UpdateComponentTool extends TrackerTool<ReturnType<typeof UpdateComponentParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_component', TOOL_PREFIX),
    title: 'Update component',
    description:
      'Change a component’s name, description, owner or auto-assignment. Only the given fields change. Pass `version` from tracker_get_components to refuse overwriting someone else’s change.',
    category: 'components',
    toolset: 'components',
    tags: ['component', 'update', 'edit', 'rename', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return UpdateComponentParams();
  }

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
      return toComponent(component);
    } catch (error) {
      throw withComponentHint(error);
    }
  }
}
