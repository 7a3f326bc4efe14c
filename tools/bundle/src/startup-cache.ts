/**
 * The start-up code cache of a bundled bin (docs/adr/0025-start-up-code-cache.md).
 *
 * Node's compile cache (`module.enableCompileCache()`) stores the V8 code cache a module has right
 * after it is compiled: its top-level code, not the functions a start then calls, which V8 compiles
 * lazily at every start — most of the code of a server's start (zod, the MCP SDK, core, its tools).
 * A code cache made *after* a start holds them all, and V8 offers it for scripts only
 * (`vm.Script#createCachedData`; ES modules would need `--experimental-vm-modules`). So the bundler
 * writes the server's start-up chunk as CommonJS, and the bin's guard compiles it with `vm.Script`
 * from the cache an earlier start left, evaluates it, and puts it in `require.cache`, where the
 * bin's `import()` of the server then finds it.
 *
 * The cache is written once a start has served: core calls the hook at {@link STARTUP_READY_KEY}
 * after its first `tools/list` or `tools/call` answer (`signalStartupReady`). A process that ends
 * before that (`--help`, a client that only initializes) leaves a partial cache — better than none —
 * which the next start that serves replaces. It follows Node's compile cache: the folder of
 * `NODE_COMPILE_CACHE` (else `<tmpdir>/node-compile-cache`; in it `toolsmith-<uid>`), nothing read or written with
 * `NODE_DISABLE_COMPILE_CACHE` set. A file is named after the chunk (its content hash), the V8
 * version and the architecture; V8 itself refuses a cache made from other source, by another V8 or
 * with other flags (then the start compiles from source and writes a new one). V8 checksums the
 * payload only with `--verify-snapshot-checksum` (on in debug builds): a damaged cache made V8 crash
 * (SIGSEGV, tried), so the guard sets that flag before it reads or writes a cache, and a damaged one
 * is refused and replaced. As the cache is code, it is read only from a folder this user owns (not a
 * link) and a regular file this user owns, opened without following a link or waiting on a FIFO
 * (O_NONBLOCK; a FIFO in its place hung the start); it is written to a temporary file in that folder
 * and renamed into place.
 */

/** The global a start-up cache waits on; spelled the same in core (src/mcp/startup-ready.ts). */
export const STARTUP_READY_KEY = 'toolsmith.startupReady';

/**
 * The guard's lines that load `chunk` (relative to the guard, e.g. `./chunks/server-x.cjs`) with the
 * start-up cache. Plain ES2017, as the rest of the guard: it sits in the branch a supported Node
 * runs, but an old Node must still parse it to print the version message.
 */
export function startupCacheSource(chunk: string): string {
  return `  // The server's start-up code, compiled with the V8 code cache an earlier start of this bundle
  // left once it had served (every function a start runs, where Node's compile cache holds only the
  // top level), then placed where the bin's import of the server finds it (docs/adr/0025).
  {
    const fs = process.getBuiltinModule('node:fs');
    const path = process.getBuiltinModule('node:path');
    const vm = process.getBuiltinModule('node:vm');
    const nodeModule = process.getBuiltinModule('node:module');
    const file = process.getBuiltinModule('node:url').fileURLToPath(new URL(${JSON.stringify(chunk)}, import.meta.url));
    const ownUid = process.getuid ? process.getuid() : undefined;
    const readOwn = (name) => {
      let fd;
      try {
        // Not through a link, and not waiting on a FIFO planted in its place (O_NONBLOCK).
        fd = fs.openSync(name, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW || 0) | (fs.constants.O_NONBLOCK || 0));
      } catch (error) {
        return undefined;
      }
      try {
        const stat = fs.fstatSync(fd);
        return stat.isFile() && (ownUid === undefined || stat.uid === ownUid) ? fs.readFileSync(fd) : undefined;
      } finally {
        fs.closeSync(fd);
      }
    };
    // A folder of this user's, not a link: nothing is read from (or written to) anyone else's.
    const ownFolder = (dir) => {
      try {
        const stat = fs.lstatSync(dir);
        return stat.isDirectory() && (ownUid === undefined || stat.uid === ownUid);
      } catch (error) {
        return false;
      }
    };
    let cacheDir;
    let cacheName;
    let cached;
    let partial = false;
    if (!process.env.NODE_DISABLE_COMPILE_CACHE) {
      try {
        // V8 checks a code cache's header (its version, flags, the source's hash, the length) but
        // checksums the payload only with this flag: a damaged cache is then refused, not run.
        process.getBuiltinModule('node:v8').setFlagsFromString('--verify-snapshot-checksum');
        // A folder per user: in a shared temporary folder another user's (0700) would shut this one out.
        cacheDir = path.join(process.env.NODE_COMPILE_CACHE || path.join(process.getBuiltinModule('node:os').tmpdir(), 'node-compile-cache'), ownUid === undefined ? 'toolsmith' : 'toolsmith-' + ownUid);
        cacheName = path.join(cacheDir, path.basename(file, '.cjs') + '-' + process.versions.v8 + '-' + process.arch);
        if (ownFolder(cacheDir)) {
          cached = readOwn(cacheName + '.cache');
          if (cached === undefined) {
            cached = readOwn(cacheName + '.partial.cache');
            partial = cached !== undefined;
          }
        }
      } catch (error) {
        cacheName = undefined;
      }
    }
    const script = new vm.Script(nodeModule.Module.wrap(fs.readFileSync(file, 'utf8')), {
      filename: file,
      cachedData: cached,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const require = nodeModule.createRequire(file);
    const module = new nodeModule.Module(file);
    module.filename = file;
    module.paths = require.resolve.paths('x') || [];
    require.cache[file] = module;
    script.runInThisContext()(module.exports, require, module, file, path.dirname(file));
    module.loaded = true;
    if (cacheName !== undefined && (cached === undefined || partial || script.cachedDataRejected)) {
      let written = false;
      const write = (suffix) => {
        if (written) return;
        written = true;
        try {
          fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
          if (!ownFolder(cacheDir)) return;
          const temporary = cacheName + suffix + '.' + process.pid + '.tmp';
          fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600, flag: 'wx' });
          fs.renameSync(temporary, cacheName + suffix);
          if (suffix === '.cache') fs.rmSync(cacheName + '.partial.cache', { force: true });
        } catch (error) {}
      };
      globalThis[Symbol.for(${JSON.stringify(STARTUP_READY_KEY)})] = () => write('.cache');
      if (cached === undefined) process.once('exit', () => write('.partial.cache'));
    }
  }`;
}
