/**
 * Sprint status changes as the API documents them: `POST /v3/sprints/{id}/_start` (draft →
 * in_progress) and `_archive`, each with `If-Match: "<sprint version>"`. The API documents no
 * separate "finish" (release) call: a finished sprint is archived.
 */
import {
  buildToolName,
  lazySchema,
  type OutcomeCheck,
  type ParamsDeclaration,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toSprintDetail, type ApiSprint } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { sprintIdParam } from './board-params.ts';
import { assertSprintAccess, ifMatch, sprintPath, sprintVersionParam, withLockHint } from './board-writes.ts';

export const SprintLifecycleParams = lazySchema(() =>
  z.object({
    sprintId: sprintIdParam(),
    version: sprintVersionParam(),
  }),
);

/** Archiving cannot be undone: the user's yes first (`confirm`). */
export const ArchiveSprintParams = lazySchema(() =>
  z.object({
    sprintId: sprintIdParam(),
    version: sprintVersionParam(),
    confirm: confirmParam(),
  }),
);

type Params = ParamsOf<typeof SprintLifecycleParams> & { confirm?: boolean | undefined };

export abstract class SprintLifecycleTool<
  TParams extends ParamsDeclaration = typeof SprintLifecycleParams,
> extends TrackerTool<TParams> {
  static override readonly PARAMS: ParamsDeclaration = SprintLifecycleParams;

  /** `_start` or `_archive`. */
  protected abstract readonly action: '_start' | '_archive';
  /** The status the sprint has after it. */
  protected abstract readonly status: string;

  protected override outcomeCheck(declared: ParamsOf<TParams>): OutcomeCheck {
    const params = declared as Params;
    return {
      done: `the sprint's status changed to ${this.status}`,
      tool: buildToolName('get_sprint', TOOL_PREFIX),
      args: { sprintId: params.sprintId },
      lookFor: `status ${this.status}`,
    };
  }

  protected override async beforeExecute(declared: ParamsOf<TParams>, ctx: TrackerCtx) {
    await super.beforeExecute(declared, ctx);
    await assertSprintAccess(ctx, (declared as Params).sprintId);
  }

  async execute(declared: ParamsOf<TParams>, ctx: TrackerCtx) {
    const params = declared as Params;
    if (this.metadata.annotations.destructiveHint === true) {
      await this.confirmIrreversible(
        ctx,
        params,
        `Archive sprint ${params.sprintId}? It leaves planning; the API has no call that brings it back.`,
      );
    }
    try {
      const sprint = await ctx.deps.client.post<ApiSprint>(`${sprintPath(params.sprintId)}/${this.action}`, {
        json: {},
        headers: ifMatch(params.version),
        signal: ctx.signal,
      });
      return toSprintDetail(sprint);
    } catch (error) {
      throw withLockHint(error, 'sprint', params.version);
    }
  }
}
