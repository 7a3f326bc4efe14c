/**
 * Component tools touch the component's queue, so the queue policy (allow-list, read-only queues)
 * must hold for them too, even when the call names only a component id (the bypass found in review
 * of aikts#30): the component's queue is read with one GET when a policy is set.
 */
import { NotFoundError, ref } from '@toolsmith/core';
import type { ApiComponent } from '../../api/dto/component-dto.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { assertQueueAccess, policyActive } from '../shared/tracker-tool.ts';

/** A component of any queue: the id, or its name (announced). */
export const componentIdParam = () => ref('component', { id: 'either' }).describe('Component id, e.g. 3.');

export const componentPath = (componentId: number | string) =>
  `/v2/components/${encodeURIComponent(String(componentId))}`;

/** Adds where to find component ids to a 404. */
export function withComponentHint(error: unknown): unknown {
  return NotFoundError.isInstance(error)
    ? withHint(error, 'List the components and their ids with tracker_get_components.')
    : error;
}

/** Refuses the call when the component's queue is outside the allow-list (or read-only, for writes). */
export async function assertComponentAccess(
  ctx: TrackerCtx,
  componentId: number | string,
  write: boolean,
): Promise<void> {
  const { config, client } = ctx.deps;
  if (!policyActive(config)) return;
  let component: ApiComponent;
  try {
    component = await client.get<ApiComponent>(componentPath(componentId), { signal: ctx.signal });
  } catch (error) {
    throw withComponentHint(error);
  }
  const queue = component.queue?.key;
  if (queue !== undefined) assertQueueAccess(config, queue, write);
}
