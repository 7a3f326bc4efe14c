/**
 * `toolsmith-knowledge index|search`: the knowledge-search subcommands of the `toolsmith-knowledge`
 * CLI (`npm run knowledge -- …`), which loads this module only for them.
 *
 *   index <pack-dir-or-markdown>… --db DIR [--pack NAME] [--tool NAME] [--reset-embeddings] [--json]
 *   search "<query>" --db DIR [--limit N] [--type T[,T…]] [--tool T[,T…]] [--json]
 *
 * The store is PGlite in `--db DIR` (or KNOWLEDGE_DB); DATABASE_URL (or KNOWLEDGE_DATABASE_URL)
 * switches both commands to PostgreSQL. KNOWLEDGE_EMBEDDING_MODEL adds embeddings. With `--json`
 * the last line of stdout is one JSON value: `{"added":N,"updated":N,"unchanged":N,"removed":N}` for
 * index, `{"results":[…]}` for search. Progress and notices go to stderr. A search from the command
 * line is not counted in the usage statistics (it is a person looking, not an agent using).
 *
 * Exit codes: 0 ok, 1 the pack or the store failed, 2 usage error (bad arguments or query).
 */
import { parseArgs } from 'node:util';
import { ToolsmithError, ValidationError, type Logger } from '@toolsmith/core';
import { ENTITY_TYPES } from '../entity-types.ts';
import type { EnvSource } from '../embedding/resolve-embedding-model.ts';
import { ingestPack } from '../ingest/ingest-pack.ts';
import { createKnowledgeStore, type CreateKnowledgeStoreOptions } from '../store/create-knowledge-store.ts';
import type { IngestCounts, KnowledgeHit, KnowledgeStore } from '../store/knowledge-store.ts';

export interface KnowledgeSearchCliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export interface KnowledgeSearchCliDeps {
  /** Where DATABASE_URL, KNOWLEDGE_DB and KNOWLEDGE_EMBEDDING_* are read (default process.env). */
  env?: EnvSource;
  /** Makes the store (tests pass a PGlite template or a scripted embedding model). */
  createStore?: (options: CreateKnowledgeStoreOptions) => KnowledgeStore;
}

export const KNOWLEDGE_SEARCH_USAGE = `  toolsmith-knowledge index <pack-dir-or-markdown>... --db <dir> [--pack <name>] [--tool <name>] [--reset-embeddings] [--json]
  toolsmith-knowledge search "<query>" --db <dir> [--limit <n>] [--type <type>[,<type>...]] [--tool <tool>[,<tool>...]] [--json]
    (DATABASE_URL switches index and search to PostgreSQL; KNOWLEDGE_EMBEDDING_MODEL adds vector search)`;

class UsageError extends Error {}

