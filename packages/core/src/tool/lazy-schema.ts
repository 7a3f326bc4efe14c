/**
 * A tool's params, declared once and built the first time they are needed (a call, or generating the
 * definition) rather than when the server loads: building the zod schemas of 70 tools at import was
 * most of what a server's own code cost its bin's cold start. A tool declares
 *
 *     export const CreateTagParams = lazySchema(() => z.object({ … }));
 *     export class CreateTagTool extends BaseTool<Deps, typeof CreateTagParams> {
 *       static readonly PARAMS = CreateTagParams;
 *       async execute(params: ParamsOf<typeof CreateTagParams>, ctx) { … }
 *     }
 *
 * and BaseTool's `getParamsSchema()` builds the schema once from `PARAMS`.
 */
import type { AnyZodObject, InferSchemaOutput } from '../definition/types.ts';

const LAZY_SCHEMA = Symbol.for('toolsmith.lazy-schema');

/** A params schema built on the first call and the same object on every later one. */
export interface LazySchema<S extends AnyZodObject = AnyZodObject> {
  (): S;
  readonly [LAZY_SCHEMA]: true;
}

/** What a tool declares its params with: a zod object, or a lazily built one. */
export type ParamsDeclaration = AnyZodObject | LazySchema;

/** The zod object of a params declaration. */
export type SchemaOf<P> = P extends LazySchema<infer S> ? S : P;

/** The parsed params a tool's `execute` receives, for either kind of declaration. */
export type ParamsOf<P> = InferSchemaOutput<SchemaOf<P>>;

export function lazySchema<S extends AnyZodObject>(build: () => S): LazySchema<S> {
  let schema: S | undefined;
  const get = () => (schema ??= build());
  return Object.assign(get, { [LAZY_SCHEMA]: true as const });
}

export function isLazySchema(value: unknown): value is LazySchema {
  return typeof value === 'function' && (value as { [LAZY_SCHEMA]?: unknown })[LAZY_SCHEMA] === true;
}

/** The zod object of a declaration, building it when it is lazy. */
export function resolveParams<P extends ParamsDeclaration>(declaration: P): SchemaOf<P> {
  return (isLazySchema(declaration) ? declaration() : declaration) as SchemaOf<P>;
}
