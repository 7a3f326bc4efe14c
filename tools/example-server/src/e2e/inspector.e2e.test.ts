/**
 * The MCP Inspector CLI — a client nobody here wrote — launches the server over stdio and talks
 * to it. Exit codes of the installed Inspector (v2.12): 0 ok, 5 the tool returned `isError`.
 *
 * Each Inspector run starts its own server process; the three runs start together in `beforeAll`
 * (they take seconds each) and every test checks one of them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { BookshelfEmulator } from '../api/bookshelf-emulator.ts';
import {
  emulatorEnv,
  NODE_ARGS,
  serverEnv,
  startEmulator,
  TOKEN,
  trackResources,
} from './__fixtures__/bookshelf-fixture.ts';

const INSPECTOR = fileURLToPath(new URL('../../../../node_modules/.bin/mcp-inspector', import.meta.url));

interface InspectorRun {
  code: number;
  stdout: string;
  stderr: string;
}

interface ToolCallOutput {
  result: { content: { type: string; text: string }[]; isError?: boolean };
}

const INSPECTOR_TIMEOUT_MS = 90_000;

const shared = trackResources('all');
let emulator: BookshelfEmulator;
let runs: Record<'list' | 'call' | 'invalid', Promise<InspectorRun>>;

/** `mcp-inspector --cli node <server> -e ... <args> --format json`, with a timeout. */
function inspect(home: string, args: string[]): Promise<InspectorRun> {
  const env = Object.entries(emulatorEnv(emulator)).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [INSPECTOR, '--cli', process.execPath, ...NODE_ARGS, ...env, ...args, '--format', 'json'],
      // The Inspector reads its catalog and client config under $HOME: give it an empty one.
      // A run takes 3–8 s alone; on a CI machine running every project's suite at once, one of the
      // three took more than 25 s (a fresh-clone run, issue 11), so the bound is generous: this
      // test is about what the Inspector sees, not how fast it starts.
      { timeout: INSPECTOR_TIMEOUT_MS, env: serverEnv({ HOME: home, NO_COLOR: '1' }) },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          reject(new Error(`mcp-inspector did not finish (${error.message}):\n${stderr}`));
          return;
        }
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  emulator = await startEmulator(shared);
  const home = shared.add(await mkdtemp(join(tmpdir(), 'bookshelf-inspector-')), (dir) =>
    rm(dir, { recursive: true, force: true }),
  );
  const call = (args: Record<string, unknown>) => [
    '--method',
    'tools/call',
    '--tool-name',
    'bookshelf_search_books',
    '--tool-args-json',
    JSON.stringify(args),
  ];
  runs = {
    list: inspect(home, ['--method', 'tools/list']),
    call: inspect(home, call({ author: 'Calvino', limit: 2, fields: ['id', 'title'] })),
    invalid: inspect(home, call({ shelf: 'done', limt: 2 })),
  };
  // Wait here, so that the processes are gone before afterAll closes the emulator.
  await Promise.allSettled(Object.values(runs));
}, INSPECTOR_TIMEOUT_MS + 30_000);

describe('MCP Inspector CLI against the stdio server', () => {
  it('tools/list: sees every tool with its schema', async () => {
    const run = await runs.list;
    expect(run).toMatchObject({ code: 0 });
    const { result } = JSON.parse(run.stdout) as {
      result: { tools: { name: string; inputSchema: { required?: string[] } }[] };
    };
    expect(result.tools.map((t) => t.name)).toEqual([
      'search_tools',
      'bookshelf_search_books',
      'bookshelf_get_book',
      'bookshelf_add_book',
      'bookshelf_delete_book',
      'bookshelf_export_library',
      'bookshelf_ping',
      'bookshelf_update_book',
    ]);
    expect(result.tools.find((t) => t.name === 'bookshelf_add_book')?.inputSchema.required).toEqual([
      'title',
      'authors',
      'year',
    ]);
  });

  it('tools/call with JSON args: returns the JSON result', async () => {
    const run = await runs.call;
    expect(run).toMatchObject({ code: 0 });
    const { result } = JSON.parse(run.stdout) as ToolCallOutput;
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(result.content[0]!.text)).toEqual({
      books: [
        { id: 'bk_006', title: 'The Castle 6' },
        { id: 'bk_012', title: 'The Castle 12' },
      ],
      nextCursor: expect.any(String),
    });
    // The only API request of all three runs: the search, with the token from `-e`.
    expect(emulator.requests.map((r) => [r.method, r.path, r.query, r.headers.authorization])).toEqual([
      ['GET', '/v1/books', { author: 'Calvino', limit: '2' }, `Bearer ${TOKEN}`],
    ]);
  });

  it('tools/call with invalid args: exit code 5 and the field messages', async () => {
    const run = await runs.invalid;
    expect(run.code).toBe(5);
    const { result } = JSON.parse(run.stdout) as ToolCallOutput;
    expect(result.isError).toBe(true);
    const text = result.content[0]!.text;
    expect(text).toContain('Invalid arguments for tool "bookshelf_search_books":');
    expect(text).toContain('- limt: Unknown field. Did you mean "limit"?');
    expect(text).toContain('- shelf: Invalid value "done". Valid options: "to-read", "reading", "read".');
    expect(run.stderr).toContain('tool_is_error');
  });
});
