/**
 * Sprint status changes as the API documents them: `POST /v3/sprints/{id}/_start` (draft →
 * in_progress) and `_archive`, each with `If-Match: "<sprint version>"`. The API documents no
 * separate "finish" (release) call: a finished sprint is archived.
 */
import { buildToolName, lazySchema, type OutcomeCheck, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toSprintDetail, type ApiSprint } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
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

type Params = ParamsOf<typeof SprintLifecycleParams>;

export abstract class SprintLifecycleTool extends TrackerTool<typeof SprintLifecycleParams> {
  static override readonly PARAMS = SprintLifecycleParams;

  /** `_start` or `_archive`. */
  protected abstract readonly action: '_start' | '_archive';
  /** The status the sprint has after it. */
  protected abstract readonly status: string;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: `the sprint's status changed to ${this.status}`,
      tool: buildToolName('get_sprint', TOOL_PREFIX),
      args: { sprintId: params.sprintId },
      lookFor: `status ${this.status}`,
    };
  }

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertSprintAccess(ctx, params.sprintId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
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
