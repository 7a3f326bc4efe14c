import { buildToolName, defineToolMetadata, fieldsParam } from '@toolsmith/core';
import { z } from 'zod';
import { compact, refKey } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { chooseView, type TrackerCtx } from '../shared/list-result.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

export interface ApiTransition {
  id: string;
  display?: string;
  to?: Ref;
  screen?: unknown;
  [field: string]: unknown;
}

export const toTransition = (t: ApiTransition) =>
  compact({ transitionId: t.id, display: t.display, to: refKey(t.to) });

const GetIssueTransitionsParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    fields: fieldsParam({ description: 'Dot paths to return, e.g. id, display, to.key.' }),
  }),
);

export class GetIssueTransitionsTool extends TrackerTool<ReturnType<typeof GetIssueTransitionsParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_transitions', TOOL_PREFIX),
    title: 'Get issue transitions',
    description:
      'The workflow transitions available for the issue in its current status: { items: [{ transitionId, display, to }] } (`to` is the target status key). Execute one with tracker_transition_issue — that is the only way to change the status.',
    category: 'issues',
    toolset: 'issues',
    priority: 'high',
    tags: ['status', 'workflow', 'transition', 'close', 'resolve', 'start'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return GetIssueTransitionsParams();
  }

  protected override projectionRoot() {
    return 'items';
  }

  async execute(params: z.output<ReturnType<typeof GetIssueTransitionsParams>>, ctx: TrackerCtx) {
    const transitions = await ctx.deps.client.get<ApiTransition[]>(
      `/v3/issues/${encodeURIComponent(params.issueId)}/transitions`,
      { signal: ctx.signal },
    );
    return { items: transitions.map(chooseView(params, toTransition)) };
  }
}
