/**
 * Attacks on the sandbox, through the real pool and real host processes. For every attack: the
 * test process is untouched (no new globals, Object.prototype clean), the outcome is a harmless
 * value or a classified error, and the next call on the pool succeeds.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HelperError } from '../errors/helper-error.ts';
import { SandboxCrashedError } from '../errors/sandbox-crashed-error.ts';
import { SandboxMemoryError } from '../errors/sandbox-memory-error.ts';
import { SandboxOutputError } from '../errors/sandbox-output-error.ts';
import { SandboxTimeoutError } from '../errors/sandbox-timeout-error.ts';
import { createSandboxPool } from './sandbox-pool.ts';
import type { SandboxLimits, SandboxPool, SandboxResult } from './sandbox-types.ts';

const LIMITS = { cpuTimeoutMs: 300, wallTimeoutMs: 400, memoryMb: 32 } as const;
/** What an escape would create: the neutralised payload of the vm2 PoCs writes this file. */
const MARKER = path.join(tmpdir(), `toolsmith-sandbox-escaped-${process.pid}`);
const SECRET = 'toolsmith-test-secret-7d1e';

let pool: SandboxPool;
let baselineGlobals: string[];
let baselineObjectPrototype: string[];

const globalsOf = () => Object.getOwnPropertyNames(globalThis).sort();
const objectPrototypeOf = () => Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  process.env.TOOLSMITH_TEST_SECRET = SECRET;
  rmSync(MARKER, { force: true });
  pool = createSandboxPool({ size: 2, limits: LIMITS, killGraceMs: 1000, maxHostRssMb: 400 });
  await pool.start();
  baselineGlobals = globalsOf();
  baselineObjectPrototype = objectPrototypeOf();
}, 30_000);

afterAll(async () => {
  await pool.close();
  delete process.env.TOOLSMITH_TEST_SECRET;
  rmSync(MARKER, { force: true });
});