export async function runKnowledgeSearchCli(
  argv: readonly string[],
  io: KnowledgeSearchCliIo = defaultIo(),
  deps: KnowledgeSearchCliDeps = {},
): Promise<number> {
  const env = deps.env ?? process.env;
  const [command, ...rest] = argv;
  let store: KnowledgeStore | undefined;
  try {
    const { values, positionals } = parseArguments(command, rest);
    const directory = values.db as string | undefined;
    if (!directory && !env.KNOWLEDGE_DATABASE_URL && !env.DATABASE_URL && !env.KNOWLEDGE_DB) {
      throw new UsageError(
        `${command} needs a store: --db <dir> (or KNOWLEDGE_DB), or DATABASE_URL for PostgreSQL.`,
      );
    }
    store = (deps.createStore ?? createKnowledgeStore)({
      env,
      ...(directory ? { directory } : {}),
      logger: textLogger(io.err),
    });
    return command === 'index'
      ? await index(store, positionals, values, io)
      : await find(store, positionals, values, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\nUsage:\n${KNOWLEDGE_SEARCH_USAGE}`);
      return 2;
    }
    if (ValidationError.isInstance(error)) {
      io.err(error.message);
      return 2;
    }
    if (ToolsmithError.isInstance(error)) {
      io.err(error.message);
      return 1;
    }
    io.err(
      `${command} failed${store ? ` on the knowledge store (${store.description})` : ''}: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    await store?.close().catch(() => undefined);
  }
}

type Values = Record<string, string | boolean | undefined>;

const COMMON_OPTIONS = {
  db: { type: 'string' },
  json: { type: 'boolean' },
  tool: { type: 'string' },
} as const;
const OPTIONS = {
  index: { ...COMMON_OPTIONS, pack: { type: 'string' }, 'reset-embeddings': { type: 'boolean' } },
  search: { ...COMMON_OPTIONS, limit: { type: 'string' }, type: { type: 'string' } },
} as const;

function parseArguments(
  command: string | undefined,
  rest: string[],
): { values: Values; positionals: string[] } {
  if (command !== 'index' && command !== 'search') {
    throw new UsageError(`Unknown command "${command ?? ''}"; knowledge search has index and search.`);
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: OPTIONS[command],
    });
    return { values: values as Values, positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function index(
  store: KnowledgeStore,
  targets: string[],
  values: Values,
  io: KnowledgeSearchCliIo,
): Promise<number> {
  if (targets.length === 0)
    throw new UsageError('index needs a knowledge pack directory or a markdown file.');
  if (targets.length > 1 && (values.pack || values.tool)) {
    throw new UsageError('--pack and --tool name one pack; give one directory or file with them.');
  }
  if (values['reset-embeddings']) {
    await store.resetEmbeddings();
    io.err(`${store.description}: embeddings dropped; this index embeds with the configured model.`);
  }
  const total: IngestCounts = { added: 0, updated: 0, unchanged: 0, removed: 0 };
  for (const target of targets) {
    const result = await ingestPack(store, target, {
      ...(values.pack ? { pack: values.pack as string } : {}),
      ...(values.tool ? { tool: values.tool as string } : {}),
      progress: (line) => io.err(line),
    });
    for (const key of Object.keys(total) as (keyof IngestCounts)[]) total[key] += result[key];
    if (!values.json) {
      io.out(
        `${result.pack}: ${result.entries} entries — ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.removed} removed`,
      );
    }
  }
  if (values.json) io.out(JSON.stringify(total));
  else io.out(`Indexed into ${store.description}.`);
  return 0;
}

async function find(
  store: KnowledgeStore,
  positionals: string[],
  values: Values,
  io: KnowledgeSearchCliIo,
): Promise<number> {
  if (positionals.length !== 1) {
    throw new UsageError(`search needs exactly one query (quote it): got ${positionals.length}.`);
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  const list = (v: unknown) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  const hits = await store.search({
    text: positionals[0]!,
    ...(limit === undefined ? {} : { limit }),
    ...(values.type ? { entityTypes: list(values.type) as never } : {}),
    ...(values.tool ? { tools: list(values.tool)! } : {}),
  });
  if (values.json) {
    io.out(JSON.stringify({ results: hits.map(toJson) }));
    return 0;
  }
  if (hits.length === 0) {
    io.out(
      `No knowledge matches. Try other words, or drop --type/--tool (types: ${ENTITY_TYPES.join(', ')}).`,
    );
    return 0;
  }
  hits.forEach((hit, i) => {
    io.out(`${i + 1}. [${hit.entityType}] ${hit.entityId} (${hit.tool}) — ${hit.topic}`);
    io.out(`   score ${hit.score.toFixed(4)} by ${hit.matchedBy.join(' + ')}, id ${hit.id}`);
    const excerpt = hit.content
      .split('\n')
      .filter((l) => l.trim())
      .slice(0, 3);
    for (const line of excerpt) io.out(`   ${line.length > 120 ? `${line.slice(0, 119)}…` : line}`);
  });
  return 0;
}

function toJson(hit: KnowledgeHit) {
  return {
    entityType: hit.entityType,
    entityId: hit.entityId,
    topic: hit.topic,
    score: hit.score,
    content: hit.content,
    tool: hit.tool,
    pack: hit.pack,
    id: hit.id,
    matchedBy: hit.matchedBy,
    metadata: hit.metadata,
  };
}

/** Notices as plain lines on stderr (a person reads them here, not a log collector). */
function textLogger(write: (line: string) => void): Logger {
  const logger: Logger = {
    debug: () => undefined,
    info: (message) => write(message),
    warn: (message) => write(message),
    error: (message) => write(message),
    child: () => logger,
  };
  return logger;
}

function defaultIo(): KnowledgeSearchCliIo {
  return {
    out: (text) => void process.stdout.write(`${text}\n`),
    err: (text) => void process.stderr.write(`${text}\n`),
  };
}
