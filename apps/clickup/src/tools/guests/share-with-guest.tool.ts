import { buildToolName, custom, defineToolMetadata, lazySchema, ref, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { guestIdParam, guestsPlan, toGuestView, type ApiGuest } from './guest-params.ts';
import { guestPlacePath } from './guest-place.ts';

export const ShareWithGuestParams = lazySchema(() =>
  z.object({
    guest_id: guestIdParam(),
    task_id: custom(z.string(), 'task').optional(),
    list_id: ref('list').optional(),
    folder_id: ref('folder').optional(),
    permission: z.enum(['read', 'comment', 'edit', 'create']),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof ShareWithGuestParams>;

export class ShareWithGuestTool extends ClickUpTool<typeof ShareWithGuestParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('share_with_guest', TOOL_PREFIX),
    description: 'Share a task, list or folder with a guest.',
    category: 'guests',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = ShareWithGuestParams;

  async execute(params: Params, ctx: ClickUpCtx) {
    const { path, query } = await guestPlacePath(ctx, params, params.guest_id);
    const { guest } = await guestsPlan(ctx, () =>
      ctx.deps.client.post<{ guest: ApiGuest }>(path, {
        query,
        json: { permission_level: params.permission },
        signal: ctx.signal,
        // The same share twice is the same share.
        idempotent: true,
      }),
    );
    return toGuestView(guest);
  }
}
