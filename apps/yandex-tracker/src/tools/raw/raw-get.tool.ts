/**
 * tracker_raw_get: one GET of a Tracker read endpoint the dedicated tools do not cover, answered with
 * Tracker's JSON (core's rawGet: the path is checked against the allow-list before anything is sent,
 * and the answer is cut to the output budget). Off by default (toolset `raw`).
 */
import { buildToolName, defineToolMetadata, rawGet, type ParamsOf } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { TRACKER_READ_ENDPOINTS } from './read-endpoints.ts';

const raw = rawGet({ endpoints: TRACKER_READ_ENDPOINTS, example: '/v3/issues/DEMO-1' });

export class RawGetTool extends TrackerTool<typeof raw.params> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('raw_get', TOOL_PREFIX),
    description: 'Read-only GET of a Tracker /v2 or /v3 API path no other tool reads; answers raw JSON.',
    category: 'raw',
    toolset: 'raw',
    tags: ['raw', 'api', 'get', 'read', 'endpoint'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = raw.params;

  protected override truncationHint(): string {
    return raw.truncationHint;
  }

  async execute(params: ParamsOf<typeof raw.params>, ctx: TrackerCtx) {
    return raw.read(ctx.deps.client, params, ctx.signal);
  }
}
