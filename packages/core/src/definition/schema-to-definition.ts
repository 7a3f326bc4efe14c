/**
 * Generates a tool's MCP `inputSchema` from its Zod parameters schema, so the definition a client sees can
 * never drift from what the tool validates.
 *
 * Each zod version has its own converter — zod 4's native `z.toJSONSchema` (input side: what the client
 * sends), zod-to-json-schema for zod 3 — hooked only for what the converters cannot decide for us:
 * unrepresentable types (strict mode throws, otherwise `{}`), recursion in zod 3 and `customTransforms`.
 * Everything else that differs between their outputs is evened out by {@link normalizeJsonSchema}.
 */
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { ignoreOverride, zodToJsonSchema } from 'zod-to-json-schema';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { assertObjectRoot, recursiveSchemaError, unrepresentableError } from './definition-errors.ts';
import { fieldPathFromSchemaLocation } from './field-path.ts';
import { isJsonObject, normalizeJsonSchema } from './normalize-json-schema.ts';
import type {
  AnyZodObject,
  CustomTransform,
  JsonSchema,
  SchemaToDefinitionOptions,
  ToolInputSchema,
} from './types.ts';
import { isZod4Schema, zod3TypeKeys } from './zod-version.ts';

interface Settings {
  strict: boolean;
  customTransforms: Readonly<Record<string, CustomTransform>>;
  toolName: string | undefined;
}

/** JSON Schema formats whose zod 4 regex (emitted beside the `format`) only repeats what the format says. */
const STANDARD_FORMATS = new Set([
  'email',
  'uuid',
  'date-time',
  'date',
  'time',
  'duration',
  'ipv4',
  'ipv6',
  'uri',
]);

interface FoundTransform {
  key: string;
  transform: CustomTransform;
}

/** The first of `keys` that has a `customTransforms` entry. */
function findTransform(settings: Settings, keys: readonly string[]): FoundTransform | undefined {
  for (const key of keys) {
    const transform = Object.hasOwn(settings.customTransforms, key)
      ? settings.customTransforms[key]
      : undefined;
    if (transform) return { key, transform };
  }
  return undefined;
}

function runTransform(
  { key, transform }: FoundTransform,
  generated: JsonSchema,
  context: { path: string; zodSchema: unknown },
  settings: Settings,
): JsonSchema {
  const replacement = transform(structuredClone(generated), context);
  if (!isJsonObject(replacement)) {
    throw new ToolDefinitionError({
      toolName: settings.toolName,
      message: `customTransforms['${key}'] returned ${JSON.stringify(replacement)} for parameter "${context.path}"; it must return a JSON Schema object such as { type: 'string', format: 'date-time' }.`,
    });
  }
  return replacement;
}

// ---------------------------------------------------------------------------------------------------------
// zod 4

interface Zod4DefView {
  type: string;
  check?: string;
  format?: string;
  pattern?: unknown;
  checks?: readonly { _zod: { def: Zod4DefView } }[];
}

/** zod 4 writes a format's built-in regex next to `format: 'email'`; zod 3 does not. The regex adds nothing. */
function dropBuiltInFormatPattern(def: Zod4DefView, json: JsonSchema): void {
  if (typeof json['pattern'] !== 'string' || !STANDARD_FORMATS.has(String(json['format']))) return;
  const formatDefs = [def, ...(def.checks ?? []).map((check) => check._zod.def)];
  const builtIn = formatDefs.some(
    (candidate) =>
      candidate.check === 'string_format' &&
      candidate.pattern instanceof RegExp &&
      candidate.pattern.source === json['pattern'],
  );
  if (builtIn) delete json['pattern'];
}

/** `z.any()`/`z.unknown()` narrowed only by refinements: a type JSON Schema sees as "anything". */
function isRefineOnly(def: Zod4DefView): boolean {
  return (def.type === 'any' || def.type === 'unknown') && (def.checks?.length ?? 0) > 0;
}

