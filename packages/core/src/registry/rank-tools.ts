/**
 * Lexical ranking of tools against a free-text query, used by `search_tools` (and fused with full text,
 * trigram and vector search when `@toolsmith/knowledge-search` ranks too: createHybridToolRanker).
 *
 * Words are stemmed (English and Russian Snowball stemmers, `@orama/stemmers`), so "deleting" finds
 * delete and "задачу" finds задача. A query word matches a tool's word (1), a word of the same glossary
 * group — a translation or synonym — (0.8 for the group's first word, 0.5 for the others: search-glossary.ts), or, when the word is in no tool and no
 * group, the closest word the tools use within one edit (two for long words; 0.7): "delte", "worklgos".
 * Each match weighs by the field it is in (name 6, tags 4, title 3, category/toolset 3, description 1)
 * and by how rare its word is among the tools (idf: "task" in every ClickUp tool says little). A tool
 * scores the sum over the query words of their best match, times the share of the query it matched.
 */
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as russianStem } from '@orama/stemmers/russian';
import { distance } from 'fastest-levenshtein';
import { toolsetOf, type ToolMetadata } from '../tool/tool-metadata.ts';
import { transposed } from '../util/closest-match.ts';
import { CORE_SEARCH_GLOSSARY, type SearchGlossary } from './search-glossary.ts';

export interface RankedTool {
  metadata: ToolMetadata;
  score: number;
}

export interface RankToolsOptions {
  /** More groups of words that mean the same (the server's domain words), added to the core glossary. */
  glossary?: SearchGlossary;
}

/** Lower-cased word tokens; camelCase, snake_case, kebab-case and dotted names are split. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replaceAll('ё', 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1);
}

const STOPWORDS = new Set(
  (
    'the an of to on in for at by from with into onto and or is are be it its this that these those my me ' +
    'your our their what which how do does can could would should please i we you one some any about via ' +
    'и в во на по к ко с со для из от до за у о об а или ли не мне мой моя мои это эту этот как что ' +
    'все всё его ее её их'
  ).split(' '),
);

const CYRILLIC = /\p{Script=Cyrillic}/u;
const stemCache = new Map<string, string>();

/** The word's stem: Russian Snowball for Cyrillic words, English for the others (numbers kept). */
export function stem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = /^\p{N}+$/u.test(word) ? word : CYRILLIC.test(word) ? russianStem(word) : englishStem(word);
    if (stemCache.size > 50_000) stemCache.clear();
    stemCache.set(word, stemmed);
  }
  return stemmed;
}

const terms = (text: string): string[] => tokenize(text).map(stem);

const WEIGHTS = { name: 6, tags: 4, title: 3, category: 3, description: 1 } as const;
type Field = keyof typeof WEIGHTS;
const FIELDS = Object.keys(WEIGHTS) as Field[];

/** The first word of a glossary group, what its other words (a translation, a synonym) mostly mean. */
const HEAD = 0.8;
const SYNONYM = 0.5;
const CORRECTED = 0.7;
const PARTIAL = 0.5;

interface AnalyzedTool {
  fields: Record<Field, ReadonlySet<string>>;
  all: ReadonlySet<string>;
  /** Each word as written → its stem (a misspelling is closer to the word than to its stem). */
  words: ReadonlyMap<string, string>;
}

const analyzed = new WeakMap<ToolMetadata, AnalyzedTool>();

function analyze(metadata: ToolMetadata): AnalyzedTool {
  let tool = analyzed.get(metadata);
  if (tool === undefined) {
    const fields: Record<Field, ReadonlySet<string>> = {
      name: new Set(terms(metadata.name)),
      tags: new Set((metadata.tags ?? []).flatMap(terms)),
      title: new Set(terms(metadata.title ?? '')),
      category: new Set(terms(`${metadata.category} ${metadata.subcategory ?? ''} ${toolsetOf(metadata)}`)),
      description: new Set(terms(metadata.description)),
    };
    const words = new Map<string, string>();
    const text = [metadata.name, ...(metadata.tags ?? []), metadata.title ?? '', metadata.description];
    for (const word of text.flatMap(tokenize)) words.set(word, stem(word));
    tool = { fields, all: new Set(FIELDS.flatMap((f) => [...fields[f]])), words };
    analyzed.set(metadata, tool);
  }
  return tool;
}

/** Stem → the stems of every word sharing a group with it, each with its weight (the group's head weighs more). */
type GlossaryIndex = ReadonlyMap<string, ReadonlyMap<string, number>>;
const glossaryIndexes = new WeakMap<SearchGlossary, GlossaryIndex>();