afterEach(async () => {
  // The test process is untouched…
  expect(globalsOf()).toEqual(baselineGlobals);
  expect(objectPrototypeOf()).toEqual(baselineObjectPrototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(existsSync(MARKER)).toBe(false);
  // …and the pool serves the next call normally.
  const next = await pool.run({
    modules: [
      {
        id: 'ok',
        filename: 'ok.js',
        source: 'function f(x) { return { x, leak: typeof leaked } }\nmodule.exports = { f }',
      },
    ],
    entry: { module: 'ok', export: 'f' },
    args: [1],
  });
  expect(next.value).toEqual({ x: 1, leak: 'undefined' });
}, 10_000);

type Outcome =
  { value: unknown; result: SandboxResult; error?: undefined } | { error: unknown; value?: undefined };

/** Runs `f` of a module whose source is `source`. */
async function attempt(source: string, limits: SandboxLimits = {}): Promise<Outcome> {
  try {
    const result = await pool.run({
      modules: [{ id: 'attack', filename: 'attack.js', source }],
      entry: { module: 'attack', export: 'f' },
      args: [],
      limits,
    });
    return { value: result.value, result };
  } catch (error) {
    return { error };
  }
}

/** Runs a function body as `f`. */
const attack = (body: string, limits: SandboxLimits = {}) =>
  attempt(`function f() {\n${body}\n}\nmodule.exports = { f };`, limits);

const timedOut = (outcome: Outcome, kind: 'cpu' | 'wall') => {
  expect(SandboxTimeoutError.isInstance(outcome.error)).toBe(true);
  expect((outcome.error as SandboxTimeoutError).kind).toBe(kind);
};

const helperError = (outcome: Outcome): HelperError => {
  expect(HelperError.isInstance(outcome.error)).toBe(true);
  return outcome.error as HelperError;
};

describe('no way out to the host realm', () => {
  it('constructor chains and Function("return this") reach only the isolate global', async () => {
    const outcome = await attack(`
      const g = Function('return this')();
      return {
        viaThis: this.constructor.constructor('return typeof process')(),
        viaLiteral: ({}).constructor.constructor('return typeof require')(),
        viaFunction: Function('return typeof globalThis.process')(),
        viaArrow: (() => {}).constructor('return typeof Buffer')(),
        viaAsync: typeof (async () => {}).constructor('return process'),
        viaError: (() => { try { null.x } catch (e) { return e.constructor.constructor('return typeof process')() } })(),
        sameGlobal: g === globalThis,
        globals: Object.getOwnPropertyNames(g).sort(),
      };`);
    const value = outcome.value as Record<string, unknown>;
    expect({ ...value, globals: undefined }).toEqual({
      viaThis: 'undefined',
      viaLiteral: 'undefined',
      viaFunction: 'undefined',
      viaArrow: 'undefined',
      viaAsync: 'function',
      viaError: 'undefined',
      sameGlobal: true,
      globals: undefined,
    });
    // Everything a helper can reach: ECMAScript built-ins, Intl, console, module/exports. No
    // process, require, Buffer, timers, fetch, SharedArrayBuffer, Atomics, WebAssembly.
    expect(value.globals).toMatchInlineSnapshot(`
      [
        "AggregateError",
        "Array",
        "ArrayBuffer",
        "AsyncDisposableStack",
        "BigInt",
        "BigInt64Array",
        "BigUint64Array",
        "Boolean",
        "DataView",
        "Date",
        "DisposableStack",
        "Error",
        "EvalError",
        "Float16Array",
        "Float32Array",
        "Float64Array",
        "Function",
        "Infinity",
        "Int16Array",
        "Int32Array",
        "Int8Array",
        "Intl",
        "Iterator",
        "JSON",
        "Map",
        "Math",
        "NaN",
        "Number",
        "Object",
        "Promise",
        "Proxy",
        "RangeError",
        "ReferenceError",
        "Reflect",
        "RegExp",
        "Set",
        "String",
        "SuppressedError",
        "Symbol",
        "SyntaxError",
        "TypeError",
        "URIError",
        "Uint16Array",
        "Uint32Array",
        "Uint8Array",
        "Uint8ClampedArray",
        "WeakMap",
        "WeakSet",
        "console",
        "decodeURI",
        "decodeURIComponent",
        "encodeURI",
        "encodeURIComponent",
        "escape",
        "eval",
        "exports",
        "f",
        "globalThis",
        "isFinite",
        "isNaN",
        "module",
        "parseFloat",
        "parseInt",
        "undefined",
        "unescape",
      ]
    `);
  });

  it('eval and Function only create code inside the isolate', async () => {
    const outcome = await attack(`
      return [
        eval('typeof process'),
        (0, eval)('typeof require'),
        (0, eval)('this === globalThis'),
        new Function('return typeof setTimeout')(),
        eval('(function () { return typeof this.process })()'),
        eval('typeof fetch'),
      ];`);
    expect(outcome.value).toEqual(['undefined', 'undefined', true, 'undefined', 'undefined', 'undefined']);
  });

  it('process, require, globalThis.process and the environment are absent', async () => {
    const outcome = await attack(`
      let env;
      try { env = process.env } catch (e) { env = e.name + ': ' + e.message }
      return { process: typeof process, require: typeof require, gp: typeof globalThis.process, env,
               module: typeof module.require, parent: typeof module.parent, main: typeof require === 'function' };`);
    expect(outcome.value).toEqual({
      process: 'undefined',
      require: 'undefined',
      gp: 'undefined',
      env: 'ReferenceError: process is not defined',
      module: 'undefined',
      parent: 'undefined',
      main: false,
    });
    expect(JSON.stringify(outcome.value)).not.toContain(SECRET);
  });

  it('import() of node modules fails', async () => {
    for (const specifier of ['fs', 'node:child_process']) {
      const error = helperError(await attack(`return import('${specifier}').then((m) => typeof m)`));
      expect(error.helperErrorMessage).toBe('Not supported');
    }
    const viaEval = helperError(await attack(`return eval('import("node:fs")')`));
    expect(viaEval.helperErrorMessage).toBe('Not supported');
    // Fire and forget: the rejection surfaces as an unhandled rejection of the helper.
    const ignored = await attack(`import('fs'); return 'returned'`);
    expect(ignored.value ?? (ignored.error as HelperError).helperErrorMessage).toMatch(
      /^(returned|Not supported)$/,
    );
  });

  it('has no SharedArrayBuffer, Atomics or WebAssembly to block or share memory with', async () => {
    const outcome = await attack(`return [typeof SharedArrayBuffer, typeof Atomics, typeof WebAssembly]`);
    expect(outcome.value).toEqual(['undefined', 'undefined', 'undefined']);
    const wait = helperError(
      await attack(`Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); return 1`),
    );
    expect(wait.helperErrorName).toBe('ReferenceError');
    const wasm = helperError(
      await attack(`return new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer`),
    );
    expect(wasm.helperErrorName).toBe('ReferenceError');
  });

  it('reaches no caller, and the console it gets is frozen and stores only strings', async () => {
    const outcome = await attack(`
      function probe() { return probe.caller === null ? 'null' : typeof probe.caller }
      let replaced = true;
      try { console.log = () => 1 } catch (e) { replaced = e.name }
      return { caller: probe(), fCaller: f.caller === null ? 'null' : typeof f.caller,
               frozen: Object.isFrozen(console) && Object.isFrozen(console.log), replaced,
               protoOfConsole: Object.getPrototypeOf(console) };`);
    expect(outcome.value).toEqual({
      caller: 'function',
      fCaller: 'null',
      frozen: true,
      replaced: true,
      protoOfConsole: null,
    });
  });
});

describe('no host path in what a helper error carries', () => {
  /** What this process's frames would show: its files, Node's internals, file URLs. */
  const hostTraces = [process.cwd(), 'file://', 'node:internal', 'isolate-runner', 'sandbox-host'];
  const noHostTrace = (error: HelperError) => {
    for (const text of [error.helperStack, error.message, error.helperErrorMessage]) {
      for (const trace of hostTraces) expect(text).not.toContain(trace);
    }
  };

  it("a helper's Error.prepareStackTrace returning a non-string, or a stack replaced or deleted, never shows this process's frames", async () => {
    const stackMakers = [
      'Error.prepareStackTrace = () => ({});',
      'Error.prepareStackTrace = () => undefined;',
      'Error.prepareStackTrace = () => 42;',
      'Error.prepareStackTrace = () => "    at /etc/made-up.js:1:1";',
    ];
    const throwers = [
      // At the top level, isolated-vm copies the thrown error out of the isolate.
      (make: string) => `${make}\nthrow new TypeError('top');\nfunction f() {}\nmodule.exports = { f };`,
      (make: string) =>
        `${make}\nconst e = new Error('no stack'); delete e.stack; throw e;\nfunction f() {}\nmodule.exports = { f };`,
      // An unhandled rejection is copied the same way, at the end of the call.
      (make: string) =>
        `${make}\nfunction f() { Promise.reject(new RangeError('unhandled')); return 1 }\nmodule.exports = { f };`,
      // Thrown in the call: described inside the isolate.
      (make: string) => `${make}\nfunction f() { throw new Error('in call') }\nmodule.exports = { f };`,
    ];
    for (const make of stackMakers) {
      for (const thrower of throwers) {
        for (const freshContext of [false, true]) {
          let outcome: unknown;
          try {
            await pool.run({
              modules: [{ id: 'trace', filename: 'trace.js', source: thrower(make) }],
              entry: { module: 'trace', export: 'f' },
              args: [],
              freshContext,
            });
          } catch (error) {
            outcome = error;
          }
          if (outcome === undefined) continue; // the rejection was noticed after the answer
          expect(HelperError.isInstance(outcome)).toBe(true);
          noHostTrace(outcome as HelperError);
        }
      }
    }
  }, 30_000);

  it("a helper's own frames stay in the stack", async () => {
    const top = await attempt(`throw new Error('top');\nfunction f() {}\nmodule.exports = { f };`);
    const error = helperError(top);
    expect(error.helperStack).toMatch(/^Error: top\n {4}at attack\.js:1:7/);
    expect([error.file, error.line]).toEqual(['attack.js', 1]);
    noHostTrace(error);
  });
});

describe('prototype pollution stays in its call', () => {
  it('pollution inside one call reaches neither this process nor the next call', async () => {
    const first = await attack(`
      Object.prototype.polluted = 1;
      Array.prototype.polluted = 1;
      Object.prototype.toJSON = function () { return 'hijacked' };
      JSON.stringify = () => '"hijacked"';
      JSON.parse = () => 'hijacked';
      return 'done';`);
    // The result serialiser inside the isolate was captured before helper code ran; toJSON on
    // Object.prototype is the helper's own (harmless) business.
    expect(first.value).toBe('done');
    const second = await attack(
      `return [typeof ({}).polluted, typeof [].polluted, JSON.stringify({ b: 2 }), typeof Object.prototype.toJSON]`,
    );
    expect(second.value).toEqual(['undefined', 'undefined', '{"b":2}', 'undefined']);
  });

  it('a "__proto__" key in a result is an own property here, not a prototype', async () => {
    const outcome = await attack(`return JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')`);
    const value = outcome.value as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.polluted).toBeUndefined();
  });
});