function zod4ToJsonSchema(schema: z.ZodType, settings: Settings): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: ({ zodSchema, path }) => {
      const kind = zodSchema._zod.def.type;
      if (settings.strict && !findTransform(settings, [kind])) {
        throw unrepresentableError(kind, fieldPathFromSchemaLocation(path), settings.toolName);
      }
      return 'any';
    },
    override: ({ zodSchema, jsonSchema, path }) => {
      const def = zodSchema._zod.def as Zod4DefView;
      const json = jsonSchema as JsonSchema;
      const fieldPath = fieldPathFromSchemaLocation(path);
      dropBuiltInFormatPattern(def, json);
      const refineOnly = isRefineOnly(def);
      const found = findTransform(settings, refineOnly ? [def.type, 'custom'] : [def.type]);
      if (found) {
        const replacement = runTransform(found, json, { path: fieldPath, zodSchema }, settings);
        for (const key of Object.keys(json)) delete json[key];
        Object.assign(json, replacement);
      } else if (settings.strict && refineOnly) {
        throw unrepresentableError('custom', fieldPath, settings.toolName);
      }
    },
  }) as JsonSchema;
}

// ---------------------------------------------------------------------------------------------------------
// zod 3

interface Zod3DefView {
  typeName: string;
  getter?: () => unknown;
  description?: string;
  value?: unknown;
  effect?: { type: string };
  schema?: { _def: Zod3DefView };
}

/** The zod 4 name of a zod 3 type JSON Schema cannot represent, or `undefined` when it can be. */
function zod3UnrepresentableKind(def: Zod3DefView): string | undefined {
  switch (def.typeName) {
    case 'ZodDate':
    case 'ZodBigInt':
    case 'ZodSymbol':
    case 'ZodUndefined':
    case 'ZodVoid':
    case 'ZodMap':
    case 'ZodSet':
    case 'ZodFunction':
    case 'ZodNaN':
      return zod3TypeKeys(def.typeName)[0];
    case 'ZodLiteral':
      return ['undefined', 'bigint', 'symbol'].includes(typeof def.value) ? 'literal' : undefined;
    case 'ZodEffects': {
      // z.custom(check) is z.any().superRefine(check)
      const inner = def.schema?._def.typeName;
      return def.effect?.type === 'refinement' && (inner === 'ZodAny' || inner === 'ZodUnknown')
        ? 'custom'
        : undefined;
    }
    default:
      return undefined;
  }
}

/** zod-to-json-schema visits definitions; rebuild the schema around one so a transform sees a real zod 3 node. */
function zod3SchemaOf(def: Zod3DefView): unknown {
  const constructor = (z3 as unknown as Record<string, unknown>)[def.typeName];
  return typeof constructor === 'function'
    ? new (constructor as new (def: Zod3DefView) => unknown)(def)
    : def;
}

function isWithin(ancestor: readonly string[], location: readonly string[]): boolean {
  return ancestor.length < location.length && ancestor.every((segment, index) => location[index] === segment);
}

