import { BaseResource, defineResourceMetadata } from '@toolsmith/core';
import type { NoDeps } from '../fixture-data.ts';

/** Conformance fixture `test://watched-resource`: a resource clients may subscribe to. */
export class WatchedResource extends BaseResource<NoDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'test://watched-resource',
    name: 'watched-resource',
    description: 'A resource that changes while the server runs (subscribe to be told)',
    mimeType: 'text/plain',
    toolset: 'conformance',
    subscribe: true,
  });

  read() {
    return `Watched resource, read at ${new Date().toISOString()}.`;
  }
}
