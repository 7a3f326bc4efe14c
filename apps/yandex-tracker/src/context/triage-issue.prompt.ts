import { BasePrompt, definePromptMetadata, PromptArgumentsError, type PromptContext } from '@toolsmith/core';
import { z } from 'zod';
import { toIssueSummary } from '../api/dto/issue-dto.ts';
import type { ApiIssue } from '../api/dto/tracker-types.ts';
import { issueIdParam } from '../tools/shared/params.ts';
import type { TrackerDeps } from '../deps.ts';

const TriageArgs = z.object({
  issueId: issueIdParam,
  goal: z
    .enum(['prioritize', 'assign', 'close-duplicates'])
    .optional()
    .describe('What the triage should decide: prioritize (default), assign, or close-duplicates'),
});

export class TriageIssuePrompt extends BasePrompt<TrackerDeps, typeof TriageArgs> {
  static override readonly METADATA = definePromptMetadata({
    name: 'triage_issue',
    title: 'Triage an issue',
    description:
      'Reads an issue and asks the model to triage it with the Tracker tools: check for duplicates, propose a priority and an assignee, and change nothing before the user agrees.',
    toolset: 'issues',
  });

  getArgsSchema() {
    return TriageArgs;
  }

  async render(
    { issueId, goal = 'prioritize' }: z.infer<typeof TriageArgs>,
    ctx: PromptContext<TrackerDeps>,
  ) {
    const allowed = ctx.deps.config.queues;
    const queue = /^([A-Z][A-Z0-9]*)-\d+$/.exec(issueId)?.[1];
    if (allowed && queue && !allowed.includes(queue)) {
      throw new PromptArgumentsError(
        `Issue ${issueId} is in queue ${queue}, outside this server's allowed queues (${allowed.join(', ')}).`,
      );
    }
    const issue = toIssueSummary(
      await ctx.deps.client.get<ApiIssue>(`/v3/issues/${encodeURIComponent(issueId)}`, {
        signal: ctx.signal,
      }),
    );
    const steps = {
      prioritize:
        'Propose a priority (keys in tracker://priorities) with one sentence of reasoning from the summary and description.',
      assign: 'Propose an assignee: people who resolved similar issues in this queue (tracker_find_issues).',
      'close-duplicates':
        'Find likely duplicates with tracker_find_issues (same queue, similar summary) and list them with links.',
    }[goal];
    return {
      description: `Triage of ${issueId}`,
      messages: [
        {
          role: 'user' as const,
          text: [
            `Triage Yandex Tracker issue ${issueId}. What the server read just now:`,
            JSON.stringify(issue, null, 2),
            `1. Read the whole issue with tracker_get_issues (issueIds: ["${issueId}"]) and its comments.`,
            `2. ${steps}`,
            '3. Say what you would change and wait for the user to agree; then change it with tracker_update_issue or tracker_transition_issue.',
          ].join('\n'),
        },
      ],
    };
  }
}
