/**
 * What a start of a bundle loads, observed: the bin is started with `node`, a preload records through
 * `module.registerHooks` every file and Node built-in that an `import` or `require` resolves, the
 * bin answers `initialize` and `tools/list` on stdin, and its stdin closes. The files are those of
 * the bundle's folder; the built-ins are the ones the bundle's code imports or requires (each an
 * ES module facade or a module loaded at every start) — `process.getBuiltinModule`, which takes a
 * built-in when it is used, does not show. Used by the tests that hold a bundle's start to one chunk
 * of server code and no built-in (ADR 0024, ADR 0025).
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StartupFiles {
  /** Each file of the bundle a start loads, relative to the bundle's folder, with its size in bytes. */
  readonly files: ReadonlyMap<string, number>;
  /** The `node:` built-ins the bundle's files import or require, each once, sorted. */
  readonly builtins: readonly string[];
}

export interface StartupFilesOptions {
  /** Arguments after the bin. */
  args?: readonly string[];
  /** The child's environment (the parent's when not given). */
  env?: Readonly<Record<string, string | undefined>>;
  /** @default 30_000 */
  timeoutMs?: number;
}

const MESSAGES = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'startup-files', version: '0' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

/** The preload: records what resolves, from where, and prints it at exit. */
const RECORDER = `
import { registerHooks } from 'node:module';
const seen = [];
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    seen.push([result.url, context.parentURL || '']);
    return result;
  },
});
process.on('exit', () => process.stderr.write('\\nSTARTUP-FILES ' + JSON.stringify(seen) + '\\n'));
`;

/** Starts `entryFile` (a bundle's bin) once, serving `initialize` and `tools/list`, and reports what it loaded. */
export function startupFiles(entryFile: string, options: StartupFilesOptions = {}): Promise<StartupFiles> {
  const outDir = dirname(entryFile);
  const inside = (url: string) => url.startsWith('file:') && fileURLToPath(url).startsWith(outDir + sep);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(RECORDER)}`,
        entryFile,
        ...(options.args ?? []),
      ],
      {
        env: options.env ?? process.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: options.timeoutMs ?? 30_000,
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('"id":2')) child.stdin.end();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.write(MESSAGES.map((message) => JSON.stringify(message)).join('\n') + '\n');
    child.once('error', reject);
    child.once('close', () => {
      const line = /STARTUP-FILES (.*)/.exec(stderr)?.[1];
      if (line === undefined || !stdout.includes('"id":2')) {
        reject(new Error(`the bin did not answer tools/list:\n${stderr.slice(-2000)}`));
        return;
      }
      const files = new Map<string, number>();
      const builtins = new Set<string>();
      for (const [url, parent] of JSON.parse(line) as [string, string][]) {
        if (inside(url)) {
          const file = fileURLToPath(url);
          files.set(relative(outDir, file).split(sep).join('/'), statSync(file).size);
        } else if (url.startsWith('node:') && inside(parent)) {
          builtins.add(url);
        }
      }
      resolvePromise({ files, builtins: [...builtins].sort() });
    });
  });
}
