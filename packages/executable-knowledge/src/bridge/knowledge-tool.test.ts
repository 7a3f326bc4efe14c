/**
 * KnowledgeTool with call context, through the REAL sandbox pool: context fetched by providers
 * before validation (cached, shared, invalidated by stale-cache API errors), validator conversions
 * applied to the call and reported in its answer, nothing of the host inside the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import {
  ApiError,
  defineToolMetadata,
  noProgress,
  silentLogger,
  type Logger,
  type ToolContext,
} from '@toolsmith/core';
import { z } from 'zod';
import { ValidatorOutputError } from '../errors/validator-output-error.ts';
import { ToolResolver } from '../resolver/tool-resolver.ts';
import { createSandboxPool } from '../sandbox/index.ts';
import type { SandboxPool } from '../sandbox/sandbox-types.ts';
import { defineContextProvider } from '../validation-context/context-provider.ts';
import { ValidationContext } from '../validation-context/validation-context.ts';
import { KnowledgeTool, type KnowledgeDeps } from './knowledge-tool.ts';

const packs = fileURLToPath(new URL('./__fixtures__/', import.meta.url));
const TOKEN = 'pk_81_SECRET_TOKEN';

let pool: SandboxPool;
let resolver: ToolResolver;
beforeAll(() => {
  pool = createSandboxPool({ size: 2 });
  resolver = new ToolResolver({ searchPaths: [packs], pool });
});
afterAll(() => pool.close());

/** A fake board API: the providers close over it and its token, as a real server's would. */
function fakeApi() {
  const requests: string[] = [];
  const boards: Record<string, string[]> = { b1: ['To do', 'In Review', 'Done'] };
  const api = {
    requests,
    boards,
    token: TOKEN,
    async get(path: string): Promise<unknown> {
      requests.push(path);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (path.startsWith('/board/')) {
        const id = path.slice('/board/'.length);
        return { id, columns: boards[id], fetchedWith: { authorization: api.token.slice(0, 3) } };
      }
      return { me: 81, users: [{ id: 82, name: 'Ana' }] };
    },
  };
  return api;
}

function contextFor(api: ReturnType<typeof fakeApi>) {
  return new ValidationContext({
    providers: [
      defineContextProvider({
        id: 'board',
        key: (input) => (typeof input['board'] === 'string' ? input['board'] : undefined),
        fetch: (input) => api.get(`/board/${String(input['board'])}`),
        ttlMs: 60_000,
        isStale: (error) => ApiError.isInstance(error) && error.apiCode === 'UNKNOWN_COLUMN',
      }),
      defineContextProvider({
        id: 'people',
        key: () => 'team',
        fetch: () => api.get('/people'),
        ttlMs: 60_000,
      }),
    ],
  });
}

const Params = z.object({
  board: z.string(),
  card: z.string(),
  column: z.string(),
  owners: z.array(z.union([z.string(), z.number()])).optional(),
});
type MoveParams = z.output<typeof Params>;

class MoveCardTool extends KnowledgeTool<KnowledgeDeps, typeof Params> {
  static override readonly METADATA = defineToolMetadata({
    name: 'board_move_card',
    description: '[Cards/Move] Move a card to a column.',
    category: 'cards',
    annotations: { readOnlyHint: false },
  });
  static override readonly KNOWLEDGE = { toolId: 'board', command: 'move_card' };
  readonly sent: MoveParams[] = [];
  failWith: Error | undefined;
  override getParamsSchema() {
    return Params;
  }
  async execute(params: MoveParams) {
    if (this.failWith) throw this.failWith;
    this.sent.push(structuredClone(params));
    return { moved: params.card, to: params.column };
  }
}

function ctx(deps: Partial<KnowledgeDeps>, logger: Logger = silentLogger): ToolContext<KnowledgeDeps> {
  return {
    deps: { knowledge: resolver, ...deps },
    signal: new AbortController().signal,
    progress: noProgress,
    logger,
    toolName: 'board_move_card',
  };
}

