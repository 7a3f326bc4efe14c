/**
 * The start-up code cache of a bundled bin (ADR 0025), observed from outside: a real one-tool server
 * bundled from its TypeScript bin and started with plain `node`, its cache folder inspected between
 * starts.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectStdio, resultText } from '@toolsmith/testing';
import { bundleServer, type BundleServerResult } from './bundle-server.ts';

const CACHED_BIN = fileURLToPath(new URL('./__fixtures__/cached-bin.ts', import.meta.url));
let dir: string;
let bundle: BundleServerResult;
let run = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolsmith-startup-cache-'));
  bundle = await bundleServer({ entry: CACHED_BIN, outDir: join(dir, 'out') });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh compile-cache folder for one scenario. */
function cacheRoot(): string {
  const root = join(dir, `cc-${++run}`);
  mkdirSync(root);
  return root;
}

/** The cache's folder in a compile-cache folder: one per user. */
const folder = (root: string) => join(root, process.getuid ? `toolsmith-${process.getuid()}` : 'toolsmith');
const cacheFiles = (root: string) => (existsSync(folder(root)) ? readdirSync(folder(root)).sort() : []);

/** Starts the bin, lists and calls its tool, and closes it; the env adds to the parent's. */
async function serve(env: Record<string, string>): Promise<void> {
  const connection = await connectStdio({
    command: process.execPath,
    args: [bundle.entryFile],
    cwd: dir,
    env: { ...(process.env as Record<string, string>), ...env },
  });
  try {
    expect((await connection.client.listTools()).tools.map((t) => t.name)).toContain('echo');
    const echoed = await connection.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(JSON.parse(resultText(echoed))).toEqual({ echoed: 'hi' });
  } finally {
    await connection.close();
  }
}

/** Starts the bin and closes its stdin at once: it exits without serving anything. */
function startAndLeave(env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle.entryFile], {
      cwd: dir,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.stdin.end();
    child.once('close', (code) => resolve(code));
  });
}

/** A fresh compile-cache folder after one start that served: its one cache file's path. */
async function servedCache(): Promise<{ root: string; path: string }> {
  const root = cacheRoot();
  await serve({ NODE_COMPILE_CACHE: root });
  await eventually(() => cacheFiles(root).length === 1);
  return { root, path: join(folder(root), cacheFiles(root)[0]!) };
}

