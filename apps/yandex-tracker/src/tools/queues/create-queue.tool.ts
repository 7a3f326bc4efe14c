import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  fold,
  lazySchema,
  ref,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toQueueDetail, type ApiQueue } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled, userIdParam } from '../shared/params.ts';
import { refuse } from '../shared/relations.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { QUEUE_VALUES_HINT } from './queue-hints.ts';

const CreateQueueParams = lazySchema(() =>
  z.object({
    key: z
      .string()
      .refine((value) => /^[A-Z]{2,10}$/.test(value), 'Use 2–10 Latin capital letters, e.g. "DESIGN".')
      .describe('2–10 capital letters, e.g. DESIGN.'),
    name: z
      .string()
      .trim()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(200), 'Must be at most 200 characters long.')
      .describe('Name.'),
    lead: userIdParam.describe('Owner: login or uid.'),
    defaultType: ref('issuetype').describe('Issue type key, e.g. task.'),
    defaultPriority: ref('priority').describe('Priority key, e.g. normal.'),
    description: z
      .string()
      .refine(atMost(10_000), 'Must be at most 10000 characters long.')
      .optional()
      .describe('Description.'),
    issueTypesConfig: z
      .array(
        z.object({
          issueType: ref('issuetype'),
          workflow: z.string().refine(filled, 'Must be at least 1 character long.'),
          resolutions: z.array(ref('resolution')).refine(filled, 'Must have at least 1 item.'),
        }),
      )
      .refine(filled, 'Must have at least 1 item.')
      .optional()
      .describe('Issue types with workflow and resolutions; must include `defaultType`.'),
  }),
);

export class CreateQueueTool extends TrackerTool<typeof CreateQueueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_queue', TOOL_PREFIX),
    description: 'Create a queue.',
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'create', 'new', 'write', 'admin'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateQueueParams;

  protected override outcomeCheck(params: ParamsOf<typeof CreateQueueParams>): OutcomeCheck {
    return {
      done: `the queue ${params.key} was created`,
      tool: buildToolName('get_queues', TOOL_PREFIX),
      args: { perPage: 100 },
      lookFor: `the key ${params.key} (follow nextCursor if there are more queues)`,
    };
  }

  /** The queue policy applies to the key being created. */
  protected override touched(params: ParamsOf<typeof CreateQueueParams>) {
    return { issueIds: [], queues: [params.key] };
  }

  /**
   * Before creating: the key and name are not taken (the API's 409), and `defaultType` is one of the
   * types of `issueTypesConfig` (the API's 422).
   */
  protected override async beforeExecute(params: ParamsOf<typeof CreateQueueParams>, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.issueTypesConfig && !params.issueTypesConfig.some((c) => c.issueType === params.defaultType))
      throw refuse(
        this.name,
        'defaultType',
        `(${params.defaultType}) is not among the types of issueTypesConfig (${params.issueTypesConfig.map((c) => c.issueType).join(', ')}). Add it there, or pick one of those. Nothing was sent.`,
      );
    const queues = await ctx.deps.references.entities('queue', undefined, ctx);
    const taken = queues?.list.records.find(
      (r) => String(r.value) === params.key || r.names?.some((n) => fold(n) === fold(params.name)),
    );
    if (taken)
      throw refuse(
        this.name,
        String(taken.value) === params.key ? 'key' : 'name',
        `is taken by the queue ${taken.label ?? String(taken.value)}: queue keys and names are unique. Pick another, or work in that queue. Nothing was sent.`,
      );
  }

  async execute(params: ParamsOf<typeof CreateQueueParams>, ctx: TrackerCtx) {
    const body = {
      key: params.key,
      name: params.name,
      lead: params.lead,
      defaultType: params.defaultType,
      defaultPriority: params.defaultPriority,
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.issueTypesConfig ? { issueTypesConfig: params.issueTypesConfig } : {}),
    };
    try {
      const queue = await ctx.deps.client.post<ApiQueue>('/v3/queues/', { json: body, signal: ctx.signal });
      // The new key is a valid queue from now on.
      ctx.deps.references.invalidate('queue');
      return toQueueDetail(queue);
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 409) {
        throw withHint(
          error,
          `Queue keys and names are unique: "${params.key}" or "${params.name}" is already used. Pick another key and name (tracker_get_queues lists the existing queues), or work in the existing queue.`,
        );
      }
      if (ApiError.isInstance(error) && error.status === 422) throw withHint(error, QUEUE_VALUES_HINT);
      throw error;
    }
  }
}
