/**
 * Shared project params and the queue policy for projects: a project spans queues, so reading one
 * needs at least one of its queues allowed, and changing one needs all of them allowed and writable.
 */
import { NotFoundError, ref } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiProject } from '../../api/dto/project-dto.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, dateParam, filled } from '../shared/params.ts';
import { assertQueueAccess, policyActive, QueueAccessError } from '../shared/tracker-tool.ts';

export const PROJECT_STATUSES = ['DRAFT', 'IN_PROGRESS', 'LAUNCHED', 'POSTPONED'] as const;

/** A project: its id, or its name or key (announced). */
export const projectIdParam = () => ref('project').describe('Project id, e.g. "1".');

export const projectDateParam = (what = 'YYYY-MM-DD.') => dateParam(what);

export const projectStatusParam = z.enum(PROJECT_STATUSES).describe('Stage.');

export const queueIdsParam = () =>
  z
    .array(ref('queue'))
    .refine(filled, 'Must have at least 1 item.')
    .refine(atMost(50), 'Must have at most 50 items.')
    .describe('Queue keys, e.g. DEMO.');

export const projectPath = (projectId: string) => `/v2/projects/${encodeURIComponent(projectId)}`;

export function withProjectHint(error: unknown): unknown {
  return NotFoundError.isInstance(error)
    ? withHint(error, 'List the projects and their ids with tracker_get_projects.')
    : error;
}

/** Refuses a read of a project none of whose queues is allowed, or a change touching a refused queue. */
export async function assertProjectAccess(ctx: TrackerCtx, projectId: string, write: boolean): Promise<void> {
  const { config, client } = ctx.deps;
  if (!policyActive(config)) return;
  let project: ApiProject;
  try {
    project = await client.get<ApiProject>(projectPath(projectId), {
      query: { expand: 'queues' },
      signal: ctx.signal,
    });
  } catch (error) {
    throw withProjectHint(error);
  }
  const queues = (project.queues ?? []).map((q) => q.key).filter((k): k is string => k !== undefined);
  if (write) {
    for (const queue of queues) assertQueueAccess(config, queue, true);
    return;
  }
  const allowed = config.queues;
  if (allowed && !queues.some((q) => allowed.includes(q))) {
    throw new QueueAccessError(
      `Project ${projectId} belongs to queue(s) ${queues.join(', ') || '(none)'}, none of which is available on this server (allowed queues: ${allowed.join(', ')}). Work with projects of those queues (tracker_get_projects), or ask the operator to extend YANDEX_TRACKER_QUEUES.`,
    );
  }
}

/** The legacy API takes the queues as one key string; several are comma-separated. */
export const queuesValue = (queueIds: readonly string[]) => queueIds.join(',');
