/**
 * The user's yes before irreversible changes (confirmation.ts), through the MCP SDK's real Client on
 * the emulator: a client that can ask its user (elicitation) is asked, and decline or cancel writes
 * nothing; a client that cannot is refused until the call carries `confirm: true`; the operator can
 * turn it off. Then, generated from the registry: every tool declared destructive takes `confirm` and
 * writes nothing without the user's yes, so a new delete tool cannot forget it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { createMcpServer, parseServeArgs, serveHttp } from '@toolsmith/core/mcp';
import {
  connectHttp,
  connectInMemory,
  resultText,
  type ClientEra,
  type McpTestConnection,
} from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { loadConfig } from '../../config.ts';
import { emulatorEnv, TOKEN } from '../../e2e/__fixtures__/tracker-fixture.ts';
import { addSeedExtras, VALID_CALLS } from '../../e2e/__fixtures__/valid-calls.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../../server.ts';
import { CONFIRM_DESCRIPTION } from './confirmation.ts';

type Answer = { action: 'accept'; content: Record<string, never> } | { action: 'decline' | 'cancel' };

interface Connected {
  connection: McpTestConnection;
  /** The questions the user was asked (elicitation clients). */
  asked: string[];
  call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }>;
}

let emulator: TrackerEmulator;
let answer: Answer;
const open: McpTestConnection[] = [];

/** A server on the emulator (confirmation on, as deployed), and a client with or without elicitation. */
async function connect(
  elicitation: boolean,
  env: Record<string, string> = {},
  era: ClientEra = 'legacy',
): Promise<Connected> {
  const config = loadConfig(emulatorEnv(emulator, { YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'true', ...env }));
  const options = {
    name: SERVER_NAME,
    version: SERVER_VERSION,
    registry: createRegistry(),
    deps: createDeps(config, { retryBaseDelayMs: 5 }),
    selection: parseServeArgs(['--toolsets', 'all'], {}).selection,
    logger: silentLogger,
  };
  const client = { era, ...(elicitation ? { capabilities: { elicitation: { form: {} } } } : {}) };
  let connection: McpTestConnection;
  if (era === 'modern') {
    // 2026-07-28 over Streamable HTTP on 127.0.0.1: the question is an input-required round.
    const http = await serveHttp({ ...options, port: 0 });
    const linked = await connectHttp(http.url, client);
    connection = { ...linked, close: async () => (await linked.close(), await http.close()) };
  } else {
    connection = await connectInMemory(createMcpServer(options), client);
  }
  open.push(connection);
  const asked: string[] = [];
  if (elicitation) {
    connection.client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return answer;
    });
  }
  return {
    connection,
    asked,
    async call(name, args) {
      const result = await connection.client.callTool({ name, arguments: args });
      return { isError: result.isError === true, text: resultText(result) };
    },
  };
}

/** Searches and counts are POSTs that change nothing. */
const READ_POSTS = /\/(_search|_count|_findByUnique)$/;
const writesSince = (from: number) =>
  emulator.requests
    .slice(from)
    .filter((r) => r.method !== 'GET' && !READ_POSTS.test(r.path))
    .map((r) => `${r.method} ${r.path}`);

/** Runs `work` and returns the writes the emulator saw meanwhile. */
async function writesOf(work: () => Promise<unknown>): Promise<string[]> {
  const from = emulator.requests.length;
  await work();
  return writesSince(from);
}

let asking: Connected;
let mute: Connected;

beforeAll(async () => {
  emulator = await createTrackerEmulator({ token: TOKEN });
  asking = await connect(true);
  mute = await connect(false);
});
beforeEach(() => {
  emulator.reset();
  addSeedExtras(emulator.state);
  asking.asked.length = 0;
  answer = { action: 'accept', content: {} };
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await emulator.close();
});

const issue = (key: string) => emulator.state.issues.find((i) => i.key === key);

const MOVE = { issueId: 'DEMO-10', targetQueueId: 'WEB' };
const MOVE_QUESTION =
  'Move DEMO-10 to WEB? It gets a new key in WEB (moving back gives another new one) and its components, versions and projects are cleared.';
