/**
 * The mapping a definition document describes: under its root key (`tool:` / `agent:`, as in the
 * design documents) or, without that key, the document itself.
 */
import type { DefinitionIssue, YamlPath } from '../schema/definition-issue.ts';
import { describeValue } from '../schema/describe-value.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The definition mapping and its YAML path (`['tool']` or `[]`), or the issues with the document's shape. */
export function findRootMapping(
  document: unknown,
  key: 'tool' | 'agent',
):
  | { ok: true; mapping: Record<string, unknown>; prefix: YamlPath }
  | { ok: false; issues: DefinitionIssue[] } {
  const shape = key === 'tool' ? 'tool: { id: …, type: …, … }' : 'agent: { id: …, … }';
  if (!isRecord(document)) {
    return {
      ok: false,
      issues: [
        { path: [], message: `the document is ${describeValue(document)}`, expected: `a mapping: ${shape}` },
      ],
    };
  }
  if (!Object.hasOwn(document, key)) return { ok: true, mapping: document, prefix: [] };
  const inner = document[key];
  if (!isRecord(inner)) {
    return {
      ok: false,
      issues: [
        { path: [key], message: `${key}: holds ${describeValue(inner)}`, expected: `a mapping: ${shape}` },
      ],
    };
  }
  return { ok: true, mapping: inner, prefix: [key] };
}
