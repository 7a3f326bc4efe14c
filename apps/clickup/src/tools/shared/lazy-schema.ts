/**
 * A tool's params schema, built the first time it is needed (a call, or generating the definition)
 * rather than when the server loads, as in the Yandex Tracker app. The bundled bin serves definitions
 * recorded at bundle time, so no schema is needed before the first call: building the zod schemas of
 * all 71 tools at import was most of what the app's own code cost the bin's cold start.
 */
export function lazySchema<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
