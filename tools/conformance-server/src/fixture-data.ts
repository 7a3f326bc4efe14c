/** Fixed payloads the conformance scenarios expect (a 1×1 red PNG, a minimal WAV). */

/** Base64 of a 1×1 red PNG pixel. */
export const TEST_IMAGE_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** Base64 of a minimal WAV file. */
export const TEST_AUDIO_BASE64 = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

/** The fixture server has no dependencies. */
export type NoDeps = Record<string, never>;
