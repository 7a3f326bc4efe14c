import { ApiError, buildToolName, defineToolMetadata, NetworkError, TimeoutError } from '@toolsmith/core';
import { z } from 'zod';
import { toIssueDetail } from '../../api/dto/issue-dto.ts';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../deps.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { atMost, filled, issueIdParam, queueIdParam } from '../shared/params.ts';
import { assertIssueExists } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { issueFieldsShape, issueFieldsBody } from './issue-fields.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CreateIssueParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    summary: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(1000), 'Must be at most 1000 characters long.')
      .describe('Title.'),
    ...issueFieldsShape('create'),
    parentId: issueIdParam.optional().describe('Parent issue key (makes a sub-issue).'),
    attachmentIds: z
      .array(z.string().refine(filled, 'Must be at least 1 character long.'))
      .refine(atMost(20), 'Must have at most 20 items.')
      .optional()
      .describe('Ids of uploaded files to attach.'),
  }),
);

export class CreateIssueTool extends TrackerTool<ReturnType<typeof CreateIssueParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_issue', TOOL_PREFIX),
    description: 'Create an issue. Safe to retry: a `unique` key prevents duplicates.',
    category: 'issues',
    toolset: 'issues_write',
    priority: 'critical',
    tags: ['issue', 'create', 'new', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return CreateIssueParams();
  }

  /** A parent that does not exist is refused before the issue is created (not after, as a 422). */
  protected override async beforeExecute(
    params: z.output<ReturnType<typeof CreateIssueParams>>,
    ctx: TrackerCtx,
  ) {
    await super.beforeExecute(params, ctx);
    if (params.parentId !== undefined) await assertIssueExists(ctx, this.name, 'parentId', params.parentId);
  }

  async execute(params: z.output<ReturnType<typeof CreateIssueParams>>, ctx: TrackerCtx) {
    const unique = `toolsmith-${crypto.randomUUID()}`;
    const body = {
      queue: params.queueId,
      summary: params.summary,
      ...issueFieldsBody(params),
      ...(params.parentId ? { parent: params.parentId } : {}),
      ...(params.attachmentIds ? { attachmentIds: params.attachmentIds } : {}),
      unique,
    };
    const findByUnique = () =>
      ctx.deps.client.post<ApiIssue>('/v3/issues/_findByUnique', {
        query: { unique },
        idempotent: true,
        signal: ctx.signal,
      });
    let issue: ApiIssue;
    try {
      // `unique` makes the POST idempotent: the client may retry it after a 5xx or a timeout.
      issue = await ctx.deps.client.post<ApiIssue>('/v3/issues', {
        json: body,
        idempotent: true,
        signal: ctx.signal,
      });
    } catch (error) {
      const duplicate = ApiError.isInstance(error) && error.status === 409;
      const uncertain =
        TimeoutError.isInstance(error) ||
        NetworkError.isInstance(error) ||
        (ApiError.isInstance(error) && error.status >= 500);
      if (duplicate || uncertain) {
        // An earlier attempt may have created it: look it up by the unique key instead of creating again.
        const found = await findByUnique().catch(() => undefined);
        if (found)
          return {
            ...toIssueDetail(found),
            note: 'Created (found by its unique key after a retried request).',
          };
      }
      throw error;
    }
    return toIssueDetail(issue);
  }
}
