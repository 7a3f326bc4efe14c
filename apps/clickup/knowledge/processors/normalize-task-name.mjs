/*
 * The seed's `normalize-task-name` processor: a task (or any ClickUp) name → snake_case key with
 * accents removed, e.g. "Visita ao cliente – São Paulo" → "visita_ao_cliente_sao_paulo".
 * Same rule as the custom-field keys of process-task (helper normalize-field-name).
 */

import { normalizeFieldName } from '../helpers/normalize-field-name.mjs';

export function normalizeTaskName(name) {
  return normalizeFieldName(name);
}
