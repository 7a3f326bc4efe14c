/**
 * ES modules in the sandbox: a pack's `.mjs` files linked to each other (and to nothing else),
 * evaluated in the isolate, their exports called by name; and what a module that fails or a
 * request that tries to link more than it was sent gets.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { HelperError } from '../errors/index.ts';
import { loadToolDefinition } from '../loader/index.ts';
import { ToolHelperExecutor } from '../runtime/tool-helper-executor.ts';
import { ToolValidationHelper } from '../runtime/tool-validation-helper.ts';
import type { ToolDefinition } from '../schema/index.ts';
import { createSandboxPool } from './sandbox-pool.ts';
import type { SandboxModule, SandboxPool } from './sandbox-types.ts';

const PACK = path.join(import.meta.dirname, '..', '__fixtures__', 'tools', 'modules', 'modules.tool.yaml');

let definition: ToolDefinition;
let pool: SandboxPool;
let executor: ToolHelperExecutor;

beforeAll(async () => {
  definition = await loadToolDefinition(PACK);
  pool = createSandboxPool({ size: 1 });
  executor = new ToolHelperExecutor(definition, pool);
}, 30_000);

afterAll(async () => {
  await pool.close();
});

async function failure(run: () => Promise<unknown>): Promise<HelperError> {
  try {
    await run();
  } catch (error) {
    if (HelperError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a HelperError');
}

const mod = (id: string, source: string, imports: Record<string, string> = {}): SandboxModule => ({
  id,
  source,
  filename: `${id}.mjs`,
  type: 'module',
  imports,
});

describe('a pack of ES modules runs in the sandbox', () => {
  it('calls a helper that imports a shared module, the YAML naming its export', async () => {
    expect(
      executor.modulesFor({
        id: 'x',
        code: definition.executableKnowledge.helpers[0]!.code,
        dependencies: [],
      }),
    ).toEqual(['describe-value', 'shared/values.mjs']);
    const result = await executor.execute('describe-value', [{ a: 1 }]);
    expect(result.value).toEqual({ object: true, text: '{"a":1}', loads: 1 });
  });

  it('links an import cycle, each file evaluated once', async () => {
    expect((await executor.execute('ping-pong', [3])).value).toBe('pong');
    expect((await executor.execute('ping-pong', [4])).value).toBe('ping');
  });

  it('runs a validator module and a script helper of the same pack', async () => {
    const validation = new ToolValidationHelper(definition, executor);
    const refused = await validation.validate('make_thing', { name: 42 });
    expect(refused.valid).toBe(false);
    expect(refused.errors[0]).toMatchObject({ field: 'name', message: 'name is a string; got 42.' });
    expect((await validation.validate('make_thing', { name: 'x' })).valid).toBe(true);
    expect((await executor.execute('legacy-upper', ['abc'])).value).toBe('ABC');
  });

  it('has no module state shared with a fresh context', async () => {
    const fresh = await pool.run({
      modules: [
        mod('counter', "import { n } from './state.mjs'; export function get() { return n; }", {
          './state.mjs': 'state',
        }),
        mod('state', 'export let n = 0; n += 1;'),
      ],
      entry: { module: 'counter', export: 'get' },
      args: [],
      freshContext: true,
    });
    expect(fresh.value).toBe(1);
  });
});

describe('what a module cannot do', () => {
  it('import anything the request did not send: the specifier is refused, naming the file', async () => {
    // A request whose imports map leaves out what the code imports (the loader never makes one).
    for (const specifier of ['node:fs', '/etc/passwd', '../../../etc/passwd.mjs', 'isolated-vm']) {
      const error = await failure(() =>
        pool.run({
          modules: [
            mod('thief', `import * as fs from '${specifier}'; export function steal() { return fs; }`),
          ],
          entry: { module: 'thief', export: 'steal' },
          args: [],
        }),
      );
      expect(error.phase).toBe('load');
      expect(error.helperErrorMessage).toContain(
        `thief.mjs imports '${specifier}', which was not sent with it`,
      );
    }
  });

  it('name a module of the request that is not an ES module', async () => {
    await expect(
      pool.run({
        modules: [
          mod('a', "import { x } from './b.js'; export function f() { return x; }", { './b.js': 'b' }),
          { id: 'b', source: 'var x = 1;', filename: 'b.js' },
        ],
        entry: { module: 'a', export: 'f' },
        args: [],
      }),
    ).rejects.toThrow('module a: import \'./b.js\' names "b", which is not an ES module of the request.');
  });

  it('import() at run time: the promise rejects inside the isolate, nothing is loaded', async () => {
    const result = await pool.run({
      modules: [
        mod(
          'dynamic',
          "export async function load() { try { await import('node:fs'); return 'loaded'; } catch (e) { return 'refused'; } }",
        ),
      ],
      entry: { module: 'dynamic', export: 'load' },
      args: [],
    });
    expect(result.value).toBe('refused');
  });

  it('reach the host through import.meta or globals', async () => {
    const result = await pool.run({
      modules: [
        mod(
          'probe',
          'export function probe() { return [typeof import.meta, Object.keys(import.meta).length, typeof require, typeof process]; }',
        ),
      ],
      entry: { module: 'probe', export: 'probe' },
      args: [],
    });
    expect(result.value).toEqual(['object', 0, 'undefined', 'undefined']);
  });
});

describe('modules that fail', () => {
  it('a module that throws while it evaluates: a load error at its line, and the next call is served', async () => {
    const error = await failure(() =>
      pool.run({
        modules: [
          mod('entry', "import { v } from './bad.mjs'; export function f() { return v; }", {
            './bad.mjs': 'bad',
          }),
          mod('bad', "export const v = 1;\nthrow new TypeError('bad at load');"),
        ],
        entry: { module: 'entry', export: 'f' },
        args: [],
      }),
    );
    expect(error).toMatchObject({ phase: 'load', helperErrorName: 'TypeError', file: 'bad.mjs', line: 2 });
    expect((await executor.execute('legacy-upper', ['ok'])).value).toBe('OK');
  });

  it('an import of a name the module does not export', async () => {
    const error = await failure(() =>
      pool.run({
        modules: [
          mod('entry', "import { nope } from './lib.mjs'; export function f() { return nope; }", {
            './lib.mjs': 'lib',
          }),
          mod('lib', 'export const yes = 1;'),
        ],
        entry: { module: 'entry', export: 'f' },
        args: [],
      }),
    );
    expect(error.phase).toBe('load');
    expect(error.helperErrorMessage).toBe(
      "The requested module './lib.mjs' does not provide an export named 'nope'",
    );
  });

  it('an entry export the module does not have: the error lists its exports', async () => {
    const error = await failure(() =>
      pool.run({
        modules: [mod('lib', 'export function one() {}\nexport const two = 2;')],
        entry: { module: 'lib', export: 'three' },
        args: [],
      }),
    );
    expect(error.helperErrorName).toBe('ExportNotFound');
    expect(error.message).toContain(
      'module lib has no function export "three" (it is undefined); its exports are: one, two',
    );
    expect(error.message).toContain('export function name(…)');
  });

  it('a syntax error: a compile error at its position', async () => {
    const error = await failure(() =>
      pool.run({
        modules: [mod('broken', 'export function f() {\n  return 1 +;\n}')],
        entry: { module: 'broken', export: 'f' },
        args: [],
      }),
    );
    expect(error).toMatchObject({ phase: 'compile', file: 'broken.mjs', line: 2 });
  });
});
