/** Compact changelog entries (research §3.8: `GET /issues/{key}/changelog`). */
import { compact } from './refs.ts';
import type { Ref } from './tracker-types.ts';

const displayOf = (ref: Ref | undefined) => (ref ? (ref.display ?? String(ref.id)) : undefined);

export interface ApiChangelogEntry {
  id: string;
  updatedAt?: string;
  updatedBy?: Ref;
  type?: string;
  transport?: string;
  fields?: Array<{ field?: Ref; from?: unknown; to?: unknown }>;
  comments?: { added?: Ref[]; updated?: Ref[]; removed?: Ref[] } & Record<string, unknown>;
  [field: string]: unknown;
}

/** A changed value as a short string: references by key or display, lists element-wise. */
function valueOf(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(valueOf);
  if (typeof value === 'object') {
    const ref = value as Ref & Record<string, unknown>;
    return ref.key ?? ref.display ?? ref.id ?? value;
  }
  return value;
}

export function toChangelogEntry(entry: ApiChangelogEntry) {
  return compact({
    id: entry.id,
    updatedAt: entry.updatedAt,
    updatedBy: displayOf(entry.updatedBy),
    type: entry.type,
    changes: entry.fields?.map((f) => ({
      field: f.field?.id ?? f.field?.display,
      from: valueOf(f.from),
      to: valueOf(f.to),
    })),
  });
}