async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  for (const until = Date.now() + ms; !check() && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the start-up code cache', () => {
  it('the server is CommonJS, its start-up chunk loaded by the guard; the bin stays an ES module', () => {
    const guard = readFileSync(bundle.entryFile, 'utf8');
    const chunk = /"(\.\/chunks\/server-[^"]+\.cjs)"/.exec(guard)?.[1];
    expect(chunk).toBeDefined();
    expect(bundle.files).toContain(chunk!.slice(2));
    expect(guard).toContain('createCachedData');
    // An old Node must parse it to print the version message: no syntax newer than ES2017 + top-level await.
    expect(guard).not.toMatch(/\?\?|\?\.|\|\|=|&&=|#\w|\bclass\b/);
    expect(readFileSync(bundle.mainFile, 'utf8')).toMatch(/import\(`\.\/chunks\/echo-cli-[^`]+\.cjs`\)/);
  });

  it('is written once a start has served, private to this user, and kept by the starts that use it', async () => {
    const root = cacheRoot();
    await serve({ NODE_COMPILE_CACHE: root });
    await eventually(() => cacheFiles(root).some((f) => f.endsWith('.cache')));
    const [file] = cacheFiles(root);
    expect(cacheFiles(root)).toEqual([
      expect.stringMatching(new RegExp(`^server-.+-${process.versions.v8}-${process.arch}\\.cache$`)),
    ]);
    const path = join(folder(root), file!);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(folder(root)).mode & 0o777).toBe(0o700);
    // More than the top-level code Node's compile cache would hold: the functions the start ran.
    expect(statSync(path).size).toBeGreaterThan(100_000);
    const written = statSync(path).mtimeMs;
    const bytes = readFileSync(path);
    await serve({ NODE_COMPILE_CACHE: root });
    await serve({ NODE_COMPILE_CACHE: root });
    // Accepted by V8: not written again.
    expect(statSync(path).mtimeMs).toBe(written);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  }, 60_000);

  it('a cache V8 refuses (other code, another V8, garbage) is replaced by a good one at the next start that serves', async () => {
    const { root, path } = await servedCache();
    const good = statSync(path).size;
    writeFileSync(path, Buffer.alloc(4096, 7), { mode: 0o600 });
    await serve({ NODE_COMPILE_CACHE: root });
    await eventually(() => statSync(path).size !== 4096);
    expect(statSync(path).size).toBeGreaterThan(good / 2);
  }, 60_000);

  it('a damaged cache (bytes flipped inside it) is refused, not run: the start serves and writes a good one', async () => {
    const { root, path } = await servedCache();
    const good = readFileSync(path);
    const damaged = Buffer.from(good);
    // Deterministic positions past the header, spread over the payload.
    for (let i = 1; i <= 64; i++) damaged[Math.floor((damaged.length * i) / 66)]! ^= 0xff;
    writeFileSync(path, damaged, { mode: 0o600 });
    for (let start = 0; start < 2; start++) await serve({ NODE_COMPILE_CACHE: root });
    await eventually(() => !readFileSync(path).equals(damaged));
    expect(readFileSync(path).equals(damaged)).toBe(false);
    expect(readFileSync(path).length).toBeGreaterThan(good.length / 2);
  }, 60_000);

  it('a start that ends before serving leaves a partial cache, which the next start that serves replaces', async () => {
    const root = cacheRoot();
    expect(await startAndLeave({ NODE_COMPILE_CACHE: root })).toBe(0);
    expect(cacheFiles(root)).toEqual([expect.stringMatching(/\.partial\.cache$/)]);
    await serve({ NODE_COMPILE_CACHE: root });
    await eventually(() => cacheFiles(root).every((f) => !f.endsWith('.partial.cache')));
    expect(cacheFiles(root)).toEqual([expect.stringMatching(/^server-.+[^l]\.cache$/)]);
  }, 60_000);

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE, as Node’s compile cache', async () => {
    const root = cacheRoot();
    await serve({ NODE_COMPILE_CACHE: root, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(await startAndLeave({ NODE_COMPILE_CACHE: root, NODE_DISABLE_COMPILE_CACHE: '1' })).toBe(0);
    expect(cacheFiles(root)).toEqual([]);
  }, 60_000);

  it('an unusable cache folder (a file where the folder would be) costs the cache, not the start', async () => {
    const root = cacheRoot();
    writeFileSync(folder(root), 'not a folder');
    await serve({ NODE_COMPILE_CACHE: root });
    expect(await startAndLeave({ NODE_COMPILE_CACHE: root })).toBe(0);
    expect(readFileSync(folder(root), 'utf8')).toBe('not a folder');
  }, 60_000);

  it('a FIFO planted in place of the cache does not hang the start, and is replaced by a file', async () => {
    const { root, path } = await servedCache();
    rmSync(path);
    execFileSync('mkfifo', [path]);
    await serve({ NODE_COMPILE_CACHE: root });
    await eventually(() => lstatSync(path).isFile());
    expect(lstatSync(path).isFile()).toBe(true);
  }, 60_000);

  // Only root can hand a folder to another user. CI runs as root; under CI it runs whoever runs it
  // (and fails, not skips, if that cannot chown).
  (process.getuid?.() === 0 || process.env['CI'] ? it : it.skip)(
    'reads and writes nothing in a cache folder another user owns',
    async () => {
      const root = cacheRoot();
      const foreign = folder(root);
      mkdirSync(foreign, { mode: 0o755 });
      // A FIFO that a start opening it without O_NONBLOCK would wait on for ever.
      const planted = join(foreign, 'planted');
      execFileSync('mkfifo', [planted]);
      chownSync(foreign, 65534, 65534);
      await serve({ NODE_COMPILE_CACHE: root });
      expect(await startAndLeave({ NODE_COMPILE_CACHE: root })).toBe(0);
      expect(readdirSync(foreign)).toEqual(['planted']);
    },
    60_000,
  );

  it('reads no cache through a link: a planted symlink is replaced by a file of its own', async () => {
    const { root, path } = await servedCache();
    const elsewhere = join(root, 'planted.bin');
    writeFileSync(elsewhere, readFileSync(path));
    rmSync(path);
    symlinkSync(elsewhere, path);
    await serve({ NODE_COMPILE_CACHE: root });
    await eventually(() => !lstatSync(path).isSymbolicLink());
    expect(lstatSync(path).isFile()).toBe(true);
    expect(readFileSync(elsewhere).length).toBeGreaterThan(0);
  }, 60_000);
});
