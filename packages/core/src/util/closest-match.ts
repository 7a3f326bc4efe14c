import { distance } from 'fastest-levenshtein';

/**
 * Candidates close to `input`, best first. Used to build "did you mean …" recovery hints.
 *
 * Names are compared as words: split at `_`, `-`, `.`, spaces and camelCase humps, lower-cased, a
 * plural `s` dropped, so `getIssues`, `get-issue` and `tracker_get_issues` are the same name. A word
 * that nearly every candidate shares (the `tracker_` of a server's tool names) says nothing about
 * which one was meant and is ignored on both sides. Then a candidate scores by the words it shares
 * with the input (in any order; a one-letter typo or a common verb synonym such as fetch → get
 * counts at a small cost), or by the edit distance of the whole name, whichever is better. Names
 * clearly worse than the best one are left out.
 */
export function closestMatches(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const list = [...candidates];
  const shared = sharedWords(list);
  const wanted = words(input).filter((w) => !shared.has(w));
  const wantedJoined = wanted.join('');
  const scored: { candidate: string; score: number; size: number; chars: number }[] = [];
  for (const candidate of list) {
    const own = words(candidate).filter((w) => !shared.has(w));
    const joined = own.join('');
    const chars = distance(wantedJoined, joined);
    const score = Math.min(wordScore(wanted, own), charScore(wantedJoined, joined, chars));
    if (score <= MAX_SCORE) scored.push({ candidate, score, size: own.length, chars });
  }
  scored.sort(
    (a, b) =>
      a.score - b.score || a.size - b.size || a.chars - b.chars || a.candidate.localeCompare(b.candidate),
  );
  // Only the names about as close as the best one: a clear winner is offered alone.
  const best = scored[0]?.score ?? 0;
  return scored
    .filter((s) => s.score < best + CLEAR_LEAD)
    .slice(0, limit)
    .map((s) => s.candidate);
}

/** Worse than this is not offered. */
const MAX_SCORE = 2.5;
/** A candidate this much worse than the best is not offered beside it. */
const CLEAR_LEAD = 0.5;

/** Verbs a caller often uses for the one a name has (both sides are mapped to the first). */
const SYNONYMS: Record<string, string[]> = {
  get: ['fetch', 'read', 'retrieve', 'show', 'view', 'load', 'list'],
  find: ['search', 'query', 'lookup', 'list', 'filter'],
  create: ['add', 'new', 'make', 'insert'],
  update: ['edit', 'modify', 'change', 'patch', 'set'],
  delete: ['remove', 'del', 'drop', 'destroy'],
};

function synonymous(a: string, b: string): boolean {
  return (
    (Object.hasOwn(SYNONYMS, a) && SYNONYMS[a]!.includes(b)) ||
    (Object.hasOwn(SYNONYMS, b) && SYNONYMS[b]!.includes(a))
  );
}

/** Lower-case words of a name, a plural `s` dropped (`getIssues` → get, issue). */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** Words in at least 90 % of four or more candidates (a shared prefix such as `tracker`). */
function sharedWords(candidates: readonly string[]): Set<string> {
  const shared = new Set<string>();
  if (candidates.length < 4) return shared;
  const counts = new Map<string, number>();
  for (const candidate of candidates) {
    for (const w of new Set(words(candidate))) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  for (const [w, n] of counts) if (n >= candidates.length * 0.9) shared.add(w);
  return shared;
}

/**
 * 0 for the same words in the same order; otherwise 0.5 for another order, 0.5 per word matched
 * only by a typo or a synonym, 1 per word of the candidate not given, 1.5 per word given that the
 * candidate lacks. More than half of the given words must match: one shared word of two (`gone.txt`
 * and `keep.txt`, `delete_issue` and `get_issue`) is not a near name.
 */
function wordScore(wanted: readonly string[], own: readonly string[]): number {
  if (wanted.length === 0 || own.length === 0) return Infinity;
  if (wanted.join('\u0000') === own.join('\u0000')) return 0;
  const free = [...own];
  let matched = 0;
  let penalty = 0;
  const order: number[] = [];
  const take = (test: (w: string) => boolean, cost: number): boolean => {
    const at = free.findIndex((w) => w !== '' && test(w));
    if (at === -1) return false;
    order.push(at);
    free[at] = '';
    matched += 1;
    penalty += cost;
    return true;
  };
  const rest: string[] = [];
  for (const word of wanted) if (!take((w) => w === word, 0)) rest.push(word);
  const unmatched: string[] = [];
  for (const word of rest) {
    const typo = (w: string) =>
      Math.min(w.length, word.length) >= 3 && distance(w, word) <= (word.length >= 7 ? 2 : 1);
    if (!take((w) => typo(w) || synonymous(w, word), 0.5)) unmatched.push(word);
  }
  if (matched === 0 || matched * 2 <= wanted.length) return Infinity;
  const reordered = order.some((position, i) => i > 0 && position < order[i - 1]!);
  return penalty + (reordered ? 0.5 : 0) + (own.length - matched) * 1 + unmatched.length * 1.5;
}

/** Equal but for two adjacent characters swapped (`stauts` / `status`): the commonest typo. */
export function transposed(a: string, b: string): boolean {
  if (a.length !== b.length || a.length < 2) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** The whole names as strings: 1 when one starts with the other, 1.5 when one contains the other, else the edit distance if small. */
function charScore(wanted: string, own: string, chars: number): number {
  if (wanted === '' || own === '') return Infinity;
  if (wanted === own) return 0;
  if (transposed(wanted, own)) return 0.75;
  if (own.startsWith(wanted) || wanted.startsWith(own)) return 1;
  if (own.includes(wanted) || wanted.includes(own)) return 1.5;
  return chars <= Math.max(2, Math.floor(wanted.length / 3)) ? chars : Infinity;
}
