/**
 * Deterministic ids in the API's formats: numeric strings for hierarchy objects and comments,
 * lowercase alphanumeric task ids (9 characters for the seed's "older" tasks, 10 for tasks created
 * later, as ClickUp issues today: research §2.9), UUIDs for fields, options, goals and webhooks.
 */
import type { ClickUpState } from './clickup-state.ts';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The next value of a named counter, starting at `start`. */
export function nextCounter(state: ClickUpState, name: string, start = 1): number {
  const value = state.counters[name] ?? start;
  state.counters[name] = value + 1;
  return value;
}

/** A numeric string id: `prefix` followed by the counter, e.g. `90150000003`. */
export function numericId(state: ClickUpState, kind: string, prefix: string): string {
  return `${prefix}${String(nextCounter(state, kind)).padStart(5, '0')}`;
}

/** A task id like `86c1x9k2wq`: `86` then scrambled base 36 of the counter, `length` characters in all. */
export function taskIdFor(n: number, length: 9 | 10): string {
  let x = Math.imul(n + 0x9e37, 0x85ebca6b) >>> 0;
  let id = '86';
  while (id.length < length) {
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
    id += ALPHABET[x % 36];
  }
  return id;
}

export function nextTaskId(state: ClickUpState): string {
  for (;;) {
    const id = taskIdFor(nextCounter(state, 'task'), 10);
    if (!state.tasks.some((t) => t.id === id)) return id;
  }
}

/** A UUID whose last group carries `kind` and a counter, e.g. `c1c0a000-0000-4000-8000-0f0000000007`. */
export function uuidFor(kind: number, n: number): string {
  return `c1c0a000-0000-4000-8000-${kind.toString(16).padStart(4, '0')}${n.toString(16).padStart(8, '0')}`;
}

export const UUID_KIND = {
  field: 1,
  option: 2,
  goal: 3,
  webhook: 4,
  keyResult: 5,
  checklist: 6,
  checklistItem: 7,
  attachment: 8,
} as const;

export function nextUuid(state: ClickUpState, kind: keyof typeof UUID_KIND): string {
  return uuidFor(UUID_KIND[kind], nextCounter(state, `uuid:${kind}`, 1000));
}
