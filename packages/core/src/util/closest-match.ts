import { distance } from 'fastest-levenshtein';

/**
 * Candidates close to `input` (case-insensitive edit distance, prefix/substring matches first),
 * best first. Used to build "did you mean …" recovery hints.
 */
export function closestMatches(input: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = input.toLowerCase();
  const maxDistance = Math.max(2, Math.floor(needle.length / 3));
  const scored: { candidate: string; score: number }[] = [];
  for (const candidate of candidates) {
    const hay = candidate.toLowerCase();
    let score: number;
    if (hay === needle) score = 0;
    else if (hay.startsWith(needle) || needle.startsWith(hay)) score = 1;
    else if (hay.includes(needle) || needle.includes(hay)) score = 1.5;
    else score = distance(needle, hay);
    if (score <= maxDistance) scored.push({ candidate, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((s) => s.candidate);
}
