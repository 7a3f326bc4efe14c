import { BaseResource, defineResourceMetadata } from '@toolsmith/core';
import { TEST_IMAGE_BASE64, type NoDeps } from '../fixture-data.ts';

/** Conformance fixture `test://static-binary`: bytes, served as a base64 `blob`. */
export class StaticBinaryResource extends BaseResource<NoDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'test://static-binary',
    name: 'static-binary',
    description: 'A static binary resource (image) for testing',
    mimeType: 'image/png',
    toolset: 'conformance',
  });

  read() {
    return Buffer.from(TEST_IMAGE_BASE64, 'base64');
  }
}
