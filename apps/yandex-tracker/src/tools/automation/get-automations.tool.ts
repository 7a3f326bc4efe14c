import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { listLocal } from '../shared/list-result.ts';
import { queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  AUTOMATION_KINDS,
  automationPath,
  toAutomation,
  toAutomationSummary,
  automationError,
  type ApiAutomation,
} from './automation-params.ts';

const GetAutomationsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    kind: z.enum(AUTOMATION_KINDS).describe('What to read.'),
    automationId: z.number().int().positive().optional().describe('One, in full; omit to list.'),
  }),
);

type Params = ParamsOf<typeof GetAutomationsParams>;

export class GetAutomationsTool extends TrackerTool<typeof GetAutomationsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_automations', TOOL_PREFIX),
    description: "A queue's macros, triggers or auto-actions.",
    category: 'automation',
    toolset: 'automation',
    tags: ['automation', 'macro', 'trigger', 'autoaction', 'rule', 'queue', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetAutomationsParams;

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      if (params.automationId !== undefined) {
        const one = await ctx.deps.client.get<ApiAutomation>(
          automationPath(params.queueId, params.kind, params.automationId),
          { signal: ctx.signal },
        );
        return toAutomation(one);
      }
      const all = await ctx.deps.client.get<ApiAutomation[]>(automationPath(params.queueId, params.kind), {
        signal: ctx.signal,
      });
      const list = Array.isArray(all) ? all : [];
      return listLocal(this.name, { perPage: Math.max(1, list.length) }, list, toAutomationSummary);
    } catch (error) {
      throw await automationError(ctx, error, params.queueId);
    }
  }
}
