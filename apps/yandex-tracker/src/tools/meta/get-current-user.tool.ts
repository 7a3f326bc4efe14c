import { buildToolName, defineToolMetadata, fieldsParam } from '@toolsmith/core';
import { z } from 'zod';
import { toUser, type ApiUser } from '../../api/dto/user-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { chooseView, type TrackerCtx } from '../shared/list-result.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withAuthGuidance } from './auth-guidance.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const GetCurrentUserParams = lazySchema(() =>
  z.object({
    fields: fieldsParam({ description: 'Dot paths to return, e.g. uid, login, display.' }),
  }),
);

export class GetCurrentUserTool extends TrackerTool<ReturnType<typeof GetCurrentUserParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_current_user', TOOL_PREFIX),
    title: 'Get current user',
    description:
      'Who this server acts as (the token owner): { uid, login, display, email, dismissed }. Use `login` for "me" in assignees and mentions, `uid` for worklog search.',
    category: 'meta',
    toolset: 'meta',
    tags: ['me', 'myself', 'current user', 'whoami', 'login', 'uid'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return GetCurrentUserParams();
  }

  async execute(params: z.output<ReturnType<typeof GetCurrentUserParams>>, ctx: TrackerCtx) {
    try {
      const user = await ctx.deps.client.get<ApiUser>('/v3/myself', { signal: ctx.signal });
      return chooseView(params, toUser)(user);
    } catch (error) {
      throw withAuthGuidance(error, ctx.deps.config);
    }
  }
}