const text = (result: { content: unknown[] }) =>
  result.content.map((c) => (c as { text?: string }).text ?? '').join('\n');

describe('KnowledgeTool with call context', () => {
  it('converts what the context resolves, sends the converted call and says so in the answer', async () => {
    const api = fakeApi();
    const tool = new MoveCardTool();
    const args = { board: 'b1', card: 'c7', column: 'in review', owners: ['me', 'Ana', 83] };
    const result = await tool.run(args, ctx({ knowledgeContext: contextFor(api) }));
    expect(result.isError).toBeUndefined();
    expect(tool.sent).toEqual([{ board: 'b1', card: 'c7', column: 'In Review', owners: [81, 82, 83] }]);
    expect(args.owners).toEqual(['me', 'Ana', 83]); // the caller's arguments are not mutated
    expect(text(result)).toBe(
      [
        'converted: column "in review" → In Review (case fixed); owners[0] "me" → 81 (name → user id); owners[1] "Ana" → 82 (name → user id)',
        '{"moved":"c7","to":"In Review"}',
      ].join('\n'),
    );
  });

  it('refuses with the context in the message and converts nothing when anything is wrong', async () => {
    const tool = new MoveCardTool();
    const result = await tool.run(
      { board: 'b1', card: 'c7', column: 'in review', owners: ['Bob'] },
      ctx({ knowledgeContext: contextFor(fakeApi()) }),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'Invalid arguments for tool "board_move_card":\n- owners[0]: No user named "Bob".\nFix these fields and call the tool again.',
    );
    const unknownColumn = await tool.run(
      { board: 'b1', card: 'c7', column: 'Archive' },
      ctx({ knowledgeContext: contextFor(fakeApi()) }),
    );
    expect(text(unknownColumn)).toContain(
      '- column: Board b1 has no column "Archive": use one of To do, In Review, Done.',
    );
    expect(tool.sent).toEqual([]);
  });

  it('runs the pack only for calls that set a parameter the binding says it validates', async () => {
    class OwnersOnlyTool extends MoveCardTool {
      static override readonly KNOWLEDGE = { toolId: 'board', command: 'move_card', validates: ['owners'] };
    }
    const tool = new OwnersOnlyTool();
    const api = fakeApi();
    // No `owners`: the pack (and its context) are not consulted, the column goes as given.
    const skipped = await tool.run(
      { board: 'b1', card: 'c7', column: 'Archive' },
      ctx({ knowledgeContext: contextFor(api) }),
    );
    expect(skipped.isError).toBeUndefined();
    expect(tool.sent).toEqual([{ board: 'b1', card: 'c7', column: 'Archive' }]);
    // With `owners`, the whole command is validated as before.
    const checked = await tool.run(
      { board: 'b1', card: 'c7', column: 'Archive', owners: ['me'] },
      ctx({ knowledgeContext: contextFor(api) }),
    );
    expect(text(checked)).toContain('- column: Board b1 has no column "Archive"');
    expect(tool.sent).toHaveLength(1);
  });

  it('fetches each entry once for concurrent calls and serves the next calls from the cache', async () => {
    const api = fakeApi();
    const context = contextFor(api);
    const tool = new MoveCardTool();
    const call = (card: string) =>
      tool.run({ board: 'b1', card, column: 'Done', owners: ['me'] }, ctx({ knowledgeContext: context }));
    const results = await Promise.all([call('c1'), call('c2'), call('c3'), call('c4')]);
    expect(results.every((r) => r.isError === undefined)).toBe(true);
    await call('c5');
    expect(api.requests.sort()).toEqual(['/board/b1', '/people']);
    expect(tool.sent.map((p) => p.owners)).toEqual([[81], [81], [81], [81], [81]]);
  });

  it('drops a stale entry when the API error says so, and the next call sees the fresh data', async () => {
    const api = fakeApi();
    const context = contextFor(api);
    const tool = new MoveCardTool();
    await tool.run({ board: 'b1', card: 'c1', column: 'Done' }, ctx({ knowledgeContext: context }));
    // Someone renamed a column: the cached board is stale, and the API says so.
    api.boards['b1'] = ['To do', 'Reviewing', 'Done'];
    tool.failWith = new ApiError({
      message: 'Column does not exist',
      status: 400,
      method: 'POST',
      url: '/card/c2/move',
      apiCode: 'UNKNOWN_COLUMN',
    });
    const failed = await tool.run(
      { board: 'b1', card: 'c2', column: 'In Review' },
      ctx({ knowledgeContext: context }),
    );
    expect(failed.isError).toBe(true);
    tool.failWith = undefined;
    const next = await tool.run(
      { board: 'b1', card: 'c2', column: 'In Review' },
      ctx({ knowledgeContext: context }),
    );
    expect(text(next)).toContain('use one of To do, Reviewing, Done.');
    expect(api.requests.filter((r) => r === '/board/b1')).toHaveLength(2);

    // Errors that do not mean stale data keep the cache.
    tool.failWith = new ApiError({
      message: 'Rate limited',
      status: 429,
      method: 'POST',
      url: '/card/c3/move',
    });
    await tool.run({ board: 'b1', card: 'c3', column: 'Done' }, ctx({ knowledgeContext: context }));
    expect(api.requests.filter((r) => r === '/board/b1')).toHaveLength(2);
  });

  it('validates without an entry whose fetch failed, and logs why', async () => {
    const warnings: unknown[] = [];
    const logger: Logger = { ...silentLogger, warn: (message, data) => warnings.push([message, data]) };
    const context = new ValidationContext({
      providers: [
        defineContextProvider({
          id: 'board',
          key: () => 'b1',
          fetch: () => Promise.reject(new Error('ECONNRESET')),
          ttlMs: 1,
        }),
        defineContextProvider({
          id: 'people',
          key: () => 'team',
          fetch: async () => ({ me: 81, users: [] }),
          ttlMs: 1,
        }),
      ],
    });
    const tool = new MoveCardTool();
    const result = await tool.run(
      { board: 'b1', card: 'c1', column: 'anything', owners: ['me'] },
      ctx({ knowledgeContext: context }, logger),
    );
    expect(result.isError).toBeUndefined();
    expect(tool.sent).toEqual([{ board: 'b1', card: 'c1', column: 'anything', owners: [81] }]);
    expect(warnings).toEqual([
      ['knowledge context unavailable: validating without it', expect.objectContaining({ context: 'board' })],
    ]);
  });

  it('works as before without a context source: validators get an empty context', async () => {
    const tool = new MoveCardTool();
    const result = await tool.run({ board: 'b1', card: 'c1', column: 'in review', owners: ['me'] }, ctx({}));
    expect(result.isError).toBeUndefined();
    expect(tool.sent).toEqual([{ board: 'b1', card: 'c1', column: 'in review', owners: ['me'] }]);
    expect(text(result)).toBe('{"moved":"c1","to":"in review"}');
  });
});

