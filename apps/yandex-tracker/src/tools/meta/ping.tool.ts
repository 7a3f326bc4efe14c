import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiUser } from '../../api/dto/user-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { orgInUse, withAuthGuidance } from './auth-guidance.ts';

const PingParams = lazySchema(() => z.object({}));

export class PingTool extends TrackerTool<typeof PingParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('ping', TOOL_PREFIX),
    title: 'Check the Tracker connection',
    description:
      'Check the token and organisation, or say which setting to fix. Call it when tools fail with 401 or 403.',
    category: 'meta',
    toolset: 'meta',
    priority: 'high',
    isHelper: true,
    tags: ['ping', 'health', 'connection', 'auth', 'token', 'organisation', 'check'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = PingParams;

  async execute(_params: ParamsOf<typeof PingParams>, ctx: TrackerCtx) {
    let user: ApiUser;
    try {
      user = await ctx.deps.client.get<ApiUser>('/v3/myself', { signal: ctx.signal });
    } catch (error) {
      throw withAuthGuidance(error, ctx.deps.config, ctx.deps.credentials);
    }
    const org = orgInUse(ctx.deps.config);
    return {
      ok: true,
      user: { uid: String(user.uid), login: user.login, display: user.display ?? user.login },
      ...(org ? { organisation: org } : {}),
    };
  }
}