function zod3ToJsonSchema(schema: z3.ZodTypeAny, settings: Settings): JsonSchema {
  const described = (def: Zod3DefView): JsonSchema =>
    def.description ? { description: def.description } : {};
  const transformFor = (def: Zod3DefView, kind?: string) =>
    findTransform(
      settings,
      kind === undefined ? zod3TypeKeys(def.typeName) : [...zod3TypeKeys(def.typeName), kind],
    );
  const contextFor = (def: Zod3DefView, path: string) => ({ path, zodSchema: zod3SchemaOf(def) });

  // z.lazy(() => …) nodes being expanded, by getter: `.describe()` copies a lazy's definition but keeps its
  // getter, and each getter call builds a fresh object, so definition identity alone misses the recursion
  const expandingLazies: unknown[] = [];

  return zodToJsonSchema(schema, {
    $refStrategy: 'none',
    target: 'jsonSchema7',
    effectStrategy: 'input',
    pipeStrategy: 'input',
    override: (rawDef, refs, seen) => {
      const def = rawDef as Zod3DefView;
      const path = fieldPathFromSchemaLocation(refs.currentPath);
      // zod-to-json-schema would log a warning to the console and emit {}; decide here instead
      const recursive =
        (seen !== undefined && isWithin(seen.path, refs.currentPath)) ||
        (def.typeName === 'ZodLazy' && expandingLazies.includes(def.getter));
      if (recursive) {
        if (settings.strict) throw recursiveSchemaError(path, settings.toolName);
        return described(def);
      }
      if (def.typeName === 'ZodLazy') expandingLazies.push(def.getter);
      // zod-to-json-schema emits { type: 'object' } for z.literal(null)
      if (def.typeName === 'ZodLiteral' && def.value === null) {
        const generated: JsonSchema = { type: 'null', const: null, ...described(def) };
        const found = transformFor(def);
        return found ? runTransform(found, generated, contextFor(def, path), settings) : generated;
      }
      const kind = zod3UnrepresentableKind(def);
      if (kind === undefined) return ignoreOverride;
      const found = transformFor(def, kind);
      if (found) return runTransform(found, described(def), contextFor(def, path), settings);
      if (settings.strict) throw unrepresentableError(kind, path, settings.toolName);
      return described(def);
    },
    postProcess: (json, rawDef, refs) => {
      const def = rawDef as Zod3DefView;
      const expanding = def.typeName === 'ZodLazy' ? expandingLazies.lastIndexOf(def.getter) : -1;
      if (expanding !== -1) expandingLazies.splice(expanding, 1);
      const found = transformFor(def);
      if (!found || json === undefined) return json;
      const path = fieldPathFromSchemaLocation(refs.currentPath);
      return runTransform(found, json as JsonSchema, contextFor(def, path), settings);
    },
  }) as JsonSchema;
}

// ---------------------------------------------------------------------------------------------------------

/**
 * The `inputSchema` of a tool whose parameters are `schema`: `{ type: 'object', properties, required?,
 * additionalProperties }` describing what a client must send (the *input* side: fields with `.default()`
 * or `.optional()` are not required and keep their `default`). No `$schema`, `$ref` or `$defs`.
 *
 * Unrepresentable constructs (dates, bigint, maps, sets, functions, `z.custom()`, bare transforms) become
 * `{}` — or throw a {@link ToolDefinitionError} naming the field in strict mode, unless a `customTransforms`
 * entry for the type describes them. Recursive schemas are inlined once; the point where they would
 * recurse becomes `{}` (strict mode throws). Strict mode also requires a description on every property.
 *
 * @throws ToolDefinitionError when `schema` is not a `z.object(...)`, and in strict mode as described.
 */
export function generateDefinitionFromSchema(
  schema: AnyZodObject,
  options: SchemaToDefinitionOptions = {},
): ToolInputSchema {
  const settings: Settings = {
    strict: options.strict ?? false,
    customTransforms: options.customTransforms ?? {},
    toolName: options.toolName,
  };
  assertObjectRoot(schema, settings.toolName);

  let generated: JsonSchema;
  try {
    if (isZod4Schema(schema)) {
      generated = zod4ToJsonSchema(schema, settings);
    } else {
      // zod 3 output may still hold values JSON cannot carry (a Date default); the client only ever sees JSON
      generated = JSON.parse(
        JSON.stringify(zod3ToJsonSchema(schema as z3.ZodTypeAny, settings)),
      ) as JsonSchema;
    }
  } catch (error) {
    if (ToolDefinitionError.isInstance(error)) throw error;
    throw new ToolDefinitionError({
      toolName: settings.toolName,
      cause: error,
      message: `The parameters schema could not be converted to JSON Schema (${error instanceof Error ? error.message : String(error)}). Check that every default and literal is a JSON value.`,
    });
  }

  const definition = normalizeJsonSchema(generated, {
    includeDescriptions: options.includeDescriptions ?? true,
    includeExamples: options.includeExamples ?? true,
    strict: settings.strict,
    closeObjects: true,
    toolName: settings.toolName,
  });
  if (definition['type'] !== 'object' || !isJsonObject(definition['properties'])) {
    throw new ToolDefinitionError({
      toolName: settings.toolName,
      message: `The generated definition's root is ${JSON.stringify(definition)}, not an object schema. A customTransforms['object'] entry must keep returning { type: 'object', properties: { … } }.`,
    });
  }
  return definition as ToolInputSchema;
}