const BULK = { issueIds: ['OPS-2', 'OPS-5'], targetQueueId: 'WEB', initialStatus: true };
const BULK_QUESTION =
  "Move 2 issues (OPS-2, OPS-5) to WEB? Each gets a new key in WEB (moving back gives another new one), their components, versions and projects are cleared and their status is reset to WEB's first.";
const DELETE = { issueId: 'DEMO-7', commentId: 104 };
const DELETE_QUESTION = 'Delete comment 104 on DEMO-7? It cannot be restored.';

describe('a client that can ask its user', () => {
  it.each([
    ['move', 'tracker_move_issue', MOVE, MOVE_QUESTION],
    ['bulk move', 'tracker_bulk_move_issues', BULK, BULK_QUESTION],
    ['delete', 'tracker_delete_comment', DELETE, DELETE_QUESTION],
  ])(
    '%s: the user is asked exactly what will be done, and yes writes',
    async (_kind, tool, args, question) => {
      let result: { isError: boolean; text: string } | undefined;
      const writes = await writesOf(async () => (result = await asking.call(tool, args)));
      expect(asking.asked).toEqual([question]);
      expect(result!.isError).toBe(false);
      expect(writes.length).toBeGreaterThan(0);
    },
  );

  it('moves after yes: DEMO-10 is in WEB', async () => {
    await asking.call('tracker_move_issue', MOVE);
    expect(issue('DEMO-10')).toBeUndefined();
    expect(emulator.state.issues.some((i) => i.previousKeys.includes('DEMO-10'))).toBe(true);
  });

  it.each([
    ['move', 'tracker_move_issue', MOVE],
    ['bulk move', 'tracker_bulk_move_issues', BULK],
    ['delete', 'tracker_delete_comment', DELETE],
  ])(
    '%s: decline and cancel write nothing, and the answer says it was not done',
    async (_kind, tool, args) => {
      for (const action of ['decline', 'cancel'] as const) {
        answer = { action };
        let result: { isError: boolean; text: string } | undefined;
        const writes = await writesOf(async () => (result = await asking.call(tool, args)));
        expect(writes).toEqual([]);
        expect(result!.isError).toBe(true);
        expect(result!.text).toContain(
          `Not done: the user ${action === 'decline' ? 'declined' : 'dismissed the question'}`,
        );
        expect(result!.text).toContain('Nothing was changed');
      }
      expect(asking.asked).toHaveLength(2);
      expect(emulator.state.comments.some((c) => c.id === 104)).toBe(true);
      expect(issue('DEMO-10')).toBeDefined();
      expect(issue('OPS-5')).toBeDefined();
    },
  );

  it("asks although the model sent confirm: true (only the user's answer counts)", async () => {
    answer = { action: 'decline' };
    const writes = await writesOf(() => asking.call('tracker_delete_comment', { ...DELETE, confirm: true }));
    expect(asking.asked).toEqual([DELETE_QUESTION]);
    expect(writes).toEqual([]);
  });

  it('on a 2026-07-28 connection too (the question rides an input-required round)', async () => {
    const modern = await connect(true, {}, 'modern');
    answer = { action: 'decline' };
    expect(await writesOf(() => modern.call('tracker_move_issue', MOVE))).toEqual([]);
    answer = { action: 'accept', content: {} };
    const writes = await writesOf(() => modern.call('tracker_move_issue', MOVE));
    expect(modern.asked).toEqual([MOVE_QUESTION, MOVE_QUESTION]);
    expect(writes).toEqual(['POST /v3/issues/DEMO-10/_move']);
  });

  it('is not asked when a check refuses the call first (a move into its own queue)', async () => {
    const result = await asking.call('tracker_move_issue', { issueId: 'DEMO-10', targetQueueId: 'DEMO' });
    expect(result.text).toContain('is the queue DEMO-10 is in already');
    expect(asking.asked).toEqual([]);
  });
});

