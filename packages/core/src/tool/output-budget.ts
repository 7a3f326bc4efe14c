/**
 * Output budgeting: every tool result is capped, and a cut result says so and says how to get the
 * rest. Arrays are cut at item boundaries so the text stays valid JSON.
 */

export interface BudgetOptions {
  maxChars: number;
  /** Recovery hint appended when the output is cut, e.g. "Use `fields` … or `cursor` …" (computed only then). */
  hint: string | (() => string);
}

export interface BudgetedOutput {
  text: string;
  /** The data that `text` shows (arrays possibly shortened). */
  data: unknown;
  truncated: boolean;
}

/** Serialises data the way every tool result is shown to a model: compact JSON, strings verbatim. */
export function serialize(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data === undefined) return '';
  return JSON.stringify(data);
}

/** Finds the array to shorten: the value itself, or the largest array property of an object. */
function findArray(data: unknown): { get: () => unknown[]; with: (items: unknown[]) => unknown } | undefined {
  if (Array.isArray(data)) return { get: () => data, with: (items) => items };
  if (data === null || typeof data !== 'object') return undefined;
  let best: string | undefined;
  let bestSize = 0;
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value) && value.length > 1) {
      const size = serialize(value).length;
      if (size > bestSize) {
        best = key;
        bestSize = size;
      }
    }
  }
  if (best === undefined) return undefined;
  const key = best;
  return {
    get: () => (data as Record<string, unknown[]>)[key] as unknown[],
    with: (items) => ({ ...(data as Record<string, unknown>), [key]: items }),
  };
}

export function fitToBudget(data: unknown, options: BudgetOptions): BudgetedOutput {
  const { maxChars } = options;
  const full = serialize(data);
  if (full.length <= maxChars) return { text: full, data, truncated: false };
  const hint = typeof options.hint === 'function' ? options.hint() : options.hint;

  const array = findArray(data);
  if (array) {
    const items = array.get();
    // Largest prefix of items whose serialisation (plus the notice) fits.
    const noticeFor = (shown: number) =>
      `\n\n[Output truncated: showing ${shown} of ${items.length} items to stay within ${maxChars} characters. ${hint}]`;
    let low = 0;
    let high = items.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const size = serialize(array.with(items.slice(0, mid))).length + noticeFor(mid).length;
      if (size <= maxChars) low = mid;
      else high = mid - 1;
    }
    const shortened = array.with(items.slice(0, low));
    const text = serialize(shortened);
    if (text.length + noticeFor(low).length <= maxChars) {
      return { text: text + noticeFor(low), data: shortened, truncated: true };
    }
  }

  const notice = `\n\n[Output truncated: showing ${maxChars} of ${full.length} characters. ${hint}]`;
  const keep = Math.max(0, maxChars - notice.length);
  // Do not split a surrogate pair.
  let cut = full.slice(0, keep);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return { text: cut + notice, data: undefined, truncated: true };
}
