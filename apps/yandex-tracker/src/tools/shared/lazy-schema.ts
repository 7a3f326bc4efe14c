/**
 * A tool's params schema, built the first time it is needed (a call, or generating the definition)
 * rather than when the server loads. The bundled bin serves definitions recorded at bundle time, so
 * no schema is needed before the first call: building the zod schemas of all 67 tools was a large
 * part of the bin's cold start, for the handful a session calls.
 */
export function lazySchema<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
