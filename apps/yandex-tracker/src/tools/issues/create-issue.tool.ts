import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  failureInBrief,
  lazySchema,
  NetworkError,
  NotFoundError,
  outcomeUnknown,
  TimeoutError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toIssueDetail } from '../../api/dto/issue-dto.ts';
import type { ApiIssue } from '../../api/dto/tracker-types.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, issueIdParam, queueIdParam } from '../shared/params.ts';
import { assertIssueExists } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { issueFieldsShape, issueFieldsBody } from './issue-fields.ts';
import { CREATE_WINDOW_MS, createKey, randomKey, windowBucket } from './create-key.ts';

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
    allowDuplicate: z
      .boolean()
      .optional()
      .describe('true: create even if this same call made an issue in the last 10 minutes.'),
  }),
);

export class CreateIssueTool extends TrackerTool<typeof CreateIssueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_issue', TOOL_PREFIX),
    description:
      'Create an issue. The same call repeated within 10 minutes returns the issue it made instead of a second one.',
    category: 'issues',
    toolset: 'issues_write',
    priority: 'critical',
    tags: ['issue', 'create', 'new', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateIssueParams;

  /**
   * A lost create is looked up by its unique key first (execute); this check is said only when that
   * look-up does not find the issue: a search for the summary in the queue, newest first.
   */
  protected override outcomeCheck(params: ParamsOf<typeof CreateIssueParams>): OutcomeCheck {
    return {
      done: 'the issue was created',
      tool: FIND,
      args: {
        query: `Queue: ${params.queueId} AND Summary: ${JSON.stringify(params.summary)} "Sort by": Created DESC`,
      },
      lookFor: 'an issue created in the last minutes',
      then: `create it only if it is not there${params.allowDuplicate ? ' (with allowDuplicate, a new call makes a new issue)' : ''}`,
    };
  }

  /** A parent that does not exist is refused before the issue is created (not after, as a 422). */
  protected override async beforeExecute(params: ParamsOf<typeof CreateIssueParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.parentId !== undefined) await assertIssueExists(ctx, this.name, 'parentId', params.parentId);
  }

  /**
   * Sends the create with a `unique` key derived from the call (create-key.ts): the same call within
   * CREATE_WINDOW_MS sends the same key, so Tracker refuses a second issue and the first is returned.
   * The key makes the POST safe to send again: the HTTP client retries it like a GET.
   */
  async execute(params: ParamsOf<typeof CreateIssueParams>, ctx: TrackerCtx) {
    const started = Date.now();
    const content = {
      queue: params.queueId,
      summary: params.summary,
      ...issueFieldsBody(params),
      ...(params.parentId ? { parent: params.parentId } : {}),
      ...(params.attachmentIds ? { attachmentIds: params.attachmentIds } : {}),
    };
    const caller = ctx.deps.caller ?? `${ctx.deps.config.org.header}:${ctx.deps.config.org.id}`;
    const bucket = windowBucket(started);
    const unique = params.allowDuplicate ? randomKey() : createKey(content, caller, bucket);
    const findByUnique = (key: string) =>
      ctx.deps.client
        .post<ApiIssue>('/v3/issues/_findByUnique', {
          query: { unique: key },
          idempotent: true,
          signal: ctx.signal,
        })
        .catch((error: unknown) => ({ failed: error }));

    if (!params.allowDuplicate) {
      // The same call made in the previous bucket, less than the window ago: that issue, not a new one.
      const earlier = await findByUnique(createKey(content, caller, bucket - 1));
      if (isIssue(earlier) && ageMs(earlier, started) < CREATE_WINDOW_MS) return repeated(earlier, started);
    }

    const sentBefore = rememberSent(ctx, unique, started);
    let issue: ApiIssue;
    try {
      issue = await ctx.deps.client.post<ApiIssue>('/v3/issues', {
        json: { ...content, unique },
        idempotent: true,
        signal: ctx.signal,
      });
    } catch (error) {
      const duplicate = ApiError.isInstance(error) && error.status === 409;
      const uncertain =
        TimeoutError.isInstance(error) ||
        NetworkError.isInstance(error) ||
        (ApiError.isInstance(error) && error.status >= 500);
      if (!duplicate && !uncertain) throw error;
      // This call's lost first attempt, or the same call earlier: look it up by the key, never create again.
      const found = await findByUnique(unique);
      if (isIssue(found)) {
        // Sent by an earlier call of this server, or made before this call began: a repeat.
        const earlierCall = sentBefore !== undefined || ageMs(found, started) > CLOCK_SKEW_MS;
        return earlierCall
          ? repeated(found, started)
          : { ...toIssueDetail(found), note: 'Created (found by its unique key after a retried request).' };
      }
      if (duplicate) throw madeButUnread(error, found.failed);
      throw outcomeUnknown(error, this.name, this.outcomeCheck(params), {
        api: 'Tracker',
        looked: NotFoundError.isInstance(found.failed)
          ? 'no issue has its unique key yet (Tracker may still be making it)'
          : `looking it up by its unique key failed as well (${failureInBrief(found.failed)})`,
        ...(params.allowDuplicate
          ? {}
          : {
              repeatIsSafe: `Calling ${CREATE} again with exactly the same parameters within 10 minutes is safe: it returns the issue if this call made it, and creates it once otherwise (leave allowDuplicate out).`,
            }),
      });
    }
    return toIssueDetail(issue);
  }
}

