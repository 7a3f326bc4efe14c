import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { guestPath, guestsPlan, permissionParams } from './guest-params.ts';

export const InviteGuestParams = lazySchema(() =>
  z.object({ email: z.email(), ...permissionParams(), team_id: teamIdParam() }),
);

type Params = ParamsOf<typeof InviteGuestParams>;

export class InviteGuestTool extends ClickUpTool<typeof InviteGuestParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('invite_guest', TOOL_PREFIX),
    description: 'Invite a guest by e-mail; then share items with clickup_share_with_guest.',
    category: 'guests',
    // A second invitation of the same e-mail is refused by ClickUp: it never makes two guests.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = InviteGuestParams;

  async execute({ team_id: _team, email, ...permissions }: Params, ctx: ClickUpCtx) {
    const { team } = await guestsPlan(ctx, async () =>
      ctx.deps.client.post<{ team: { members: { user: { id: number; email?: string | null } }[] } }>(
        await guestPath(ctx),
        { json: { email, ...permissions }, signal: ctx.signal },
      ),
    );
    ctx.deps.references.changed('member');
    const user = team.members.find((m) => m.user.email?.toLowerCase() === email.toLowerCase())?.user;
    return { invited: email, ...(user ? { id: user.id } : {}) };
  }
}
