import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import {
  guestIdParam,
  guestPath,
  guestsPlan,
  PERMISSIONS,
  permissionParams,
  toGuestView,
  type ApiGuest,
} from './guest-params.ts';

export const EditGuestParams = lazySchema(() =>
  z.object({ guest_id: guestIdParam(), ...permissionParams(), team_id: teamIdParam() }),
);

type Params = ParamsOf<typeof EditGuestParams>;

export class EditGuestTool extends ClickUpTool<typeof EditGuestParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('edit_guest', TOOL_PREFIX),
    description: "Change a guest's workspace permissions.",
    category: 'guests',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = EditGuestParams;

  protected override beforeExecute(params: Params, ctx: ClickUpCtx) {
    if (Object.keys(PERMISSIONS).every((k) => params[k as keyof typeof PERMISSIONS] === undefined)) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'can_edit_tags',
            message: `nothing to change: give ${Object.keys(PERMISSIONS).join(', ')}. Nothing was sent.`,
          },
        ],
      });
    }
    return super.beforeExecute(params, ctx);
  }

  async execute({ guest_id, team_id: _team, ...permissions }: Params, ctx: ClickUpCtx) {
    const { guest } = await guestsPlan(ctx, async () =>
      ctx.deps.client.put<{ guest: ApiGuest }>(await guestPath(ctx, `/${guest_id}`), {
        json: permissions,
        signal: ctx.signal,
      }),
    );
    return toGuestView(guest);
  }
}
