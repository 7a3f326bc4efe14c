import { buildToolName, custom, defineToolMetadata, lazySchema, ref, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { guestIdParam, guestsPlan, toGuestView, type ApiGuest } from './guest-params.ts';
import { guestPlacePath } from './guest-place.ts';

export const UnshareWithGuestParams = lazySchema(() =>
  z.object({
    guest_id: guestIdParam(),
    task_id: custom(z.string(), 'task').optional(),
    list_id: ref('list').optional(),
    folder_id: ref('folder').optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof UnshareWithGuestParams>;

export class UnshareWithGuestTool extends ClickUpTool<typeof UnshareWithGuestParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('unshare_with_guest', TOOL_PREFIX),
    description: "Take a guest's access to one task, list or folder away.",
    category: 'guests',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UnshareWithGuestParams;

  async execute(params: Params, ctx: ClickUpCtx) {
    const { path, query } = await guestPlacePath(ctx, params, params.guest_id);
    const { guest } = await guestsPlan(ctx, () =>
      ctx.deps.client.delete<{ guest: ApiGuest }>(path, { query, signal: ctx.signal }),
    );
    return toGuestView(guest);
  }
}