describe('traps on returned values run inside the isolate, under its limits', () => {
  it('a getter that loops forever is a CPU timeout', async () => {
    timedOut(await attack(`return { ok: 1, get x() { for (;;) {} } }`), 'cpu');
  });

  it('a getter that throws makes the result not JSON', async () => {
    const outcome = await attack(`return { get x() { throw new Error('from getter') } }`);
    expect(SandboxOutputError.isInstance(outcome.error)).toBe(true);
    expect((outcome.error as SandboxOutputError).detail).toContain('from getter');
  });

  it('a Proxy as the result is serialised through its traps, or times out', async () => {
    const benign = await attack(`return new Proxy({}, {
      ownKeys: () => ['a'],
      getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true }),
      get: () => 'trapped',
    })`);
    expect(benign.value).toEqual({ a: 'trapped' });
    timedOut(await attack(`return new Proxy({}, { ownKeys() { for (;;) {} } })`), 'cpu');
  });

  it('a toJSON that loops is a CPU timeout', async () => {
    timedOut(await attack(`return { toJSON() { for (;;) {} } }`), 'cpu');
  });

  it('functions, symbols, BigInts, NaN and cycles in results are refused clearly', async () => {
    const cases: [string, string][] = [
      ['return { handler() {} }', 'a function at key "handler"'],
      ['return [Symbol("s")]', 'a symbol at index 0'],
      ['return { n: 10n }', 'a bigint at key "n"'],
      ['return { n: NaN }', 'NaN at key "n"'],
      ['return [1, undefined]', 'undefined at index 1'],
    ];
    for (const [body, detail] of cases) {
      const outcome = await attack(body);
      expect(SandboxOutputError.isInstance(outcome.error)).toBe(true);
      expect(outcome.error).toMatchObject({ direction: 'result', reason: 'not-json', detail });
    }
    const cycle = await attack('const a = {}; a.self = a; return a');
    expect((cycle.error as SandboxOutputError).detail).toMatch(/circular/i);
  });

  it('a thrown Proxy or trapped object inside the call is described inside the isolate', async () => {
    timedOut(await attack(`throw new Proxy({}, { get() { for (;;) {} } })`), 'cpu');
    const weird = helperError(
      await attack(
        `throw { get name() { throw new Error('x') }, get message() { throw Symbol('y') }, toString() { return 'weird' } }`,
      ),
    );
    expect([weird.helperErrorName, weird.helperErrorMessage]).toEqual(['Thrown object', 'weird']);
  });

  it('a hostile value thrown at module top level, which isolated-vm copies without a timeout, costs the host but not the pool', async () => {
    // isolated-vm 7 reads `message`/`stack` of a value thrown out of a script outside any timeout:
    // a looping getter hangs the host. The pool's watchdog kills and replaces it, past the CPU
    // limit (the hang is synchronous) by a grace of 500 ms here.
    const before = pool.stats();
    const started = Date.now();
    const outcome = await attempt(`throw new Proxy({}, { get() { for (;;) {} } })`);
    timedOut(outcome, 'cpu');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(pool.stats().replaced).toBe(before.replaced + 1);
  });

  it('an unhandled rejection with a hostile value is ended by the watchdog too', async () => {
    const before = pool.stats().replaced;
    const outcome = await attack(`Promise.reject(new Proxy({}, { get() { for (;;) {} } })); return 1`);
    timedOut(outcome, 'cpu');
    expect(pool.stats().replaced).toBe(before + 1);
  });

  it('a looping module.exports getter is a CPU timeout', async () => {
    timedOut(await attempt(`Object.defineProperty(module, 'exports', { get() { for (;;) {} } })`), 'cpu');
  });
});

