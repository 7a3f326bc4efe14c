/**
 * clickup_raw_get: one GET of a ClickUp read endpoint the dedicated tools do not cover, answered with
 * ClickUp's JSON (core's rawGet: the path is checked against the allow-list before anything is sent,
 * and the answer is cut to the output budget). Off by default (toolset `raw`).
 */
import { buildToolName, defineToolMetadata, rawGet, type ParamsOf } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import { CLICKUP_READ_ENDPOINTS } from './read-endpoints.ts';

const raw = rawGet({ endpoints: CLICKUP_READ_ENDPOINTS, example: '/v2/task/86abc123' });

export class RawGetTool extends ClickUpTool<typeof raw.params> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('raw_get', TOOL_PREFIX),
    description: 'Read-only GET of a ClickUp API v2/v3 path no other tool reads; answers its raw JSON.',
    category: 'raw',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = raw.params;

  protected override truncationHint(): string {
    return raw.truncationHint;
  }

  async execute(params: ParamsOf<typeof raw.params>, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    // The client's base URL is the API's /v2; a /v3 path goes to the same host's /v3.
    return raw.read(
      {
        get: (path, options) =>
          client.get(path.startsWith('/v3/') ? client.v3(path.slice(3)) : path.slice(3), options),
      },
      params,
      ctx.signal,
    );
  }
}
