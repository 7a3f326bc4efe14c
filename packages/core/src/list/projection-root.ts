/**
 * Where `fields` projection applies inside a result: list results carry `'items'`, batch results
 * `'successful'`, so a tool returning one needs no `projectionRoot()` override. The mark is a
 * non-enumerable symbol: invisible to JSON, to structured content and to deep-equality in tests, and
 * not copied by a spread — a tool that builds a new object from a list result marks it again with
 * `withProjectionRoot`, or overrides `projectionRoot()`.
 */
const PROJECTION_ROOT = Symbol.for('toolsmith.projection-root');

/** Marks `result` so that `fields` projects `result[root]` (each element of it when it is a list). */
export function withProjectionRoot<T extends object>(result: T, root: string & keyof T): T {
  Object.defineProperty(result, PROJECTION_ROOT, { value: root, enumerable: false, configurable: true });
  return result;
}

/** The projection root a result carries, if any. */
export function projectionRootOf(result: unknown): string | undefined {
  if (result === null || typeof result !== 'object') return undefined;
  const root = (result as { [PROJECTION_ROOT]?: unknown })[PROJECTION_ROOT];
  return typeof root === 'string' ? root : undefined;
}
