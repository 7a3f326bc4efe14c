/**
 * `custom(schema, 'doc_parent')`: where docs live — a space, a folder or a list (or the workspace),
 * by id or by a name only one of them has. An id of none of these is refused before the search.
 */
import { labelOf, matchEntity, type CustomResolveCall, type EntityRecord } from '@toolsmith/core';

const KINDS = ['space', 'folder', 'list', 'workspace'] as const;

/** Any deps will do: it reads through `call.source`, the references it was declared on. */
export async function resolveDocParent<TDeps>(
  value: unknown,
  call: CustomResolveCall<TDeps>,
): Promise<unknown> {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const found: { kind: string; record: EntityRecord; exact: boolean }[] = [];
  for (const kind of KINDS) {
    const entities = await call.source.entities(kind, undefined, call.ctx);
    if (!entities) return value; // cannot be checked: the API decides
    const match = matchEntity(entities, value);
    if (match.kind === 'exact') return match.record.value;
    if (match.kind === 'converted') found.push({ kind, record: match.record, exact: false });
  }
  if (found.length === 1) {
    const { kind, record } = found[0]!;
    call.record.convert(call.field, value, labelOf(record), `the ${kind} of that name`);
    return record.value;
  }
  call.refuse(
    call.field,
    found.length > 1
      ? `"${String(value).slice(0, 60)}" names several places: ${found.map((f) => `${f.kind} ${labelOf(f.record)}`).join(', ')}. Pass the id. Nothing was sent.`
      : `"${String(value).slice(0, 60)}" is not the id of a space, folder or list of this workspace. Find one with clickup_get_hierarchy. Nothing was sent.`,
  );
  return value;
}
