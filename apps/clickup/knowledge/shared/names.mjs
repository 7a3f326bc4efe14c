/*
 * Names as people write them, matched against the names a list, a field or a workspace has:
 * case- and accent-insensitive equality, and the did-you-mean of the errors. The sandbox cannot
 * import @toolsmith/core's closest-match, so this is the pack's one copy (its own rule: a word of
 * the name contained in a candidate counts as close, which suits field and member names).
 */

/** Names compared case- and accent-insensitively ("Data de Início" ~ "data de inicio"). */
export function nameKey(name) {
  return String(name === null || name === undefined ? '' : name)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** `"a", "b", "c"` — at most `limit` items, then how many more. */
export function quoted(items, limit) {
  const max = limit || 12;
  const shown = items.slice(0, max).map((item) => JSON.stringify(item));
  return shown.join(', ') + (items.length > max ? ', … (' + (items.length - max) + ' more)' : '');
}

/** Levenshtein distance. */
function distance(a, b) {
  const row = [];
  for (let j = 0; j <= b.length; j++) row.push(j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** Up to `limit` of `names` close to `name` (case and accents ignored), closest first. */
export function closestNames(name, names, limit) {
  const wanted = nameKey(name);
  const scored = [];
  for (const candidate of names) {
    const key = nameKey(candidate);
    if (!key || !wanted) continue;
    const words = key.split('_');
    const score =
      key.indexOf(wanted) !== -1 ||
      wanted.indexOf(key) !== -1 ||
      wanted.split('_').every((word) => words.indexOf(word) !== -1)
        ? 1
        : distance(wanted, key);
    if (score <= Math.max(2, Math.floor(wanted.length / 3)))
      scored.push({ candidate: candidate, score: score });
  }
  scored.sort((a, b) => a.score - b.score);
  return scored.slice(0, limit || 3).map((s) => s.candidate);
}

/** ` Did you mean "x", "y"?` for the names close to `name`, or "". */
export function didYouMean(name, names) {
  const close = closestNames(name, names, 2);
  return close.length ? ' Did you mean ' + quoted(close) + '?' : '';
}

/** Entries of `items` whose `nameOf` matches `name` exactly, else case- and accent-insensitively. */
export function byName(items, name, nameOf) {
  const exact = items.filter((item) => nameOf(item) === name);
  if (exact.length) return exact;
  const wanted = nameKey(name);
  return wanted ? items.filter((item) => nameKey(nameOf(item)) === wanted) : [];
}
