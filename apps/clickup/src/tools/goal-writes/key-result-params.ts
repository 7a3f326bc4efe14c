/**
 * What the goal and key result writes share: a key result by its id (ClickUp lists them only inside
 * their goal: clickup_get_goal), its compact view, and the answer to an id that names none.
 */
import { z } from 'zod';
import type { ApiKeyResult } from '../../api/dto/goal-view.ts';
import { withMissingHint } from '../../api/not-found-hint.ts';

export const keyResultIdParam = () =>
  z.string().trim().min(1).describe("Key result id (in clickup_get_goal's keyResults)");

/** Key result types but `automatic` (progress from tasks or lists, not settable here). */
export const KEY_RESULT_TYPES = ['number', 'currency', 'percentage', 'boolean'] as const;

export interface KeyResultView {
  id: string;
  name: string;
  type?: string;
  start?: number;
  current?: number;
  target?: number;
  unit?: string;
  percent?: number;
}

const num = (v: number | string | null | undefined) =>
  v === null || v === undefined || v === '' ? undefined : Number(v);

export function toKeyResultView(k: ApiKeyResult): KeyResultView {
  const [start, current, target] = [num(k.steps_start), num(k.steps_current), num(k.steps_end)];
  return {
    id: k.id,
    name: k.name,
    ...(k.type ? { type: k.type } : {}),
    ...(start !== undefined ? { start } : {}),
    ...(current !== undefined ? { current } : {}),
    ...(target !== undefined ? { target } : {}),
    ...(k.unit ? { unit: k.unit } : {}),
    ...(typeof k.percent_completed === 'number' ? { percent: k.percent_completed } : {}),
  };
}

export const keyResultMissing = (error: unknown) =>
  withMissingHint(error, "Find the key result's id in clickup_get_goal's keyResults.");
