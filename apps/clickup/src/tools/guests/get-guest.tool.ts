import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { guestIdParam, guestPath, guestsPlan, toGuestView, type ApiGuest } from './guest-params.ts';

export const GetGuestParams = lazySchema(() =>
  z.object({ guest_id: guestIdParam(), team_id: teamIdParam() }),
);

export class GetGuestTool extends ClickUpTool<typeof GetGuestParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_guest', TOOL_PREFIX),
    description: "A guest's permissions and the tasks, lists and folders shared with them.",
    category: 'guests',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetGuestParams;

  async execute({ guest_id }: ParamsOf<typeof GetGuestParams>, ctx: ClickUpCtx) {
    const { guest } = await guestsPlan(ctx, async () =>
      ctx.deps.client.get<{ guest: ApiGuest }>(await guestPath(ctx, `/${guest_id}`), { signal: ctx.signal }),
    );
    return toGuestView(guest);
  }
}