/** Allowance for Tracker's clock being ahead of or behind this machine's. */
const CLOCK_SKEW_MS = 5000;

/**
 * The keys each server (its deps) sent in the last two windows, and when: a 409 on a key an earlier
 * call sent is that call's issue, told as a repeat. Returns when the key was sent before, if it was.
 */
const sentKeys = new WeakMap<object, Map<string, number>>();
function rememberSent(ctx: TrackerCtx, key: string, now: number): number | undefined {
  let sent = sentKeys.get(ctx.deps);
  if (!sent) sentKeys.set(ctx.deps, (sent = new Map()));
  for (const [k, at] of sent) if (now - at > 2 * CREATE_WINDOW_MS) sent.delete(k);
  const before = sent.get(key);
  if (before === undefined) sent.set(key, now);
  return before;
}

const isIssue = (value: ApiIssue | { failed: unknown }): value is ApiIssue => !('failed' in value);

/** How long ago Tracker says the issue was created (0 when it does not say). */
function ageMs(issue: ApiIssue, now: number): number {
  const created = issue.createdAt === undefined ? Number.NaN : Date.parse(issue.createdAt);
  return Number.isNaN(created) ? 0 : now - created;
}

/** The issue the same call made earlier, said so. */
function repeated(issue: ApiIssue, now: number) {
  const minutes = Math.round(ageMs(issue, now) / 60_000);
  const when = issue.createdAt
    ? `at ${issue.createdAt} (${minutes < 1 ? 'under a minute' : `about ${minutes} min`} ago)`
    : 'in the last 10 minutes';
  return {
    ...toIssueDetail(issue),
    note:
      `Not created again: the same call (same queue, summary and fields) created ${issue.key} ${when}; this is that issue. ` +
      'To create a second issue with the same content, call again with allowDuplicate: true.',
  };
}

const CREATE = buildToolName('create_issue', TOOL_PREFIX);
const FIND = buildToolName('find_issues', TOOL_PREFIX);

/** Tracker refused the key as taken (the issue exists) but reading it back failed. */
function madeButUnread(error: unknown, lookup: unknown): unknown {
  return withMessage(
    error,
    `The issue exists: Tracker refused a second one with this call's unique key (made by this call's first attempt, whose answer was lost, or by the same call earlier), but reading it back failed (${failureInBrief(lookup)}). ` +
      `Call ${CREATE} again with exactly the same parameters within 10 minutes to get it; it will not create another.`,
  );
}

function withMessage(error: unknown, message: string): unknown {
  if (error instanceof Error) error.message = message;
  return error;
}