describe('resource exhaustion', () => {
  it('an infinite loop ends at the CPU limit', async () => {
    const started = Date.now();
    timedOut(await attack(`for (;;) {}`), 'cpu');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a microtask flood ends at the CPU limit', async () => {
    timedOut(await attack(`(function again() { Promise.resolve().then(again) })(); return 1`), 'cpu');
  });

  it('a catastrophic regex ends at the CPU limit', async () => {
    timedOut(await attack(`return /^(a+)+$/.test('a'.repeat(40) + 'b')`), 'cpu');
  });

  it('a promise that never settles ends at the wall-clock limit, without killing the host', async () => {
    const before = pool.stats();
    const started = Date.now();
    timedOut(await attack(`return new Promise(() => {})`), 'wall');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(5000);
    // A wall limit far past the CPU limit: the host tells the pool the call waits on a promise, so
    // the watchdog (due 500 ms past the CPU limit for a synchronous call) waits for the wall limit.
    const long = Date.now();
    timedOut(await attack(`return new Promise(() => {})`, { wallTimeoutMs: 1500 }), 'wall');
    expect(Date.now() - long).toBeGreaterThanOrEqual(1490);
    expect(pool.stats().replaced).toBe(before.replaced);
  });

  it('deep recursion is a HelperError (RangeError)', async () => {
    const error = helperError(await attack(`return (function down(n) { return down(n + 1) + 1 })(0)`));
    expect([error.helperErrorName, error.helperErrorMessage]).toEqual([
      'RangeError',
      'Maximum call stack size exceeded',
    ]);
    expect(error.file).toBe('attack.js');
  });

  it('a push loop hits the isolate memory limit: SandboxMemoryError, same host', async () => {
    const before = pool.stats();
    const outcome = await attack(
      `const a = []; for (;;) a.push({ n: Math.random(), s: 'x' + Math.random() })`,
      {
        memoryMb: 16,
        cpuTimeoutMs: 5000,
        wallTimeoutMs: 5000,
      },
    );
    expect(SandboxMemoryError.isInstance(outcome.error)).toBe(true);
    expect(outcome.error).toMatchObject({ memoryMb: 16, helperId: 'attack' });
    expect(pool.stats().replaced).toBe(before.replaced);
  }, 10_000);

  it('new Array(1e9).fill(0) escapes the isolate limit; the host is killed and replaced', async () => {
    const before = pool.stats();
    const outcome = await attack(`return new Array(1e9).fill(0).length`, {
      cpuTimeoutMs: 2000,
      wallTimeoutMs: 2000,
    });
    // isolated-vm does not stop this allocation (measured: the host grows past 700 MB and
    // segfaults after ~7 s); the pool's resident-size watch or watchdog ends it.
    expect(
      SandboxMemoryError.isInstance(outcome.error) || SandboxCrashedError.isInstance(outcome.error),
    ).toBe(true);
    expect(pool.stats().replaced).toBe(before.replaced + 1);
    for (const pid of before.pids) {
      if (!pool.stats().pids.includes(pid)) expect(() => process.kill(pid, 0)).toThrow();
    }
  }, 15_000);

  it('a string past the longest V8 allows is a helper error; a buffer past the memory limit is SandboxMemoryError', async () => {
    // a loaded CI machine can spend most of the 1 s CPU default building the string: give both room
    const roomy = { cpuTimeoutMs: 10_000, wallTimeoutMs: 20_000 };
    expect(helperError(await attack(`return 'x'.repeat(2 ** 29).length`, roomy)).helperErrorMessage).toBe(
      'Invalid string length',
    );
    // isolated-vm counts ArrayBuffers against memoryMb and refuses them past it: V8 throws a
    // RangeError, which is the memory limit (the isolate is replaced, the host stays).
    const before = pool.stats();
    const outcome = await attack(`return new ArrayBuffer(2 ** 31).byteLength`, roomy);
    expect(outcome.error).toMatchObject({ name: 'SandboxMemoryError' });
    expect(SandboxMemoryError.isInstance(outcome.error)).toBe(true);
    expect(outcome.error).toMatchObject({ memoryMb: 32, helperId: 'attack' });
    // Caught by the helper, the RangeError is the helper's to handle.
    expect((await attack(`try { new ArrayBuffer(2 ** 31) } catch (e) { return e.message }`)).value).toBe(
      'Array buffer allocation failed',
    );
    expect(pool.stats().replaced).toBe(before.replaced);
  });

  it('a giant return value is refused with its size', async () => {
    // What is measured is the size, not the time: generous limits, so that on a loaded machine the
    // 2 MB string is not stopped by the 1 s CPU default before its size is checked.
    const roomy = { cpuTimeoutMs: 10_000, wallTimeoutMs: 20_000 };
    const outcome = await attack(`return 'x'.repeat(2 * 1024 * 1024)`, roomy);
    expect(outcome.error).toMatchObject({
      name: 'SandboxOutputError',
      reason: 'too-large',
      limitBytes: 1024 * 1024,
    });
    // Under the limit in characters, over it in UTF-8 bytes: measured exactly in the host.
    const wide = await attack(`return 'é'.repeat(600000)`, roomy);
    expect(wide.error).toMatchObject({
      name: 'SandboxOutputError',
      reason: 'too-large',
      sizeBytes: 1_200_002,
    });
  }, 30_000);

  it('giant console output is capped', async () => {
    // A generous CPU budget: this test is about the cap, not the time limit (CI machines are slow).
    const roomy = { cpuTimeoutMs: 5000, wallTimeoutMs: 10_000 };
    const many = await attack(`for (let i = 0; i < 1e6; i++) console.log('x'.repeat(100)); return 1`, roomy);
    expect(many.value).toBe(1);
    const result = (many as { result: SandboxResult }).result;
    expect(result.logsTruncated).toBe(true);
    expect(result.logs.reduce((n, l) => n + Buffer.byteLength(l.message), 0)).toBeLessThan(17 * 1024);
    const one = await attack(`console.log('y'.repeat(5e6)); return 2`, roomy);
    const oneResult = (one as { result: SandboxResult }).result;
    expect(oneResult.logsTruncated).toBe(true);
    expect(oneResult.logs[0]!.message.length).toBeLessThanOrEqual(16 * 1024);
  });
});

