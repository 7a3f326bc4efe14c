/*
 * Custom-field names → object keys (seeds: "PROCESSADOR UNIVERSAL DE TASKS", name normalisation).
 *
 *   "Marketing Task Type"  → "marketing_task_type"
 *   "Data de Início"       → "data_de_inicio"
 *   "Orçamento (R$)"       → "orcamento_r"
 *   "Größe"                → "grosse"
 *
 * Lower case, accents removed (NFD + combining marks stripped, plus the Latin letters NFD does not
 * decompose: ß æ œ ø ł đ ð þ ı), every run of other characters becomes one underscore, no leading or
 * trailing underscores. A name with no letters or digits left (e.g. only an emoji) gives "".
 */

export function normalizeFieldName(name) {
  if (name === null || name === undefined) return '';
  const extra = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
  return String(name)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøłđðþı]/g, (ch) => extra[ch])
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Key for a custom field inside one task: the normalised name, `field_<id>` when the name normalises
 * to nothing, and `<key>_2`, `<key>_3`… when an earlier field of the same task already took the key.
 * `taken` is the object of keys already used (it is not modified).
 */
export function customFieldKey(name, id, taken) {
  let base = normalizeFieldName(name);
  if (base === '') base = 'field_' + normalizeFieldName(id || 'unnamed');
  if (!taken || !Object.prototype.hasOwnProperty.call(taken, base)) return base;
  let n = 2;
  while (Object.prototype.hasOwnProperty.call(taken, base + '_' + n)) n += 1;
  return base + '_' + n;
}
