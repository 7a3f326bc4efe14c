/**
 * `search_tools` recall: over each server's own tool list (ClickUp, Yandex Tracker, the coding tools),
 * labelled queries (fixtures/tool-search-queries.ts: the tool's own words, paraphrases, misspellings,
 * Russian) are ranked by the lexical ranking before issue 26 (the baseline, fixtures/legacy-rank-tools.ts),
 * the lexical ranking `search_tools` uses by default now (core's rankTools with the server's glossary)
 * and the hybrid one (`@toolsmith/knowledge-search`'s createHybridToolRanker: full text + trigram in
 * PGlite, fused with the lexical ranking). A query is found when its tool (or one of `also`) is among
 * the first 5; MRR is the mean of 1 / rank of the first such tool (0 when not in the first 20).
 */
import { createRegistry as createClickUpRegistry, CLICKUP_SEARCH_GLOSSARY } from '@toolsmith/clickup-mcp';
import { createCodingToolkit, CODING_SEARCH_GLOSSARY, type SearchProvider } from '@toolsmith/coding-tools';
import { rankTools, type SearchGlossary, type ToolMetadata } from '@toolsmith/core';
import { createHybridToolRanker } from '@toolsmith/knowledge-search';
import {
  createRegistry as createTrackerRegistry,
  TRACKER_SEARCH_GLOSSARY,
} from '@toolsmith/yandex-tracker-mcp';
import { legacyRankTools } from './fixtures/legacy-rank-tools.ts';
import {
  CLICKUP_HELD_OUT,
  CLICKUP_QUERIES,
  CODING_HELD_OUT,
  CODING_QUERIES,
  TRACKER_HELD_OUT,
  TRACKER_QUERIES,
  type LabelledQuery,
  type QueryKind,
} from './fixtures/tool-search-queries.ts';
import type { BenchmarkResult, TargetCheck } from './report.ts';

const RECALL_GOAL = 0.95;
const DEPTH = 20;
const KINDS: QueryKind[] = ['direct', 'paraphrase', 'misspelling', 'russian'];

type Ranker = (query: string, tools: readonly ToolMetadata[]) => Promise<string[]>;

interface Figures {
  recall: number;
  mrr: number;
  byKind: Record<QueryKind, { recall: number; n: number }>;
  misses: string[];
  msPerQuery: number;
}

async function measure(
  rank: Ranker,
  tools: readonly ToolMetadata[],
  queries: LabelledQuery[],
): Promise<Figures> {
  let found = 0;
  let reciprocal = 0;
  const byKind = Object.fromEntries(KINDS.map((k) => [k, { found: 0, n: 0 }])) as Record<
    QueryKind,
    { found: number; n: number }
  >;
  const misses: string[] = [];
  const started = performance.now();
  for (const labelled of queries) {
    const wanted = new Set([labelled.tool, ...(labelled.also ?? [])]);
    const names = (await rank(labelled.query, tools)).slice(0, DEPTH);
    const rank1 = names.findIndex((name) => wanted.has(name));
    const hit = rank1 >= 0 && rank1 < 5;
    byKind[labelled.kind].n++;
    if (hit) {
      found++;
      byKind[labelled.kind].found++;
    } else misses.push(`"${labelled.query}" → ${names.slice(0, 3).join(', ') || 'nothing'}`);
    if (rank1 >= 0) reciprocal += 1 / (rank1 + 1);
  }
  const msPerQuery = (performance.now() - started) / queries.length;
  return {
    recall: found / queries.length,
    mrr: reciprocal / queries.length,
    byKind: Object.fromEntries(
      KINDS.map((k) => [k, { recall: byKind[k].n ? byKind[k].found / byKind[k].n : NaN, n: byKind[k].n }]),
    ) as Figures['byKind'],
    misses,
    msPerQuery,
  };
}

const format = (f: Figures) =>
  `recall@5 ${f.recall.toFixed(3)}, MRR ${f.mrr.toFixed(3)} (${KINDS.filter((k) => f.byKind[k].n > 0)
    .map((k) => `${k} ${f.byKind[k].recall.toFixed(2)}/${f.byKind[k].n}`)
    .join(', ')}; ${f.msPerQuery.toFixed(2)} ms a query)`;