describe('memory bombs stop within 2× the time limit (or 2× what a plain CPU loop takes on this machine now), and the call behind them is served', () => {
  // The limits of issue 11: 1 s of CPU, 64 MB. Each bomb goes to a pool of one host together with
  // a quick call, which waits behind it. Measured on 2 shared vCPUs (docs/executable-knowledge.md):
  // stopped in 0.04–1.31 s, the call behind served within 2.1 s; a Map bomb that made V8 run out of
  // heap used to run 6 s, and the call behind it to wait up to 8.1 s.
  const LIMIT_MS = 1000;
  const MEMORY_MB = 64;
  /** A host start: ~0.3 s on an idle machine, seconds on a CI machine running several suites. */
  const HOST_START_BUDGET_MS = 5000;

  interface Measured {
    error: unknown;
    stoppedMs: number;
    next: unknown;
    servedMs: number;
  }

  async function explode(body: string): Promise<Measured> {
    const own = createSandboxPool({ size: 1, limits: { cpuTimeoutMs: LIMIT_MS, memoryMb: MEMORY_MB } });
    try {
      await own.start();
      const call = (id: string, source: string) =>
        own.run({
          modules: [
            { id, filename: `${id}.js`, source: `function f() {\n${source}\n}\nmodule.exports = { f };` },
          ],
          entry: { module: id, export: 'f' },
          args: [],
        });
      const started = performance.now();
      const [bomb, next] = await Promise.all([
        call('bomb', body).then(
          (result) => ({ error: result, stoppedMs: performance.now() - started }),
          (error: unknown) => ({ error, stoppedMs: performance.now() - started }),
        ),
        call('next', 'return 42').then(
          (result) => ({ next: result.value, servedMs: performance.now() - started }),
          (error: unknown) => ({ next: error, servedMs: performance.now() - started }),
        ),
      ]);
      return { ...bomb, ...next };
    } finally {
      await own.close();
    }
  }

  /**
   * How long a plain CPU-bound loop runs before the 1 s CPU limit stops it, measured now: on an idle
   * machine about 1 s, on a CI machine running several suites on 2 vCPUs more (the limit is CPU
   * time, the test measures wall time). A bomb must stop as fast as that, within 2×.
   */
  let loopStopsMs = LIMIT_MS;
  beforeAll(async () => {
    loopStopsMs = (await explode('for (;;) {}')).stoppedMs;
  }, 30_000);

  const served = (measured: Measured) => {
    expect(measured.stoppedMs).toBeLessThan(2 * Math.max(LIMIT_MS, loopStopsMs));
    expect(measured.next).toBe(42);
    expect(measured.servedMs).toBeLessThan(2 * LIMIT_MS + HOST_START_BUDGET_MS);
  };

  it('a Map of objects: SandboxMemoryError, or a CPU timeout when the machine was too slow to fill 64 MB in 1 s', async () => {
    // Near the heap limit V8 collects garbage over and over and isolated-vm's timeout came seconds
    // late, or V8 ran out of memory and the host hung (the pool now kills it when V8 says so).
    const measured = await explode(
      `const m = new Map(); for (let i = 0; ; i++) m.set(i, { a: i, b: [i], c: 'x' + i });`,
    );
    const { error } = measured;
    if (!SandboxMemoryError.isInstance(error)) {
      expect(SandboxTimeoutError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ kind: 'cpu', timeoutMs: LIMIT_MS, helperId: 'bomb' });
    } else {
      expect(error).toMatchObject({ memoryMb: MEMORY_MB, helperId: 'bomb' });
    }
    served(measured);
  }, 30_000);

  it('a Map of arrays: SandboxMemoryError, or a CPU timeout when the machine was too slow to fill 64 MB in 1 s', async () => {
    // About 0.5 s to fill 64 MB on an idle machine; a CI machine running every suite at once once
    // took longer than the CPU limit, and then a CPU timeout is the right answer.
    const measured = await explode(
      `const m = new Map(); for (let i = 0; ; i++) m.set(i, new Array(1000).fill(i));`,
    );
    const { error } = measured;
    if (SandboxTimeoutError.isInstance(error)) {
      expect(error).toMatchObject({ kind: 'cpu', timeoutMs: LIMIT_MS, helperId: 'bomb' });
    } else {
      expect(error).toMatchObject({ name: 'SandboxMemoryError', memoryMb: MEMORY_MB, helperId: 'bomb' });
    }
    served(measured);
  }, 30_000);

  it('one 512 MB Uint8Array: SandboxMemoryError', async () => {
    const measured = await explode(`return new Uint8Array(512 * 1024 * 1024).length`);
    expect(SandboxMemoryError.isInstance(measured.error)).toBe(true);
    expect(measured.error).toMatchObject({ memoryMb: MEMORY_MB, helperId: 'bomb' });
    served(measured);
  }, 30_000);

  it('16 MB Uint8Arrays in a loop: SandboxMemoryError', async () => {
    const measured = await explode(`const kept = []; for (;;) kept.push(new Uint8Array(16 * 1024 * 1024));`);
    expect(SandboxMemoryError.isInstance(measured.error)).toBe(true);
    expect(measured.error).toMatchObject({ memoryMb: MEMORY_MB, helperId: 'bomb' });
    served(measured);
  }, 30_000);
});

