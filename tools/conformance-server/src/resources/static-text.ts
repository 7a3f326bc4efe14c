import { BaseResource, defineResourceMetadata } from '@toolsmith/core';
import type { NoDeps } from '../fixture-data.ts';

/** Conformance fixture `test://static-text`. */
export class StaticTextResource extends BaseResource<NoDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'test://static-text',
    name: 'static-text',
    description: 'A static text resource for testing',
    mimeType: 'text/plain',
    toolset: 'conformance',
  });

  read() {
    return 'This is the content of the static text resource.';
  }
}