describe('validators and context through the validation helper', () => {
  it('calls a validator without context with one argument, as before', async () => {
    const validator = await resolver.validatorFor('board');
    expect(validator.contextFor('legacy_card')).toEqual([]);
    expect(await validator.validate('legacy_card', {})).toEqual({ valid: true, errors: [] });
  });

  it('refuses a conversion whose "from" is not in the input, naming the validator', async () => {
    const validator = await resolver.validatorFor('board');
    const error = await validator.validate('bad_conversion', { column: 'To do' }).catch((e: unknown) => e);
    expect(ValidatorOutputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      'Validator "validate-bad-conversion" of tool "board" returned',
    );
    expect((error as Error).message).toContain(
      'the conversion of column cannot apply: its "from" "not what the input holds" is not the input\'s value at column ("To do")',
    );
  });

  it('gives the sandbox a copy of plain data: no host object, function or token is reachable', async () => {
    const api = fakeApi();
    const context = contextFor(api);
    const { data } = await context.resolve(['board'], { board: 'b1' });
    const validator = await resolver.validatorFor('board');
    const result = await validator.validate('probe_host', { board: 'b1' }, { context: data });
    const probe = result.errors[0]?.message ?? '';
    expect(probe).toContain('process:undefined | fetch:undefined | require:undefined');
    expect(probe).toContain('global.process:undefined | global.fetch:undefined');
    expect(probe).toContain('plain:true');
    expect(probe).toContain(
      'context:{"board":{"id":"b1","columns":["To do","In Review","Done"],"fetchedWith":{"authorization":"pk_"}}}',
    );
    expect(probe).not.toContain(TOKEN);
  });
});

