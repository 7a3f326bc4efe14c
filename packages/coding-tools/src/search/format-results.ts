/**
 * How WebSearch and CodeSearch show results to a model: a numbered list of title, URL, age (when
 * known) and snippet, duplicates by URL removed, and a closing line saying what to do next.
 */
import type { SearchResult } from '../session/coding-session.ts';

export interface FormatResultsOptions {
  /** `Web search` or `Code search`. */
  label: string;
  query: string;
  provider: string;
  /** What the model should do with the results. */
  next: string;
  /** Said when there are no results. */
  empty: string;
}

export function formatSearchResults(results: readonly SearchResult[], options: FormatResultsOptions): string {
  const seen = new Set<string>();
  const unique = results.filter((r) => {
    if (seen.has(r.url)) return false;
    seen.add(r.url);
    return true;
  });
  if (unique.length === 0) {
    return `${options.label} for ${JSON.stringify(options.query)} (${options.provider}) found nothing. ${options.empty}`;
  }
  const items = unique.map((r, i) => {
    const lines = [`${i + 1}. ${r.title.trim() || r.url}`, `   URL: ${r.url}`];
    if (r.age) lines.push(`   Age: ${r.age}`);
    if (r.snippet.trim() !== '') lines.push(`   ${r.snippet.trim().replace(/\s*\n\s*/g, ' ')}`);
    return lines.join('\n');
  });
  const count = `${unique.length} result${unique.length === 1 ? '' : 's'}`;
  return [
    `${options.label} for ${JSON.stringify(options.query)} (${count}, ${options.provider}):`,
    ...items,
    options.next,
  ].join('\n\n');
}