describe('a client that cannot ask', () => {
  it.each([
    ['move', 'tracker_move_issue', MOVE, MOVE_QUESTION],
    ['bulk move', 'tracker_bulk_move_issues', BULK, BULK_QUESTION],
    ['delete', 'tracker_delete_comment', DELETE, DELETE_QUESTION],
  ])('%s: refused, saying what it would do, until confirm: true', async (_kind, tool, args, question) => {
    let refused: { isError: boolean; text: string } | undefined;
    expect(await writesOf(async () => (refused = await mute.call(tool, args)))).toEqual([]);
    expect(refused!.isError).toBe(true);
    expect(refused!.text).toBe(
      `Not done: this cannot be undone, so it needs the user's approval first. ${question} Ask the user; if they agree, call ${tool} again with the same arguments and confirm: true. Nothing was changed.`,
    );
    expect(await writesOf(() => mute.call(tool, { ...args, confirm: false }))).toEqual([]);

    let done: { isError: boolean; text: string } | undefined;
    const writes = await writesOf(async () => (done = await mute.call(tool, { ...args, confirm: true })));
    expect(done!.isError).toBe(false);
    expect(writes.length).toBeGreaterThan(0);
  });
});

describe('YANDEX_TRACKER_CONFIRM_DESTRUCTIVE=false', () => {
  it('deletes and moves without asking and without confirm', async () => {
    const off = await connect(true, { YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'false' });
    const offMute = await connect(false, { YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: 'false' });
    expect(await writesOf(() => off.call('tracker_delete_comment', DELETE))).toEqual([
      'DELETE /v3/issues/DEMO-7/comments/104',
    ]);
    expect(await writesOf(() => offMute.call('tracker_move_issue', MOVE))).toEqual([
      'POST /v3/issues/DEMO-10/_move',
    ]);
    expect(off.asked).toEqual([]);
  });
});

describe('every destructive tool of the registry (generated)', () => {
  const tools = createRegistry().list();
  const destructive = tools.filter((tool) => tool.metadata.annotations.destructiveHint === true);

  it('covers the moves and every delete and archive', () => {
    const names = destructive.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['tracker_move_issue', 'tracker_bulk_move_issues']));
    const deletes = tools.map((tool) => tool.name).filter((name) => /_(delete|archive|remove)_/.test(name));
    expect(deletes.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('takes `confirm` (the same short text everywhere), and no other tool does', () => {
    const withConfirm = tools.filter(
      (tool) =>
        (tool.getDefinition().inputSchema.properties as Record<string, unknown>)['confirm'] !== undefined,
    );
    expect(withConfirm.map((tool) => tool.name).sort()).toEqual(destructive.map((tool) => tool.name).sort());
    for (const tool of destructive) {
      expect([tool.name, tool.getDefinition().inputSchema.properties!['confirm']]).toEqual([
        tool.name,
        { type: 'boolean', description: CONFIRM_DESCRIPTION },
      ]);
    }
  });

  for (const tool of destructive) {
    it(`${tool.name}: nothing written without the user's yes, written with it`, async () => {
      if (!('confirm' in (tool.getDefinition().inputSchema.properties ?? {}))) {
        throw new Error(
          `${tool.name} is declared destructive but takes no \`confirm\`: add \`confirm: confirmParam()\` (shared/confirmation.ts) to its params, \`await this.confirmIrreversible(ctx, params, '<exactly what will be done>?')\` in execute before its first write, and \`confirm: true\` to its valid call.`,
        );
      }
      const valid = VALID_CALLS[tool.name]?.[0];
      if (valid === undefined) throw new Error(`${tool.name} has no valid call in valid-calls.ts`);
      const { confirm: _confirm, ...args } = valid;

      let refused: { isError: boolean; text: string } | undefined;
      expect(await writesOf(async () => (refused = await mute.call(tool.name, args)))).toEqual([]);
      expect([refused!.isError, refused!.text]).toEqual([true, expect.stringContaining('confirm: true')]);

      answer = { action: 'decline' };
      expect(await writesOf(() => asking.call(tool.name, args))).toEqual([]);
      expect(asking.asked).toHaveLength(1);

      let done: { isError: boolean; text: string } | undefined;
      const writes = await writesOf(
        async () => (done = await mute.call(tool.name, { ...args, confirm: true })),
      );
      expect([done!.isError, done!.text]).toEqual([false, expect.any(String)]);
      expect(writes.length).toBeGreaterThan(0);
    });
  }
});
