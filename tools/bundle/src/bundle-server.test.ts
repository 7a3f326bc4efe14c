/**
 * Bundles a real one-tool server from its TypeScript source and drives the bundle with the SDK
 * client over stdio, run by plain `node` from a folder outside the workspace.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectStdio, resultText } from '@toolsmith/testing';
import { nodeVersionProblem } from '@toolsmith/core/node-version';
import { bundleServer, isExternal, type BundleServerResult } from './bundle-server.ts';
import { startupFiles } from './startup-files.ts';

const ENTRY = fileURLToPath(new URL('./__fixtures__/echo-server.ts', import.meta.url));
const CACHED_BIN = fileURLToPath(new URL('./__fixtures__/cached-bin.ts', import.meta.url));
const TLA_BIN = fileURLToPath(new URL('./__fixtures__/tla-bin.ts', import.meta.url));
const META_RESOLVE_BIN = fileURLToPath(new URL('./__fixtures__/meta-resolve-bin.ts', import.meta.url));
let dir: string;
let bundle: BundleServerResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolsmith-bundle-'));
  bundle = await bundleServer({ entry: ENTRY, outDir: join(dir, 'out') });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node <args>`; `fakeNode` makes the child report that version in `process.versions.node`. */
function runNode(args: string[], fakeNode?: string) {
  const preload = fakeNode
    ? [
        '--import',
        `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${fakeNode}'})`,
      ]
    : [];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [...preload, ...args],
      { cwd: dir, timeout: 20_000 },
      (_e, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('bundleServer', () => {
  it('writes an executable entry with a plain-node shebang, named after the source', () => {
    expect(bundle.entryFile).toBe(join(dir, 'out', 'echo-server.mjs'));
    const code = readFileSync(bundle.entryFile, 'utf8');
    expect(code.split('\n')[0]).toBe('#!/usr/bin/env node');
    expect(code).not.toContain('--conditions');
    expect(statSync(bundle.entryFile).mode & 0o111).not.toBe(0);
    expect(bundle.files).toContain('echo-server.mjs');
    expect(bundle.files).toContain('echo-server.main.mjs');
    expect(bundle.mainFile).toBe(join(dir, 'out', 'echo-server.main.mjs'));
  });

  it('the bin is a small guard that imports the bundle; the bundle keeps its lines for the source map', () => {
    const guard = readFileSync(bundle.entryFile, 'utf8');
    expect(guard).toContain('await import("./echo-server.main.mjs")');
    expect(guard.length).toBeLessThan(1500);
    // An old Node must parse it to print the version message: no syntax newer than ES2017 + top-level await.
    expect(guard).not.toMatch(/\?\?|\?\.|\|\|=|&&=|#\w|\bclass\b/);
    const main = readFileSync(bundle.mainFile, 'utf8');
    expect(main.startsWith('#!')).toBe(false);
    const map = JSON.parse(readFileSync(`${bundle.mainFile}.map`, 'utf8')) as {
      sources: string[];
      sourcesContent?: (string | null)[];
    };
    expect(map.sources.length).toBeGreaterThan(0);
    expect(map.sourcesContent?.filter((s) => typeof s === 'string')).toHaveLength(map.sources.length);
  });

  it('on a Node older than 24 the bin prints one line naming Node 24 and exits 1, before loading the bundle', async () => {
    const { code, stdout, stderr } = await runNode([bundle.entryFile], '20.11.1');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${nodeVersionProblem('echo-server', '20.11.1')}\n`);
  }, 30_000);

  it('keeps dynamic imports as chunks and imports nothing but node built-ins and its own files', () => {
    expect(bundle.files.some((file) => file.startsWith('chunks/'))).toBe(true);
    const specifiers = bundle.files.flatMap((file) =>
      [
        ...readFileSync(join(dir, 'out', file), 'utf8').matchAll(
          /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g,
        ),
      ].map((m) => m[1]!),
    );
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !/^(node:|\.\/|\.\.\/)/.test(s))).toEqual([]);
    // The SDK's `import process from 'node:process'` reads the global (no ES module facade at start).
    expect(specifiers).not.toContain('node:process');
  });

  it('a start loads one chunk of server code; what loads on demand (HTTP, auth) stays out of it', async () => {
    const cached = await bundleServer({ entry: CACHED_BIN, outDir: join(dir, 'cached') });
    for (const [outDir, built] of [
      [join(dir, 'out'), bundle],
      [join(dir, 'cached'), cached],
    ] as const) {
      const { files: loaded, builtins } = await startupFiles(built.entryFile, {
        env: { ...process.env, NODE_COMPILE_CACHE: join(dir, 'cc') },
      });
      const big = [...loaded].filter(([, size]) => size > 2000).map(([file]) => file);
      // No built-in facade at start but node:module (the compile cache, the bundler's require shim).
      expect(builtins.filter((name) => name !== 'node:module')).toEqual([]);
      // The server chunk; the bin's own file when the server is imported statically by it.
      expect(big.filter((file) => file.startsWith('chunks/'))).toEqual([
        expect.stringMatching(/^chunks\/server-/),
      ]);
      // The bin, its main module, the server's entry (a one-line facade), the server chunk, the runtime.
      expect(loaded.size).toBeLessThanOrEqual(5);
      const lazy = built.files.filter((file) => /^chunks\/(streamable-http|configure-auth)-/.test(file));
      expect(lazy).toHaveLength(2);
      for (const file of lazy) {
        expect(loaded.has(file)).toBe(false);
        expect(statSync(join(outDir, file)).size).toBeGreaterThan(2000);
      }
    }
    const connection = await connectStdio({ command: process.execPath, args: [cached.entryFile], cwd: dir });
    try {
      expect((await connection.client.listTools()).tools.map((t) => t.name)).toContain('echo');
    } finally {
      await connection.close();
    }
  }, 60_000);

  it('a server that awaits at its top level stays an ES module, without a start-up code cache, and serves', async () => {
    const tla = await bundleServer({ entry: TLA_BIN, outDir: join(dir, 'tla') });
    expect(tla.startupChunk).toBeUndefined();
    expect(tla.startupCacheSkipped).toMatch(/awaits at its top level/);
    expect(tla.files.filter((file) => file.endsWith('.cjs'))).toEqual([]);
    const connection = await connectStdio({ command: process.execPath, args: [tla.entryFile], cwd: dir });
    try {
      expect((await connection.client.listTools()).tools.map((t) => t.name)).toContain('echo');
    } finally {
      await connection.close();
    }
    expect(bundle.startupCacheSkipped).toMatch(/imports its server statically/);
  }, 60_000);

  it('refuses a server that uses import.meta beyond .url/.dirname/.filename, which CommonJS leaves empty', async () => {
    const failure = await bundleServer({ entry: META_RESOLVE_BIN, outDir: join(dir, 'meta') }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/meta-resolve-cli\.ts/);
    expect(failure?.message).toContain('createRequire(import.meta.url).resolve');
    const esm = await bundleServer({
      entry: META_RESOLVE_BIN,
      outDir: join(dir, 'meta'),
      startupCache: false,
    });
    expect(esm.startupCacheSkipped).toBe('startupCache is false');
  }, 60_000);

  it("turns zod's JIT off before the server loads (a start compiles no parser), unless zodJit is set", async () => {
    // Counts `Function` constructions: zod's JIT compiles each object schema's parser with one.
    const countFunctions = [
      '--import',
      "data:text/javascript,const F=globalThis.Function;let n=0;globalThis.Function=new Proxy(F,{construct(t,a){n++;return Reflect.construct(t,a)},apply(t,s,a){n++;return Reflect.apply(t,s,a)}});process.on('exit',()=>process.stderr.write('functions '+n+'\\n'))",
    ];
    const compiled = async (entryFile: string) => {
      const connection = await connectStdio({
        command: process.execPath,
        args: [...countFunctions, entryFile],
        cwd: dir,
      });
      await connection.client.listTools();
      await connection.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
      await connection.close();
      return Number(/functions (\d+)/.exec(connection.stderr())?.[1]);
    };
    expect(readFileSync(bundle.entryFile, 'utf8')).toContain('jitless');
    expect(await compiled(bundle.entryFile)).toBe(0);
    const jit = await bundleServer({ entry: ENTRY, outDir: join(dir, 'jit'), zodJit: true });
    expect(readFileSync(jit.entryFile, 'utf8')).not.toContain('jitless');
    expect(await compiled(jit.entryFile)).toBeGreaterThan(0);
  }, 60_000);

  it('serves its tools over stdio with plain node outside the workspace', async () => {
    const connection = await connectStdio({ command: process.execPath, args: [bundle.entryFile], cwd: dir });
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'search_tools']));
      const echoed = await connection.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
      expect(JSON.parse(resultText(echoed))).toEqual({ echoed: 'hi' });
      const refused = await connection.client.callTool({ name: 'echo', arguments: { text: '' } });
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toContain('text');
    } finally {
      await connection.close();
    }
  }, 30_000);

  it('records the tool definitions beside the bundle; the bin installs them before it loads the server', () => {
    expect(bundle.definitionsFile).toBe(join(dir, 'out', 'echo-server.definitions.json'));
    const recorded = JSON.parse(readFileSync(bundle.definitionsFile!, 'utf8')) as Record<
      string,
      { class: string; definition: { name: string; inputSchema: unknown } }
    >;
    expect(Object.keys(recorded).sort()).toEqual(['echo', 'search_tools']);
    expect(recorded['echo']?.definition).toMatchObject({
      name: 'echo',
      inputSchema: { type: 'object', required: ['text'] },
    });
    const guard = readFileSync(bundle.entryFile, 'utf8');
    expect(guard).toContain('Symbol.for("toolsmith.precomputedDefinitions")');
    expect(guard).toContain('"./echo-server.definitions.json"');
  });

  it('a server that writes no definitions gets a bin without them', async () => {
    const plain = await bundleServer({ entry: ENTRY, outDir: join(dir, 'plain'), definitions: false });
    expect(plain.definitionsFile).toBeUndefined();
    expect(readFileSync(plain.entryFile, 'utf8')).not.toContain('definitions');
  }, 60_000);

  it('leaves external packages, and their subpaths, as imports for Node to resolve at run time', async () => {
    expect(isExternal('pg', ['pg'])).toBe(true);
    expect(isExternal('pg/lib/client', ['pg'])).toBe(true);
    expect(isExternal('pg-native', ['pg'])).toBe(false);
    expect(isExternal('@electric-sql/pglite/vector', ['@electric-sql/pglite'])).toBe(true);
    const kept = await bundleServer({
      entry: ENTRY,
      outDir: join(dir, 'external'),
      external: ['zod'],
      definitions: false,
    });
    const bare = kept.files.flatMap((file) =>
      [...readFileSync(join(dir, 'external', file), 'utf8').matchAll(/\bfrom\s*"([^"\s]+)"/g)]
        .map((m) => m[1]!)
        .filter((s) => !/^(node:|\.\/|\.\.\/)/.test(s)),
    );
    expect(bare.length).toBeGreaterThan(0);
    expect(bare.filter((s) => !isExternal(s, ['zod']))).toEqual([]);
    const sources = kept.files
      .filter((file) => existsSync(join(dir, 'external', `${file}.map`)))
      .flatMap(
        (file) =>
          (JSON.parse(readFileSync(join(dir, 'external', `${file}.map`), 'utf8')) as { sources: string[] })
            .sources,
      );
    expect(sources.filter((source) => source.includes('node_modules/zod/'))).toEqual([]);
  }, 60_000);

  it('empties the output folder first, so no stale chunk survives', async () => {
    const again = await bundleServer({ entry: ENTRY, outDir: join(dir, 'out'), fileName: 'echo.mjs' });
    expect(again.files).toContain('echo.mjs');
    expect(again.files).not.toContain('echo-server.mjs');
    // Chunk names may depend on the entry's name; what must hold is that the folder holds exactly
    // what this bundle wrote (the first bundle's chunks are gone), as many chunks as before.
    const chunks = (files: string[]) => files.filter((f) => f.startsWith('chunks/'));
    expect(chunks(again.files)).toHaveLength(chunks(bundle.files).length);
    const onDisk = readdirSync(join(dir, 'out'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(join(dir, 'out'), join(entry.parentPath, entry.name)));
    const written = onDisk.filter((f) => !f.endsWith('.map') && !f.endsWith('.definitions.json'));
    expect(written.sort()).toEqual([...again.files].sort());
    expect(onDisk.filter((f) => f.endsWith('.map')).every((f) => written.includes(f.slice(0, -4)))).toBe(
      true,
    );
  }, 60_000);
});
