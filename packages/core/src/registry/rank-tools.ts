/**
 * Pure ranking of tools against a free-text query, used by `search_tools`. Matches in the name weigh
 * most, then tags, title, category/toolset, then the description.
 */
import { toolsetOf, type ToolMetadata } from '../tool/tool-metadata.ts';

export interface RankedTool {
  metadata: ToolMetadata;
  score: number;
}

/** Lower-cased word tokens; camelCase, snake_case, kebab-case and dotted names are split. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1);
}

const WEIGHTS = { name: 6, tags: 4, title: 3, category: 3, description: 1 } as const;

function fieldScore(queryTokens: string[], fieldTokens: string[], weight: number): number {
  let score = 0;
  for (const q of queryTokens) {
    if (fieldTokens.includes(q)) score += weight;
    else if (
      q.length >= 3 &&
      fieldTokens.some((t) => t.startsWith(q) || (t.length >= 4 && q.startsWith(t)))
    ) {
      score += weight / 2;
    }
  }
  return score;
}

export function rankTools(query: string, tools: readonly ToolMetadata[], limit = 10): RankedTool[] {
  const queryTokens = [...new Set(tokenize(query))];
  const exact = query.trim().toLowerCase();
  if (queryTokens.length === 0 && exact === '') return [];
  const ranked = tools.map((metadata) => {
    let score =
      fieldScore(queryTokens, tokenize(metadata.name), WEIGHTS.name) +
      fieldScore(queryTokens, (metadata.tags ?? []).flatMap(tokenize), WEIGHTS.tags) +
      fieldScore(queryTokens, tokenize(metadata.title ?? ''), WEIGHTS.title) +
      fieldScore(
        queryTokens,
        tokenize(`${metadata.category} ${metadata.subcategory ?? ''} ${toolsetOf(metadata)}`),
        WEIGHTS.category,
      ) +
      fieldScore(queryTokens, tokenize(metadata.description), WEIGHTS.description);
    if (metadata.name.toLowerCase() === exact) score += 20;
    return { metadata, score };
  });
  return ranked
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.metadata.name.localeCompare(b.metadata.name))
    .slice(0, limit);
}
