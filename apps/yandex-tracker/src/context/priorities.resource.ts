import { BaseResource, defineResourceMetadata, type ResourceContext } from '@toolsmith/core';
import { toReferenceItem, type ApiReferenceItem } from '../api/dto/reference-dto.ts';
import type { TrackerDeps } from '../deps.ts';

export class PrioritiesResource extends BaseResource<TrackerDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'tracker://priorities',
    name: 'priorities',
    title: 'Priorities',
    description:
      'The issue priorities: [{ key, display, order }], lowest order first. Use a `key` as the priority of an issue.',
    toolset: 'issues',
  });

  async read(ctx: ResourceContext<TrackerDeps>) {
    const items = await ctx.deps.client.get<ApiReferenceItem[]>('/v3/priorities', { signal: ctx.signal });
    return { items: (Array.isArray(items) ? items : []).map(toReferenceItem) };
  }
}
