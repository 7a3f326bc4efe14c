import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiSprint } from '../../api/dto/board-dto.ts';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { runBatch } from '../shared/batch.ts';
import { issueIdsParam } from '../shared/params.ts';
import { assertIssueAccess, TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { sprintIdParam } from './board-params.ts';
import { sprintPath, withLockHint } from './board-writes.ts';

const MoveIssuesToSprintParams = lazySchema(() =>
  z.object({
    sprintId: sprintIdParam(),
    issueIds: issueIdsParam(),
  }),
);

type Params = ParamsOf<typeof MoveIssuesToSprintParams>;

/** Sprints an issue is moved out of: the board's other sprints still open. */
const OPEN = new Set(['draft', 'in_progress']);

export class MoveIssuesToSprintTool extends TrackerTool<typeof MoveIssuesToSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('move_issues_to_sprint', TOOL_PREFIX),
    description: "Put issues into a sprint, out of its board's other open sprints.",
    category: 'boards',
    toolset: 'sprints',
    tags: ['sprint', 'move', 'add', 'plan', 'current sprint', 'issues', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = MoveIssuesToSprintParams;

  protected override checksQueuesPerItem() {
    return true;
  }

  async execute(params: Params, ctx: TrackerCtx) {
    let sprint: ApiSprint;
    let others: number[];
    try {
      sprint = await ctx.deps.client.get<ApiSprint>(sprintPath(params.sprintId), { signal: ctx.signal });
      const board = sprint.board?.id;
      const sprints =
        board === undefined
          ? []
          : await ctx.deps.client.get<ApiSprint[]>(
              `/v3/boards/${encodeURIComponent(String(board))}/sprints`,
              {
                signal: ctx.signal,
              },
            );
      others = (Array.isArray(sprints) ? sprints : [])
        .filter((s) => String(s.id) !== String(sprint.id) && OPEN.has(String(s.status)))
        .map((s) => Number(s.id));
    } catch (error) {
      throw withLockHint(error, 'sprint', 0);
    }
    const change = {
      add: [{ id: String(sprint.id) }],
      ...(others.length > 0 ? { remove: others.map((id) => ({ id: String(id) })) } : {}),
    };
    return runBatch(
      ctx,
      [...new Set(params.issueIds)],
      async (issueId) => {
        await assertIssueAccess(ctx, issueId, true);
        const issue = await ctx.deps.client.patch<ApiIssue>(`/v3/issues/${encodeURIComponent(issueId)}`, {
          json: { sprint: change },
          signal: ctx.signal,
        });
        return { issueId: issue.key, sprint: sprint.name };
      },
      { field: 'issueIds', idOf: (id) => id },
    );
  }
}
