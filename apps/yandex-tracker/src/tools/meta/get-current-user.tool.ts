import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toUser, type ApiUser } from '../../api/dto/user-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withAuthGuidance } from './auth-guidance.ts';
import { fieldsOf } from '../shared/params.ts';

const GetCurrentUserParams = lazySchema(() =>
  z.object({
    fields: fieldsOf('uid, login'),
  }),
);

export class GetCurrentUserTool extends TrackerTool<typeof GetCurrentUserParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_current_user', TOOL_PREFIX),
    description: 'The user this server acts as: uid, login, display, email.',
    category: 'meta',
    toolset: 'meta',
    tags: ['me', 'myself', 'current user', 'whoami', 'login', 'uid'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetCurrentUserParams;

  async execute(params: ParamsOf<typeof GetCurrentUserParams>, ctx: TrackerCtx) {
    try {
      const user = await ctx.deps.client.get<ApiUser>('/v3/myself', { signal: ctx.signal });
      return chooseView(params, toUser)(user);
    } catch (error) {
      throw withAuthGuidance(error, ctx.deps.config, ctx.deps.credentials);
    }
  }
}