export async function runToolSearch(): Promise<BenchmarkResult> {
  // Every coding tool, WebSearch and CodeSearch included (their provider is never called here).
  const provider = { search: () => Promise.reject(new Error('not called')) } as unknown as SearchProvider;
  const kit = createCodingToolkit({ root: process.cwd(), webSearch: provider, codeSearch: provider });
  const servers: {
    name: string;
    tools: ToolMetadata[];
    glossary: SearchGlossary;
    queries: LabelledQuery[];
    heldOut: LabelledQuery[];
  }[] = [
    {
      name: 'ClickUp',
      tools: createClickUpRegistry()
        .list()
        .map((t) => t.metadata),
      glossary: CLICKUP_SEARCH_GLOSSARY,
      queries: CLICKUP_QUERIES,
      heldOut: CLICKUP_HELD_OUT,
    },
    {
      name: 'Yandex Tracker',
      tools: createTrackerRegistry()
        .list()
        .map((t) => t.metadata),
      glossary: TRACKER_SEARCH_GLOSSARY,
      queries: TRACKER_QUERIES,
      heldOut: TRACKER_HELD_OUT,
    },
    {
      name: 'coding tools',
      tools: kit.registry.list().map((t) => t.metadata),
      glossary: CODING_SEARCH_GLOSSARY,
      queries: CODING_QUERIES,
      heldOut: CODING_HELD_OUT,
    },
  ];
  const targets: TargetCheck[] = [];
  const notes: string[] = [];
  for (const server of servers) {
    const names = new Set(server.tools.map((t) => t.name));
    const unknown = [...server.queries, ...server.heldOut]
      .flatMap((l) => [l.tool, ...(l.also ?? [])])
      .filter((n) => !names.has(n));
    if (unknown.length > 0)
      throw new Error(`${server.name}: labelled tools not registered: ${unknown.join(', ')}`);
    const legacy = await measure(
      async (query, tools) => legacyRankTools(query, tools, DEPTH).map((r) => r.metadata.name),
      server.tools,
      server.queries,
    );
    const lexical = await measure(
      async (query, tools) =>
        rankTools(query, tools, DEPTH, { glossary: server.glossary }).map((r) => r.metadata.name),
      server.tools,
      server.queries,
    );
    const hybridRanker = createHybridToolRanker({ glossary: server.glossary });
    const hybridRank: Ranker = async (query, tools) =>
      (await hybridRanker(query, tools, DEPTH)).map((r) => r.metadata.name);
    const hybrid = await measure(hybridRank, server.tools, server.queries);
    const heldOut = {
      legacy: await measure(
        async (query, tools) => legacyRankTools(query, tools, DEPTH).map((r) => r.metadata.name),
        server.tools,
        server.heldOut,
      ),
      lexical: await measure(
        async (query, tools) =>
          rankTools(query, tools, DEPTH, { glossary: server.glossary }).map((r) => r.metadata.name),
        server.tools,
        server.heldOut,
      ),
      hybrid: await measure(hybridRank, server.tools, server.heldOut),
    };
    await hybridRanker.close();
    notes.push(
      `${server.name}, ${server.tools.length} tools, ${server.queries.length} labelled queries:`,
      `  before (lexical, 685005c): ${format(legacy)}`,
      `  lexical (default):         ${format(lexical)}`,
      `  hybrid (knowledge-search): ${format(hybrid)}`,
      ...lexical.misses.map((m) => `    lexical miss: ${m}`),
      ...hybrid.misses.map((m) => `    hybrid miss: ${m}`),
      `  held out (${server.heldOut.length} queries written after the ranking was settled):`,
      `    before:  ${format(heldOut.legacy)}`,
      `    lexical: ${format(heldOut.lexical)}`,
      `    hybrid:  ${format(heldOut.hybrid)}`,
      ...heldOut.lexical.misses.map((m) => `    held-out lexical miss: ${m}`),
    );
    targets.push(
      {
        target: `${server.name}: search_tools recall@5 ≥ ${RECALL_GOAL} on the labelled queries (lexical default)`,
        measured: `${lexical.recall.toFixed(3)} (MRR ${lexical.mrr.toFixed(3)}; before ${legacy.recall.toFixed(3)}, MRR ${legacy.mrr.toFixed(3)})`,
        met: lexical.recall >= RECALL_GOAL,
      },
      {
        target: `${server.name}: the lexical default no worse than before (recall@5 and MRR)`,
        measured: `recall ${lexical.recall.toFixed(3)} vs ${legacy.recall.toFixed(3)}, MRR ${lexical.mrr.toFixed(3)} vs ${legacy.mrr.toFixed(3)}`,
        met: lexical.recall >= legacy.recall && lexical.mrr >= legacy.mrr,
      },
      {
        target: `${server.name}: held-out queries, the lexical default no worse than before (recall@5)`,
        measured: `${heldOut.lexical.recall.toFixed(3)} vs ${heldOut.legacy.recall.toFixed(3)} (MRR ${heldOut.lexical.mrr.toFixed(3)} vs ${heldOut.legacy.mrr.toFixed(3)}; hybrid ${heldOut.hybrid.recall.toFixed(3)})`,
        met: heldOut.lexical.recall >= heldOut.legacy.recall,
      },
      {
        target: `${server.name}: search_tools recall@5 ≥ ${RECALL_GOAL} (hybrid, knowledge-search)`,
        measured: `${hybrid.recall.toFixed(3)} (MRR ${hybrid.mrr.toFixed(3)})`,
        met: hybrid.recall >= RECALL_GOAL,
      },
    );
  }
  return { name: 'tool-search', tables: [], targets, notes };
}