describe('KnowledgeTool with knowledge hints', () => {
  /** Searchable knowledge as a server gives it: here a table of what explains which error words. */
  function hints() {
    const asked: { toolId: string; command: string; error: string; maxTokens: number }[] = [];
    return {
      asked,
      async hintsFor(
        query: { toolId: string; command: string; error: string },
        options: { maxTokens: number },
      ) {
        asked.push({ ...query, maxTokens: options.maxTokens });
        return query.error.includes('COLUMN_LOCKED')
          ? '- [quirk locked_columns] A locked column takes no cards: unlock it in the board settings.'
          : undefined;
      },
    };
  }
  const apiRefusal = () =>
    new ApiError({
      message: 'Board API refused the move: COLUMN_LOCKED',
      status: 409,
      method: 'POST',
      url: 'https://board.example/move',
      apiCode: 'COLUMN_LOCKED',
    });

  it('adds what the knowledge says to an API refusal, asking with the tool, command and error', async () => {
    const tool = new MoveCardTool();
    tool.failWith = apiRefusal();
    const knowledgeHints = hints();
    const result = await tool.run({ board: 'b1', card: 'c7', column: 'Done' }, ctx({ knowledgeHints }));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(
      'What the knowledge says about it:\n- [quirk locked_columns] A locked column takes no cards: unlock it in the board settings.',
    );
    expect(knowledgeHints.asked).toEqual([
      {
        toolId: 'board',
        command: 'move_card',
        error: expect.stringContaining('COLUMN_LOCKED'),
        maxTokens: 300,
      },
    ]);
  });

  it('leaves an error alone when the knowledge has nothing, fails, or the error is a bug', async () => {
    const tool = new MoveCardTool();
    tool.failWith = new ApiError({
      message: 'Board API: HTTP 500',
      status: 500,
      method: 'POST',
      url: 'https://board.example/move',
    });
    const plain = await tool.run(
      { board: 'b1', card: 'c7', column: 'Done' },
      ctx({ knowledgeHints: hints() }),
    );
    expect(text(plain)).not.toContain('What the knowledge says');
    tool.failWith = apiRefusal();
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (message: string) => void warnings.push(message) } as Logger;
    const broken = { hintsFor: () => Promise.reject(new Error('store is down')) };
    const failed = await tool.run(
      { board: 'b1', card: 'c7', column: 'Done' },
      ctx({ knowledgeHints: broken }, logger),
    );
    expect(text(failed)).toContain('COLUMN_LOCKED');
    expect(text(failed)).not.toContain('What the knowledge says');
    expect(warnings).toContain('knowledge hints unavailable');
    const bug = hints();
    tool.failWith = new TypeError('cannot read properties of undefined');
    // a bug goes to the adapter as an internal error (BaseTool rethrows it), with no lookup
    await expect(
      tool.run({ board: 'b1', card: 'c7', column: 'Done' }, ctx({ knowledgeHints: bug })),
    ).rejects.toThrow(TypeError);
    expect(bug.asked).toEqual([]);
  });
});
