/**
 * Queue versions (`versions` toolset): the API's shape, the compact view, the id parameter, and the
 * queue policy for calls that name only a version id (its queue is read with one GET when a policy
 * is set, as for components).
 */
import { NotFoundError } from '@toolsmith/core';
import { z } from 'zod';
import { compact, refKey } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { withHint } from '../shared/known-values.ts';
import { refuse } from '../shared/relations.ts';
import { assertQueueAccess, policyActive } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';

export interface ApiVersion {
  self?: string;
  id: number | string;
  version?: number;
  queue?: Ref;
  name: string;
  description?: string;
  startDate?: string;
  dueDate?: string;
  released?: boolean;
  archived?: boolean;
  [field: string]: unknown;
}

export function toVersion(v: ApiVersion) {
  return compact({
    versionId: Number(v.id),
    version: v.version,
    queue: refKey(v.queue),
    name: v.name,
    description: v.description,
    startDate: v.startDate,
    dueDate: v.dueDate,
    released: v.released,
    archived: v.archived,
  });
}

export const versionIdParam = () => z.number().int().positive().describe('From tracker_get_queue_versions.');

export const versionPath = (versionId: number) => `/v3/versions/${versionId}`;

export function withVersionHint(error: unknown): unknown {
  return NotFoundError.isInstance(error)
    ? withHint(error, 'tracker_get_queue_versions lists the versions of a queue and their ids.')
    : error;
}

/** Refuses a version of a queue outside the allow-list, or of a read-only queue. */
export async function assertVersionAccess(ctx: TrackerCtx, versionId: number): Promise<void> {
  if (!policyActive(ctx.deps.config)) return;
  let found: ApiVersion;
  try {
    found = await ctx.deps.client.get<ApiVersion>(versionPath(versionId), { signal: ctx.signal });
  } catch (error) {
    throw withVersionHint(error);
  }
  const queue = refKey(found.queue);
  if (queue !== undefined) assertQueueAccess(ctx.deps.config, queue, true);
}

/** The release date not before the start (the API's 422), refused before anything is sent. */
export function assertDueAfterStart(toolName: string, startDate?: string, dueDate?: string): void {
  if (startDate !== undefined && dueDate !== undefined && dueDate < startDate) {
    throw refuse(
      toolName,
      'dueDate',
      `(${dueDate}) is before startDate (${startDate}). Swap them or fix one.`,
    );
  }
}
