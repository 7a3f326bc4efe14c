import { buildToolName, defineToolMetadata, lazySchema, NotFoundError, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toSprintDetail, type ApiSprint } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { sprintIdParam } from './board-params.ts';
import { fieldsOf } from '../shared/params.ts';

const GetSprintParams = lazySchema(() =>
  z.object({
    sprintId: sprintIdParam(),
    fields: fieldsOf('id, name'),
  }),
);

export class GetSprintTool extends TrackerTool<typeof GetSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_sprint', TOOL_PREFIX),
    description: 'Read a sprint.',
    category: 'boards',
    toolset: 'boards',
    tags: ['sprint', 'scrum', 'iteration', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetSprintParams;

  async execute(params: ParamsOf<typeof GetSprintParams>, ctx: TrackerCtx) {
    try {
      const sprint = await ctx.deps.client.get<ApiSprint>(
        `/v3/sprints/${encodeURIComponent(String(params.sprintId))}`,
        { signal: ctx.signal },
      );
      return chooseView(params, toSprintDetail)(sprint);
    } catch (error) {
      if (!NotFoundError.isInstance(error)) throw error;
      throw withHint(
        error,
        'Find sprint ids with tracker_get_sprints (by boardId; boards with tracker_get_boards).',
      );
    }
  }
}
