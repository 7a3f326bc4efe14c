/**
 * The published bin is a rolldown bundle (`toolsmith-bundle`, the app's `bundle` target →
 * dist/bundle/yandex-tracker-mcp.mjs and its chunks). Build it from the current sources into a temporary folder, with the
 * target's `--external` packages, and drive it over stdio with plain `node` (no source condition, no workspace): it must
 * list and call tools like the source bin.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bundleServer, startupFiles } from '@toolsmith/bundle';
import { connectStdio, resultText } from '@toolsmith/testing';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { emulatorEnv, serverEnv, TOKEN } from './__fixtures__/tracker-fixture.ts';

const BIN = new URL('../bin/yandex-tracker-mcp.ts', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  nx: { targets: { bundle: { command: string } } };
};
/**
 * The `--external` packages of the bundle target's command line: `@toolsmith/sql`, which the store
 * of `--auth builtin` loads (PGlite reads its .wasm and .data beside its own modules), imported from
 * node_modules at run time.
 */
const EXTERNAL = [...pkg.nx.targets.bundle.command.matchAll(/--external\s+(\S+)/g)].map((m) => m[1]!);
let dir: string;
let emulator: TrackerEmulator;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracker-bundle-'));
  await bundleServer({ entry: BIN, outDir: dir, fileName: 'yandex-tracker-mcp.mjs', external: EXTERNAL });
  emulator = await createTrackerEmulator({ token: TOKEN });
}, 60_000);
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the bundled bin', () => {
  it('starts from one chunk of server code and imports no Node built-in as a module but node:module (ADR 0024)', async () => {
    const { files, builtins } = await startupFiles(join(dir, 'yandex-tracker-mcp.mjs'), {
      env: { ...serverEnv(), ...emulatorEnv(emulator), NODE_COMPILE_CACHE: join(dir, 'cc') },
    });
    const big = [...files].filter(([file, size]) => file.startsWith('chunks/') && size > 2000);
    expect(big.map(([file]) => file)).toEqual([expect.stringMatching(/^chunks\/server-/)]);
    // A static `import … from 'node:crypto'` anywhere on the start path would show here.
    expect(builtins).toEqual(['node:module']);
  });

  it('is self-contained: a shebang entry, and only node: built-ins, its own chunks and the externals package.json depends on imported', () => {
    expect(
      readFileSync(join(dir, 'yandex-tracker-mcp.mjs'), 'utf8').startsWith('#!/usr/bin/env node\n'),
    ).toBe(true);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.[mc]js$/.test(f));
    expect(files.length).toBeGreaterThan(1);
    // Import and export statements and dynamic imports: not a word "from" in a string (oidc-provider's
    // "claim too far from 'nbf' claim", in the chunk --auth builtin loads).
    // In the CommonJS server, `require("…")` calls too — not inside a template string (ajv's generated
    // code names its runtime).
    const statement =
      /(?<![`"'])\brequire\(\s*"([^"\s]+)"\s*\)|\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']|\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["']([^"']+)["']/g;
    const specifiers = files.flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(statement)].map(
        (m) => (m[1] ?? m[2] ?? m[3] ?? m[4])!,
      ),
    );
    expect(specifiers.length).toBeGreaterThan(0);
    expect(EXTERNAL).toEqual(['@toolsmith/sql']);
    for (const name of EXTERNAL) expect(pkg.dependencies).toHaveProperty([name]);
    expect(
      specifiers.filter(
        (s) =>
          !s.startsWith('node:') &&
          !isBuiltin(s) &&
          !s.startsWith('./') &&
          !s.startsWith('../') &&
          !EXTERNAL.includes(s),
      ),
    ).toEqual([]);
  });

  it('serves the tools over stdio with plain node', async () => {
    const env = serverEnv();
    const connection = await connectStdio({
      command: process.execPath,
      args: [join(dir, 'yandex-tracker-mcp.mjs')],
      env: { ...env, ...emulatorEnv(emulator) },
      cwd: dir,
    });
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['search_tools', 'tracker_find_issues', 'tracker_create_issue']),
      );
      const found = await connection.client.callTool({
        name: 'tracker_find_issues',
        arguments: { queueId: 'OPS' },
      });
      expect(JSON.parse(resultText(found))).toMatchObject({ total: 5 });
      const refused = await connection.client.callTool({
        name: 'tracker_update_issue',
        arguments: { issueId: 'OPS-1', status: 'closed' },
      });
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toContain('tracker_transition_issue');
    } finally {
      await connection.close();
    }
  }, 30_000);
});
