import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { compact, refKey } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { fieldsOf, issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

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
    fields: fieldsOf('to.key'),
  }),
);

export class GetIssueTransitionsTool extends TrackerTool<typeof GetIssueTransitionsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_issue_transitions', TOOL_PREFIX),
    description: 'Transitions available to an issue now: { transitionId, display, to }.',
    category: 'issues',
    toolset: 'issues',
    priority: 'high',
    tags: ['status', 'workflow', 'transition', 'close', 'resolve', 'start'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetIssueTransitionsParams;

  async execute(params: ParamsOf<typeof GetIssueTransitionsParams>, ctx: TrackerCtx) {
    const transitions = await ctx.deps.client.get<ApiTransition[]>(
      `/v3/issues/${encodeURIComponent(params.issueId)}/transitions`,
      { signal: ctx.signal },
    );
    return withProjectionRoot({ items: transitions.map(chooseView(params, toTransition)) }, 'items');
  }
}
