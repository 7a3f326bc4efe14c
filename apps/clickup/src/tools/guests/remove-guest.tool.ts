import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { guestIdParam, guestPath, guestsPlan } from './guest-params.ts';

export const RemoveGuestParams = lazySchema(() =>
  z.object({ guest_id: guestIdParam(), team_id: teamIdParam() }),
);

export class RemoveGuestTool extends ClickUpTool<typeof RemoveGuestParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_guest', TOOL_PREFIX),
    description: 'Remove a guest from the workspace, with their access to everything.',
    category: 'guests',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = RemoveGuestParams;

  async execute({ guest_id }: ParamsOf<typeof RemoveGuestParams>, ctx: ClickUpCtx) {
    await guestsPlan(ctx, async () =>
      ctx.deps.client.delete(await guestPath(ctx, `/${guest_id}`), { signal: ctx.signal }),
    );
    ctx.deps.references.changed('member');
    return { removed: guest_id };
  }
}
