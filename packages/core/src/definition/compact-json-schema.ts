/**
 * The wire form of a generated schema: the same constraints in fewer tokens. Agents pay for every
 * tool definition on every turn, so what `tools/list` sends is the canonical schema
 * ({@link normalizeJsonSchema}) with unions of primitive types folded into one `type` array:
 *
 * - `anyOf: [{ type: 'integer' }, { type: 'string' }]` → `type: ['integer', 'string']`
 * - `anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }]` → `type: ['string', 'null'], minLength: 1`
 *
 * - `anyOf: [{ type: 'string', enum: ['low', 'high'] }, { type: 'integer', enum: [1, 2] }]` →
 *   `type: ['string', 'integer'], enum: ['low', 'high', 1, 2]`
 *
 * Lossless by JSON Schema's own rule: a keyword such as `minLength` or `maximum` applies only to values of
 * its type, so branches of different primitive types whose keywords are all type-specific can share one
 * node. Branches with `enum`/`const`, annotations, objects or arrays stay a union. `normalizeJsonSchema`
 * turns the folded form back into the canonical one, so the definition validator reads both.
 */
import {
  ANNOTATION_KEYWORDS,
  isJsonObject,
  mapSubschemas,
  PRIMITIVE_TYPE_KEYWORDS,
} from './normalize-json-schema.ts';
import type { JsonSchema } from './types.ts';

/** The keywords a folded node may carry for its types, or undefined when two types would share one. */
function foldable(branches: readonly unknown[]): JsonSchema | undefined {
  const types: string[] = [];
  const merged: JsonSchema = {};
  const owner = new Map<string, string>();
  for (const branch of branches) {
    if (!isJsonObject(branch)) return undefined;
    const type = branch['type'];
    if (typeof type !== 'string' || !(type in PRIMITIVE_TYPE_KEYWORDS) || types.includes(type))
      return undefined;
    // number and integer share their keywords: folding them could move a bound from one to the other
    if ((type === 'number' && types.includes('integer')) || (type === 'integer' && types.includes('number')))
      return undefined;
    types.push(type);
    for (const [keyword, value] of Object.entries(branch)) {
      if (keyword === 'type') continue;
      if (!PRIMITIVE_TYPE_KEYWORDS[type]?.includes(keyword) || owner.has(keyword)) return undefined;
      owner.set(keyword, type);
      merged[keyword] = value;
    }
  }
  return { type: types, ...merged };
}

/** Literal branches (`{ type, enum }` / `{ type, const }`) of distinct types → one `{ type: [...], enum }`. */
function foldableLiterals(branches: readonly unknown[]): JsonSchema | undefined {
  const types: string[] = [];
  const values: unknown[] = [];
  for (const branch of branches) {
    if (!isJsonObject(branch) || Object.keys(branch).length !== 2) return undefined;
    const type = branch['type'];
    const own = 'const' in branch ? [branch['const']] : branch['enum'];
    if (typeof type !== 'string' || !(type in PRIMITIVE_TYPE_KEYWORDS) || types.includes(type))
      return undefined;
    if (!Array.isArray(own)) return undefined;
    types.push(type);
    values.push(...own);
  }
  return { type: types, enum: values };
}

/** Folds unions of primitive types into `type` arrays, everywhere in the schema. */
export function compactJsonSchema<T extends JsonSchema>(schema: T): T {
  const visit = (node: JsonSchema | boolean): JsonSchema | boolean => {
    if (typeof node === 'boolean') return node;
    const mapped = mapSubschemas(node, visit);
    const branches = mapped['anyOf'];
    if (!Array.isArray(branches) || branches.length < 2) return mapped;
    const { anyOf: _anyOf, ...annotations } = mapped;
    if (!Object.keys(annotations).every((keyword) => ANNOTATION_KEYWORDS.has(keyword))) return mapped;
    const folded = foldable(branches) ?? foldableLiterals(branches);
    if (!folded) return mapped;
    // the union's annotations (description, default…) stay beside the type, as in the canonical shape
    const { type, ...constraints } = folded;
    return { type, ...annotations, ...constraints };
  };
  return visit(schema) as T;
}