function glossaryIndex(glossary: SearchGlossary): GlossaryIndex {
  let index = glossaryIndexes.get(glossary);
  if (index === undefined) {
    const built = new Map<string, Map<string, number>>();
    for (const group of glossary) {
      const stems = group.flatMap(terms);
      const head = stems[0];
      for (const s of stems) {
        const related = built.get(s) ?? new Map<string, number>();
        for (const other of stems) {
          if (other === s) continue;
          const weight = other === head ? HEAD : SYNONYM;
          related.set(other, Math.max(related.get(other) ?? 0, weight));
        }
        built.set(s, related);
      }
    }
    index = built;
    glossaryIndexes.set(glossary, index);
  }
  return index;
}

const stemSets = new WeakMap<ReadonlyMap<string, string>, ReadonlySet<string>>();
function stems(vocabulary: ReadonlyMap<string, string>): ReadonlySet<string> {
  let set = stemSets.get(vocabulary);
  if (set === undefined) {
    set = new Set(vocabulary.values());
    stemSets.set(vocabulary, set);
  }
  return set;
}

/** Whether `a` is within one edit of `b` (two for words of 8+ letters), a swap of neighbours counting one. */
function nearWord(a: string, b: string): boolean {
  const longest = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) < 4) return false;
  const allowed = longest >= 8 ? 2 : 1;
  if (Math.abs(a.length - b.length) > allowed) return false;
  return distance(a, b) <= allowed || transposed(a, b);
}

interface Variant {
  term: string;
  weight: number;
}

/** What one query word may match: itself, its synonyms/translations, or the tools' closest word. */
function variants(
  word: string,
  vocabulary: ReadonlyMap<string, string>,
  synonyms: readonly GlossaryIndex[],
): Variant[] {
  const term = stem(word);
  const out: Variant[] = [{ term, weight: 1 }];
  const related = new Map<string, number>();
  for (const index of synonyms) {
    for (const [s, weight] of index.get(term) ?? []) related.set(s, Math.max(related.get(s) ?? 0, weight));
  }
  for (const [s, weight] of related) if (s !== term) out.push({ term: s, weight });
  if (!stems(vocabulary).has(term) && related.size === 0) {
    // A misspelling: the tools' words (or a glossary word) within an edit or two.
    const corrected = new Set<string>();
    for (const [written, stemmed] of vocabulary) {
      if (nearWord(word, written) || nearWord(term, stemmed)) corrected.add(stemmed);
    }
    for (const candidate of corrected) out.push({ term: candidate, weight: CORRECTED });
    for (const index of synonyms) {
      for (const [s, group] of index) {
        if (nearWord(term, s) || nearWord(word, s)) {
          out.push({ term: s, weight: CORRECTED });
          for (const [g, weight] of group) out.push({ term: g, weight: CORRECTED * weight });
        }
      }
    }
  }
  return out;
}

export function rankTools(
  query: string,
  tools: readonly ToolMetadata[],
  limit = 10,
  options: RankToolsOptions = {},
): RankedTool[] {
  const exact = query.trim().toLowerCase();
  const queryWords = [...new Set(tokenize(query))].filter((w) => !STOPWORDS.has(w));
  if (queryWords.length === 0 && exact === '') return [];

  const analysedTools = tools.map((metadata) => ({ metadata, tool: analyze(metadata) }));
  const documentFrequency = new Map<string, number>();
  for (const { tool } of analysedTools) {
    for (const term of tool.all) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const vocabulary = new Map<string, string>();
  for (const { tool } of analysedTools)
    for (const [written, stemmed] of tool.words) vocabulary.set(written, stemmed);
  const n = Math.max(tools.length, 1);
  const idf = (term: string) => Math.log(1 + n / (1 + (documentFrequency.get(term) ?? 0)));
  const synonyms = [
    glossaryIndex(CORE_SEARCH_GLOSSARY),
    ...(options.glossary ? [glossaryIndex(options.glossary)] : []),
  ];
  const perWord = queryWords.map((word) => ({ word, variants: variants(word, vocabulary, synonyms) }));

  const ranked = analysedTools.map(({ metadata, tool }) => {
    let score = 0;
    let matched = 0;
    for (const { word, variants: options } of perWord) {
      let best = 0;
      for (const field of FIELDS) {
        const present = tool.fields[field];
        for (const { term, weight } of options) {
          if (present.has(term)) best = Math.max(best, WEIGHTS[field] * weight * idf(term));
        }
        if (best === 0 && word.length >= 3) {
          // A word cut short ("attach" for attachments, "sprint" in "sprints").
          for (const t of present) {
            const cutShort = t.startsWith(word);
            const longer = word.startsWith(t) && (t.length >= 4 || (t.length === 3 && word.length <= 5));
            if (cutShort || longer) {
              best = Math.max(best, WEIGHTS[field] * PARTIAL * idf(t));
            }
          }
        }
      }
      if (best > 0) matched++;
      score += best;
    }
    score *= perWord.length > 0 ? matched / perWord.length : 0;
    if (metadata.name.toLowerCase() === exact) score += 100;
    return { metadata, score };
  });
  return ranked
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.metadata.name.localeCompare(b.metadata.name))
    .slice(0, limit);
}