describe('strings past the memory limit: SandboxMemoryError, the host bounded, the next call served', () => {
  // Issue 22: a 64 MB isolate returned a 256 MB string, a two-byte string took its host to 438 MB,
  // a JSON.parse bomb past 600 MB; only the 512 MB resident-size cap (polled every 100 ms) stopped
  // them. A rope knows its length (`'x'.repeat(2 ** 28)` is a few KB of heap) and one V8 operation
  // flattens it in one allocation that isolated-vm only notices afterwards. Now: a result's JSON is
  // measured before it is written; a call that ran ≥ 1 ms has its heap measured before its answer is
  // taken; and a busy host is read every 10 ms and killed past ready + 2 × memoryMb + 64 MB.
  // Measured (64 MB, 1 s of CPU, 2 shared vCPUs): peaks 85–87 MB for returned strings (were
  // 514–531 MB), 258–302 MB for bombs inside the isolate (were 512–586 MB), all stopped in 0.15–1.6 s.
  const MEMORY_MB = 64;
  const LIMIT_MS = 1000;
  /** How far past the cap a host may get between two reads of its size on a loaded machine. */
  const OVERSHOOT_MB = 96;
  const linux = process.platform === 'linux';
  const statusOf = (pid: number, field: string) => {
    try {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
        readFileSync(`/proc/${pid}/status`, 'utf8'),
      );
      return match ? Number(match[1]) / 1024 : undefined;
    } catch {
      return undefined; // gone
    }
  };

  interface Bombed {
    value?: unknown;
    error?: unknown;
    stoppedMs: number;
    /** The host's resident size when ready, and the most it reached (VmHWM, read every 2 ms). */
    baseMb: number;
    peakMb: number;
    replaced: number;
    next: unknown;
  }

  async function bomb(body: string, prelude = ''): Promise<Bombed> {
    const own = createSandboxPool({ size: 1, limits: { cpuTimeoutMs: LIMIT_MS, memoryMb: MEMORY_MB } });
    try {
      await own.start();
      const run = (id: string, source: string, top = '') =>
        own.run({
          modules: [
            {
              id,
              filename: `${id}.js`,
              source: `${top}\nfunction f() {\n${source}\n}\nmodule.exports = { f };`,
            },
          ],
          entry: { module: id, export: 'f' },
          args: [],
        });
      await run('warm', 'return 1');
      const pid = own.stats().pids[0]!;
      const baseMb = linux ? statusOf(pid, 'VmRSS')! : 0;
      let peakMb = baseMb;
      const poll = setInterval(() => {
        const hwm = statusOf(pid, 'VmHWM');
        if (hwm !== undefined) peakMb = Math.max(peakMb, hwm);
      }, 2);
      const started = performance.now();
      const outcome = await run('bomb', body, prelude).then(
        (result) => ({ value: result.value }),
        (error: unknown) => ({ error }),
      );
      const stoppedMs = performance.now() - started;
      clearInterval(poll);
      const next = await run('next', 'return 42').then(
        (result) => result.value,
        (error: unknown) => error,
      );
      return { ...outcome, stoppedMs, baseMb, peakMb, replaced: own.stats().replaced, next };
    } finally {
      await own.close();
    }
  }

  const refused = (bombed: Bombed) => {
    expect(SandboxMemoryError.isInstance(bombed.error)).toBe(true);
    expect(bombed.error).toMatchObject({ memoryMb: MEMORY_MB, helperId: 'bomb' });
    expect(bombed.stoppedMs).toBeLessThan(2 * LIMIT_MS);
    expect(bombed.next).toBe(42);
  };
  /**
   * The host stayed under its cap (ready size + 2 × memoryMb + 64 MB) plus one poll's growth — or, for
   * a bomb that is one V8 allocation (`oneAllocationMb`), plus that allocation: the watcher reads the
   * size between allocations, and a starved watcher (a loaded CI machine: 481 MB against a 377 MB
   * bound, 1 run in 3) sees the copy only once it is made. Either way the host is killed there, never
   * growing past it (a second copy, or the result's JSON, would).
   */
  const bounded = (bombed: Bombed, oneAllocationMb = 0) => {
    const cap = bombed.baseMb + 2 * MEMORY_MB + 64;
    if (linux)
      expect(bombed.peakMb).toBeLessThan(Math.max(cap + OVERSHOOT_MB, bombed.baseMb + oneAllocationMb + 64));
  };
  /** Nothing large was ever made: the host stayed near its ready size, and was not replaced. */
  const untouched = (bombed: Bombed) => {
    if (linux) expect(bombed.peakMb).toBeLessThan(bombed.baseMb + 32);
    expect(bombed.replaced).toBe(0);
  };

  it('a 256 MB one-byte string returned: refused before its JSON is written', async () => {
    const bombed = await bomb(`return 'x'.repeat(2 ** 28)`);
    refused(bombed);
    untouched(bombed);
  }, 30_000);

  it('a two-byte string, and one deep in the result: refused before their JSON is written', async () => {
    const twoByte = await bomb(`return 'é€'.repeat(2 ** 27)`);
    refused(twoByte);
    untouched(twoByte);
    const deep = await bomb(`return { items: [1, 2, { text: 'ab'.repeat(2 ** 26) }] }`);
    refused(deep);
    untouched(deep);
  }, 30_000);

  it('a JSON.parse bomb inside the isolate: the host is killed near its cap and replaced', async () => {
    const bombed = await bomb(`return JSON.parse('"' + 'x'.repeat(2 ** 28) + '"').length`);
    refused(bombed);
    bounded(bombed);
  }, 30_000);

  it('a two-byte rope flattened inside the isolate: the host is killed near its cap and replaced', async () => {
    const bombed = await bomb(`const s = 'é€'.repeat(2 ** 27); return s.indexOf('x')`);
    refused(bombed);
    bounded(bombed, 512); // flattened in one allocation: 2 ** 28 two-byte characters
  }, 30_000);

  it('JSON.stringify of a 256 MB rope inside the isolate: the host is killed near its cap', async () => {
    const bombed = await bomb(`return JSON.stringify({ a: 'x'.repeat(2 ** 28) }).length`);
    refused(bombed);
    bounded(bombed);
  }, 30_000);

  it('100 MB made flat in a 64 MB isolate and still held: measured after the call, refused', async () => {
    // Before, this call answered -1: isolated-vm checks its limit after garbage collections only.
    // The string is held by the script's top-level binding, so no collection between the end of
    // the call and the measure can hide it.
    const bombed = await bomb(`held = 'x'.repeat(100 * 2 ** 20); return held.indexOf('y')`, 'let held;');
    refused(bombed);
    bounded(bombed);
    expect(bombed.replaced).toBe(0); // the isolate was replaced, the host stayed
  }, 30_000);

  it('100 MB made flat and dropped before the call ends: the host bounded, refused or answered right', async () => {
    // Garbage when the call returns: a collection may free it before it is measured (then the call
    // did fit when it ended), so both outcomes are correct — never a wrong answer, never the host.
    const bombed = await bomb(`const s = 'x'.repeat(100 * 2 ** 20); return s.indexOf('y')`);
    if (bombed.error === undefined) expect(bombed.value).toBe(-1);
    else refused(bombed);
    bounded(bombed);
    expect(bombed.replaced).toBe(0);
    expect(bombed.next).toBe(42);
  }, 30_000);

  it('a huge rope logged or thrown is described by its length, never read', async () => {
    const logged = await bomb(
      `console.log('x'.repeat(2 ** 28)); console.log({ a: 'y'.repeat(2 ** 28) }); return 1`,
    );
    expect(logged.value).toBe(1);
    untouched(logged);
    const thrown = await bomb(`throw new Error('z'.repeat(2 ** 28))`);
    expect(HelperError.isInstance(thrown.error)).toBe(true);
    expect((thrown.error as HelperError).helperErrorMessage).toBe(
      '[a string of 268435456 characters, too long to read within the memory limit]',
    );
    untouched(thrown);
  }, 30_000);
});

