/** Compact forms of the API's references `{ self, id, key?, display }`. */
import type { Ref } from './tracker-types.ts';

/** `key` when the reference has one (statuses, types, queues), else the display name. */
export const refKey = (ref: Ref | undefined): string | undefined =>
  ref ? (ref.key ?? ref.display ?? String(ref.id)) : undefined;

/** A person: `"Alice Ivanova (1120000000000001)"` → kept as `{ id, display }` so the id can be reused. */
export const personRef = (ref: Ref | undefined) =>
  ref ? { id: String(ref.id), display: ref.display ?? String(ref.id) } : undefined;

/** Drops undefined values and empty arrays, so compact views stay compact. */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0),
    ),
  ) as Partial<T>;
}
