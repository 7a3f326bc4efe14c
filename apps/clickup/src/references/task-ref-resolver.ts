/**
 * `custom(taskIdParam, 'task')`: a task reference as people and agents write it — the id, a custom
 * id ("DEV-123"), "CU-<id>" or the task's URL — made the id the API takes. A URL or a "CU-" prefix
 * becomes the bare id (announced); custom ids stay as they are (the client adds
 * `custom_task_ids=true&team_id=…`); anything else is refused with the accepted forms before a
 * request is made. Whether the task exists is the API's answer (or a check's that reads it).
 */
import { ValidationError, type CustomResolveCall } from '@toolsmith/core';
import { parseTaskRef } from '../api/task-ref.ts';

/** Any deps will do: it reads nothing but the value. */
export function resolveTaskRef<TDeps>(value: unknown, call: CustomResolveCall<TDeps>): unknown {
  if (typeof value !== 'string') return value;
  let id: string;
  try {
    id = parseTaskRef(value, call.field).id;
  } catch (error) {
    if (!ValidationError.isInstance(error)) throw error;
    call.refuse(call.field, error.issues[0]?.message ?? `"${value.slice(0, 60)}" is not a task reference.`);
    return value;
  }
  if (id === value) return value;
  const text = value.trim();
  const why = /^https?:/i.test(text)
    ? 'the id in the task URL'
    : /^cu-/i.test(text)
      ? 'the "CU-" prefix removed'
      : 'spaces removed';
  call.record.convert(call.field, value, id, why);
  return id;
}