describe('vm2 escape corpus (research §2.3, payloads neutralised to write a marker file)', () => {
  const payload = `process.mainModule.require('child_process').execSync('echo ESCAPED > ${MARKER}')`;
  const corpus: [string, string][] = [
    [
      'CVE-2022-36067 prepareStackTrace on a replaced Error',
      `globalThis.OldError = globalThis.Error;
       try { const a = 123; a = 44; } catch (err) {}
       globalThis.Error = {};
       globalThis.Error.prepareStackTrace = (errStr, traces) => { traces[0].getThis().${payload}; };
       const { stack } = new globalThis.OldError;`,
    ],
    [
      'CVE-2023-29017 host CallSites for async errors',
      `Error.prepareStackTrace = (e, frames) => { frames.constructor.constructor('return process')().mainModule.require('child_process').execSync('echo ESCAPED > ${MARKER}'); };
       (async () => {}).constructor('return process')();`,
    ],
    [
      'CVE-2023-29199 transformer catch-variable guess',
      `aVM2_INTERNAL_TMPNAME = {};
       function stack() { new Error().stack; stack(); }
       try { stack(); } catch (a$tmpname) {
         a$tmpname.constructor.constructor('return process')().mainModule.require('child_process').execSync('echo ESCAPED > ${MARKER}');
       }`,
    ],
    [
      'CVE-2023-30547 Proxy getPrototypeOf + stack overflow in handleException',
      `err = {};
       const handler = { getPrototypeOf(target) { (function stack() { new Error().stack; stack(); })(); } };
       const proxiedErr = new Proxy(err, handler);
       try { throw proxiedErr; } catch ({ constructor: c }) {
         c.constructor('return process')().mainModule.require('child_process').execSync('echo ESCAPED > ${MARKER}');
       }`,
    ],
    [
      'CVE-2023-32314 Proxy as err.name.toString',
      `const err = new Error();
       err.name = { toString: new Proxy(() => "", { apply(target, thiz, args) {
         const process = args.constructor.constructor("return process")();
         throw process.mainModule.require("child_process").execSync("echo ESCAPED > ${MARKER}").toString();
       } }) };
       try { err.stack; } catch (stdout) { stdout; }`,
    ],
    [
      'CVE-2023-37466 Promise species hijack',
      `async function fn() { (function stack() { new Error().stack; stack(); })(); }
       p = fn();
       p.constructor = { [Symbol.species]: class FakePromise { constructor(executor) {
         executor((x) => x, (err) => err.constructor.constructor('return process')().mainModule.require('child_process').execSync('echo ESCAPED > ${MARKER}'));
       } } };
       p.then();`,
    ],
    [
      'CVE-2023-37903 custom inspect + WebAssembly.compileStreaming',
      `const customInspectSymbol = Symbol.for('nodejs.util.inspect.custom');
       obj = { [customInspectSymbol]: (depth, opt, inspect) => {
         inspect.constructor('return process')().mainModule.require('child_process').execSync('echo ESCAPED > ${MARKER}');
       }, valueOf: undefined, constructor: undefined };
       WebAssembly.compileStreaming(obj).catch(() => {});`,
    ],
    [
      'CVE-2026-22709 Symbol-named error in .catch',
      `new Promise((resolve, reject) => {
         const error = new Error(); error.name = Symbol();
         const f = async () => error.stack;
         f().catch(e => { try { resolve(e.constructor.constructor('return process')()); } catch (err) { reject(err); } });
       });`,
    ],
    [
      'CVE-2021-23449 dynamic import promise',
      `let res = import('./foo.js');
       res.toString.constructor("return this")().process.mainModule.require("child_process").execSync("echo ESCAPED > ${MARKER}");`,
    ],
  ];

  it.each(corpus)('%s: no host object reached', async (_name, code) => {
    const outcome = await attempt(`${code}\nmodule.exports = { f() { return 'survived' } };`, {
      cpuTimeoutMs: 500,
    });
    const text =
      outcome.error === undefined ? JSON.stringify(outcome.value) : String((outcome.error as Error).message);
    expect(text).not.toContain('ESCAPED');
    if (outcome.error === undefined) {
      expect(outcome.value).toBe('survived');
    } else {
      const classified =
        HelperError.isInstance(outcome.error) ||
        SandboxTimeoutError.isInstance(outcome.error) ||
        SandboxMemoryError.isInstance(outcome.error);
      expect(classified).toBe(true);
    }
  });

  it('a helper-planted Promise species does not derail awaiting its result', async () => {
    const body = `
      class Fake { constructor(executor) { executor(() => {}, () => {}); } }
      Object.defineProperty(Promise.prototype, 'constructor', { value: { [Symbol.species]: Fake }, configurable: true });
      Object.defineProperty(Promise, Symbol.species, { get() { return Fake } });
      return Promise.resolve(7);`;
    const source = `function f() {\n${body}\n}\nmodule.exports = { f };`;
    const run = (freshContext: boolean) =>
      pool.run({
        modules: [{ id: 'species', filename: 'species.js', source }],
        entry: { module: 'species', export: 'f' },
        args: [],
        freshContext,
      });
    // In a shared (locked) context the built-ins are frozen: the plant itself fails.
    const shared = await run(false).catch((e: unknown) => e);
    expect(HelperError.isInstance(shared)).toBe(true);
    expect((shared as HelperError).message).toMatch(/Cannot (redefine|define) property/);
    // In a fresh context the plant succeeds, and the runtime still awaits the real promise.
    expect((await run(true)).value).toBe(7);
  });
});
