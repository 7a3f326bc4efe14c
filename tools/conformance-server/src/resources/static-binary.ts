import { BaseResource, defineResourceMetadata } from '@toolsmith/core';
import { TEST_IMAGE_BASE64, type NoDeps } from '../fixture-data.ts';

/**
 * Conformance fixture `test://static-binary`. The suite expects `blob` contents; BaseResource
 * serves text only, so this sends the base64 as text (see the README: a core gap).
 */
export class StaticBinaryResource extends BaseResource<NoDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'test://static-binary',
    name: 'static-binary',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
    toolset: 'conformance',
  });

  read() {
    return TEST_IMAGE_BASE64;
  }
}
