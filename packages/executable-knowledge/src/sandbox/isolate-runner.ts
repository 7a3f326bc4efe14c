/**
 * Runs one sandbox request in this process's isolated-vm isolate (used by the host process only;
 * it imports the native module). One isolate per host, a fresh context per call, compiled scripts
 * cached by content hash and reused across the contexts of the isolate.
 */
import { createHash } from 'node:crypto';
import ivm from 'isolated-vm';
import type { Context, Isolate, Module, Reference, Script } from 'isolated-vm';
import { ISOLATE_RUNTIME_FILENAME, ISOLATE_RUNTIME_SOURCE } from './isolate-runtime.ts';
import {
  AWAITING_NOTICE_MS,
  type HostAnswer,
  type HostFailure,
  type RunMessage,
  type ScriptCacheUse,
  type WireModule,
} from './sandbox-protocol.ts';
import type { SandboxLogEntry } from './sandbox-types.ts';

/** Compiled scripts kept per isolate (least recently used dropped first). */
const SCRIPT_CACHE_SIZE = 256;

const MIB = 1024 * 1024;

/**
 * A call that ran at least this long has its isolate's memory measured before its answer is taken
 * (~3 µs): writing more than a small isolate's limit takes longer than this, and the quick calls
 * most helpers make pay nothing.
 */
const HEAP_CHECK_AFTER_MS = 1;

const TIMED_OUT = 'Script execution timed out.';
const MEMORY_LIMIT = 'due to memory limit';
/**
 * What V8 throws (a RangeError) when isolated-vm's allocator refuses an ArrayBuffer or typed array
 * because the isolate's heap plus its external memory would pass `memoryLimit`: the memory limit,
 * not a bug of the helper's.
 */
const ALLOCATION_FAILED = 'Array buffer allocation failed';

/**
 * A call that times out with its isolate's heap (plus external memory) at this share of
 * `memoryMb` or more was filling memory: near the limit V8 collects garbage over and over, which is
 * what made it late (isolated-vm checks the limit after full collections only). It fails with
 * SandboxMemoryError.
 */
const NEAR_LIMIT_SHARE = 0.8;

/** Whether a helper's error (name and message) is an ArrayBuffer refused for the memory limit. */
function isAllocationFailure(name: unknown, message: unknown): boolean {
  return name === 'RangeError' && message === ALLOCATION_FAILED;
}

type Control = Reference<(op: string, ...args: unknown[]) => unknown>;

export interface IsolateRunnerOptions {
  /** isolated-vm's `onCatastrophicError`: V8 lost control of the isolate; the process must end. */
  onCatastrophicError: (message: string) => void;
}

export interface RunHooks {
  /**
   * The call's synchronous part is over and it has been waiting on a promise for AWAITING_NOTICE_MS
   * (`elapsedMs` after it started): it is bound by its wall-clock limit from now on.
   */
  onAwaiting?: (elapsedMs: number) => void;
}

/** A limit hit while running, as opposed to an error of the helper itself. */
class LimitHit {
  readonly failure: HostFailure;
  constructor(failure: HostFailure) {
    this.failure = failure;
  }
}

export class IsolateRunner {
  readonly #onCatastrophicError: (message: string) => void;
  #isolate: Isolate | undefined;
  #memoryMb = 0;
  #heapLimitBytes = 0;
  #runtime: Script | undefined;
  readonly #scripts = new Map<string, Script>();
  /** A context made between calls (runtime installed, never used), taken by the next call. */
  #prepared: { isolate: Isolate; context: Context; control: Control } | undefined;
  /** Every module source received, by key (the pool sends a source once per host). */
  readonly #sources = new Map<string, string>();
  #sourceBytes = 0;
  /** Locked contexts with their modules loaded, by module set, most recently used last. */
  readonly #shared = new Map<string, { context: Context; control: Control }>();

  constructor(options: IsolateRunnerOptions) {
    this.#onCatastrophicError = options.onCatastrophicError;
  }

  /**
   * Runs one call. Module sources the pool sent before arrive as `cached`; the host keeps every
   * source it received (up to MAX_SOURCE_BYTES, then it forgets them all and tells the pool).
   */
  async run(message: RunMessage, hooks: RunHooks = {}): Promise<HostAnswer> {
    const modules: WireModule[] = [];
    for (const module of message.modules) {
      const key = moduleKey(module);
      if (module.cached) {
        const source = this.#sources.get(key);
        if (source === undefined) {
          this.#forgetSources();
          return {
            type: 'failure',
            id: message.id,
            failure: { kind: 'missing-source', module: module.id },
            durationMs: 0,
            scriptCache: { hits: 0, misses: 0 },
            sourcesReset: true,
          };
        }
        modules.push({ ...module, source, key, cached: false });
      } else {
        if (!this.#sources.has(key)) {
          this.#sources.set(key, module.source);
          this.#sourceBytes += module.source.length;
        }
        modules.push({ ...module, key });
      }
    }
    const reply = await this.#run({ ...message, modules }, hooks);
    if (this.#sourceBytes > MAX_SOURCE_BYTES) {
      this.#forgetSources();
      return { ...reply, sourcesReset: true } as HostAnswer;
    }
    return reply;
  }

  #forgetSources(): void {
    this.#sources.clear();
    this.#sourceBytes = 0;
  }

  async #run(message: RunMessage, hooks: RunHooks): Promise<HostAnswer> {
    const started = performance.now();
    const { limits } = message;
    const cache: ScriptCacheUse = { hits: 0, misses: 0 };
    const cpuDeadline = started + limits.cpuTimeoutMs;
    let helperId = message.modules[0]?.id ?? message.entry.module;
    let phase: 'load' | 'call' = 'load';

    const fail = (failure: HostFailure): HostAnswer => ({
      type: 'failure',
      id: message.id,
      failure,
      durationMs: performance.now() - started,
      scriptCache: cache,
    });
    /** Remaining CPU budget for the next synchronous step (isolated-vm `timeout`). */
    const budget = (): number => {
      const left = Math.ceil(cpuDeadline - performance.now());
      if (left <= 0) throw new LimitHit({ kind: 'timeout', timeout: 'cpu', helperId });
      return left;
    };
    /**
     * Maps an exception from an isolated-vm call to a limit, or returns undefined for a helper error.
     * Either way the isolate is replaced: when a task ends by throwing, isolated-vm keeps the
     * task's unhandled promise rejections and reports them at the end of the *next* task (which
     * would be another call). Errors the runtime catches inside the isolate do not get here.
     */
    const limitOf = (error: unknown, isolate: Isolate): HostFailure | undefined => {
      if (error instanceof LimitHit) return error.failure;
      const text = error instanceof Error ? error.message : '';
      const memory =
        text.includes(MEMORY_LIMIT) ||
        isolate.isDisposed ||
        (error instanceof Error && isAllocationFailure(error.name, text)) ||
        (text === TIMED_OUT && nearMemoryLimit(isolate, limits.memoryMb));
      if (isolate === this.#isolate) this.#discardIsolate();
      if (memory) return { kind: 'memory', helperId };
      if (text === TIMED_OUT) return { kind: 'timeout', timeout: 'cpu', helperId };
      return undefined;
    };

    let isolate: Isolate;
    try {
      isolate = this.#ensureIsolate(limits.memoryMb);
    } catch (error) {
      return fail({ kind: 'internal', message: `could not create an isolate: ${describe(error)}` });
    }
    let context: Context | undefined;
    let control: Control | undefined;
    // A shared context stays alive after the call; a fresh one is released in `finally`.
    let keep = false;
    try {
      const setKey = message.freshContext ? undefined : message.modules.map((m) => moduleKey(m)).join('|');
      const shared = setKey === undefined ? undefined : this.#shared.get(setKey);
      if (shared) {
        this.#shared.delete(setKey!);
        this.#shared.set(setKey!, shared);
        ({ context, control } = shared);
        keep = true;
        cache.hits += message.modules.length;
      } else {
        const prepared = this.#takePrepared(isolate);
        if (prepared) ({ context, control } = prepared);
        else {
          context = isolate.createContextSync();
          control = this.#runtimeScript(isolate).runSync(context, {
            reference: true,
            timeout: budget(),
          }) as Control;
        }
        control.applySync(
          undefined,
          ['config', limits.maxLogBytes, limits.maxResultBytes, limits.memoryMb * MIB],
          { timeout: budget() },
        );

        const esModules: { wire: WireModule; module: Module }[] = [];
        for (const module of message.modules) {
          helperId = module.id;
          if (module.type === 'module') {
            try {
              esModules.push({ wire: module, module: this.#compileModule(isolate, module, cache) });
            } catch (error) {
              return fail(compileFailure(module, error));
            }
            continue;
          }
          let script: Script;
          try {
            script = this.#compile(isolate, module, cache);
          } catch (error) {
            return fail(compileFailure(module, error));
          }
          control.applySync(undefined, ['begin', module.id], { timeout: budget() });
          try {
            // The completion value is dropped by isolated-vm unless transferable; nothing is copied.
            script.runSync(context, { timeout: budget() });
          } catch (error) {
            const limit = limitOf(error, isolate);
            return fail(limit ?? hostErrorFailure(error, helperId, 'load', message.modules));
          }
        }
        if (esModules.length > 0) {
          const failure = this.#linkModules(esModules, context, control, budget, (id) => (helperId = id));
          if (failure)
            return fail(
              limitOf(failure, isolate) ?? hostErrorFailure(failure, helperId, 'load', message.modules),
            );
        }
        if (setKey !== undefined) {
          control.applySync(undefined, ['lock'], { timeout: budget() });
          this.#share(setKey, context, control);
          keep = true;
        }
      }

      helperId = message.entry.module;
      phase = 'call';
      // One crossing per warm call: the limits (and an empty console buffer) go in with the call,
      // the console output comes back with its answer.
      const pending = control.applySync(
        undefined,
        [
          'call',
          message.entry.module,
          message.entry.export,
          message.argsJson,
          ...(shared ? [limits.maxLogBytes, limits.maxResultBytes] : []),
        ],
        { timeout: budget(), result: { promise: true } },
      ) as unknown as Promise<unknown>;
      // A synchronous result comes back as the string itself: no promise to wait for.
      const outcome =
        typeof pending === 'string'
          ? pending
          : await this.#withWallLimit(pending, started, started + limits.wallTimeoutMs, isolate, hooks);
      if (outcome === WALL) return fail({ kind: 'timeout', timeout: 'wall', helperId });
      if (typeof outcome !== 'string') {
        return fail({ kind: 'internal', message: `the sandbox runtime answered with a ${typeof outcome}` });
      }

      // A single V8 operation can make a string far larger than the memory limit (flattening a
      // rope, JSON.parse, replace…) and isolated-vm's limit only notices at its next check: a call
      // that took long enough to have done so is measured now, whatever it answered.
      if (performance.now() - started >= HEAP_CHECK_AFTER_MS && this.#overLimit(isolate)) {
        if (isolate === this.#isolate) this.#discardIsolate();
        return fail({ kind: 'memory', helperId });
      }

      // `<tag><logs>\n<json>` (isolate-runtime.ts)
      const tag = outcome.charAt(0);
      const newline = outcome.indexOf('\n');
      if (newline === -1)
        return fail({ kind: 'internal', message: 'the sandbox runtime answered without logs' });
      const body = outcome.slice(newline + 1);
      if (tag === 'V') {
        const sizeBytes = Buffer.byteLength(body);
        if (sizeBytes > limits.maxResultBytes) {
          return fail({ kind: 'output', helperId, reason: 'too-large', detail: 'too large', sizeBytes });
        }
        const logs = readLogs(outcome.slice(1, newline));
        if (logs.truncated) {
          logs.logs.push({ level: 'warn', message: `[console output cut at ${limits.maxLogBytes} bytes]` });
        }
        return {
          type: 'result',
          id: message.id,
          valueJson: body,
          logs: logs.logs,
          logsTruncated: logs.truncated,
          durationMs: performance.now() - started,
          scriptCache: cache,
        };
      }
      if (tag === 'E') {
        const e = JSON.parse(body) as { name: string; message: string; stack: string };
        if (isAllocationFailure(e.name, e.message)) {
          // Refused for the memory limit. The isolate goes too: its other contexts share the memory,
          // and the module state of this one may still hold what was allocated.
          if (isolate === this.#isolate) this.#discardIsolate();
          return fail({ kind: 'memory', helperId });
        }
        return fail({
          kind: 'helper',
          helperId,
          phase: 'call',
          name: e.name,
          message: e.message,
          stack: e.stack,
        });
      }
      if (tag === 'O') {
        const o = JSON.parse(body) as {
          reason: 'not-json' | 'too-large';
          detail: string;
          sizeBytes?: number;
        };
        return fail({
          kind: 'output',
          helperId,
          reason: o.reason,
          detail: o.detail,
          ...(o.sizeBytes === undefined ? {} : { sizeBytes: o.sizeBytes }),
        });
      }
      if (tag === 'M') {
        // The result's JSON would be larger than the memory limit (a rope's length says so before
        // it is written). The isolate goes: what the helper built may still be held by module state.
        if (isolate === this.#isolate) this.#discardIsolate();
        return fail({ kind: 'memory', helperId });
      }
      if (tag === 'X') {
        const x = JSON.parse(body) as { type: string; exports: string };
        return fail({
          kind: 'helper',
          helperId,
          phase: 'call',
          name: 'ExportNotFound',
          message: `module ${message.entry.module} has no function export "${message.entry.export}" (it is ${x.type}); its exports are: ${x.exports || 'none'}`,
          stack: '',
          hint:
            message.modules.find((m) => m.id === message.entry.module)?.type === 'module'
              ? 'Call one of the exported functions, or export the function (export function name(…) { … }).'
              : 'Call one of the exported functions, or export the function with module.exports = { … }.',
        });
      }
      return fail({ kind: 'internal', message: 'the sandbox runtime answered with an unknown tag' });
    } catch (error) {
      const limit = limitOf(error, isolate);
      // Anything else thrown by a runtime call is an unhandled promise rejection of helper code,
      // which isolated-vm reports at the end of the task.
      return fail(limit ?? hostErrorFailure(error, helperId, phase, message.modules));
    } finally {
      if (!keep && !isolate.isDisposed) {
        control?.release();
        context?.release();
      }
    }
  }

  /** Keeps a loaded, locked context for later calls with the same modules (bounded, LRU). */
  #share(setKey: string, context: Context, control: Control): void {
    this.#shared.set(setKey, { context, control });
    if (this.#shared.size > SHARED_CONTEXTS) {
      const [oldestKey, oldest] = this.#shared.entries().next().value as [
        string,
        { context: Context; control: Control },
      ];
      this.#shared.delete(oldestKey);
      oldest.control.release();
      oldest.context.release();
    }
  }

  /**
   * Makes the next call's fresh context now, between calls, so a call does not wait for it
   * (creating a context is most of a warm call's cost). The context is new and unused — calls
   * still never share one. Must only run while no call is in flight.
   */
  prepare(memoryMb: number): void {
    if (this.#prepared) return;
    try {
      const isolate = this.#ensureIsolate(memoryMb);
      const context = isolate.createContextSync();
      const control = this.#runtimeScript(isolate).runSync(context, {
        reference: true,
        timeout: 1000,
      }) as Control;
      this.#prepared = { isolate, context, control };
    } catch {
      // The next call makes its own context (and reports whatever goes wrong).
    }
  }

  #takePrepared(isolate: Isolate): { context: Context; control: Control } | undefined {
    const prepared = this.#prepared;
    this.#prepared = undefined;
    if (!prepared) return undefined;
    if (prepared.isolate === isolate && !isolate.isDisposed) return prepared;
    if (!prepared.isolate.isDisposed) {
      prepared.control.release();
      prepared.context.release();
    }
    return undefined;
  }

  #ensureIsolate(memoryMb: number): Isolate {
    if (this.#isolate && !this.#isolate.isDisposed && this.#memoryMb === memoryMb) return this.#isolate;
    this.#discardIsolate();
    this.#isolate = new ivm.Isolate({
      memoryLimit: memoryMb,
      onCatastrophicError: this.#onCatastrophicError,
    });
    this.#memoryMb = memoryMb;
    // isolated-vm's own limit: the heap's initial size limit, which is memoryLimit plus what V8
    // keeps apart (new space…); isolated-vm raises the heap limit past it to avoid V8's fatal
    // out-of-memory, then ends the isolate at its next check.
    this.#heapLimitBytes = this.#isolate.getHeapStatisticsSync().heap_size_limit;
    return this.#isolate;
  }

  /**
   * Whether the isolate holds more than its limit now: heap plus external memory (ArrayBuffers and
   * the strings isolated-vm copied in, e.g. the arguments), as isolated-vm counts them.
   */
  #overLimit(isolate: Isolate): boolean {
    try {
      const heap = isolate.getHeapStatisticsSync();
      return heap.used_heap_size + (heap.externally_allocated_size ?? 0) > this.#heapLimitBytes;
    } catch {
      return isolate.isDisposed;
    }
  }

  #discardIsolate(): void {
    const isolate = this.#isolate;
    this.#isolate = undefined;
    this.#prepared = undefined;
    this.#shared.clear();
    this.#runtime = undefined;
    this.#scripts.clear();
    if (isolate && !isolate.isDisposed) isolate.dispose();
  }

  #runtimeScript(isolate: Isolate): Script {
    this.#runtime ??= isolate.compileScriptSync(ISOLATE_RUNTIME_SOURCE, {
      filename: ISOLATE_RUNTIME_FILENAME,
    });
    return this.#runtime;
  }

  #compile(isolate: Isolate, module: WireModule, cache: ScriptCacheUse): Script {
    const key = moduleKey(module);
    const cached = this.#scripts.get(key);
    if (cached) {
      this.#scripts.delete(key);
      this.#scripts.set(key, cached);
      cache.hits++;
      return cached;
    }
    const script = isolate.compileScriptSync(module.source, {
      filename: module.filename,
      lineOffset: module.lineOffset,
    });
    cache.misses++;
    this.#scripts.set(key, script);
    if (this.#scripts.size > SCRIPT_CACHE_SIZE) {
      const oldest = this.#scripts.keys().next().value as string;
      this.#scripts.get(oldest)?.release();
      this.#scripts.delete(oldest);
    }
    return script;
  }

  /**
   * ES modules are compiled for each context they load into (a module is linked to one context);
   * contexts shared by later calls load them once.
   */
  #compileModule(isolate: Isolate, module: WireModule, cache: ScriptCacheUse): Module {
    const compiled = isolate.compileModuleSync(module.source, {
      filename: module.filename,
      lineOffset: module.lineOffset,
    });
    cache.misses++;
    return compiled;
  }

  /**
   * Links the ES modules of a run — each import to the module its `imports` map names, and to
   * nothing else: the sandbox never resolves a specifier on its own, so module code can only reach
   * the modules sent with it — evaluates them, and hands each namespace to the runtime's registry.
   * Returns what failed (a helper error, or an isolated-vm error for limitOf), or undefined.
   */
  #linkModules(
    modules: readonly { wire: WireModule; module: Module }[],
    context: Context,
    control: Control,
    budget: () => number,
    blame: (id: string) => void,
  ): unknown {
    const byId = new Map(modules.map((entry) => [entry.wire.id, entry]));
    const resolve = (specifier: string, referrer: Module): Module => {
      const from = modules.find((entry) => entry.module === referrer)?.wire;
      const target = from?.imports?.[specifier];
      const found = target === undefined ? undefined : byId.get(target);
      if (!from || !found) {
        const file = from?.filename ?? 'a module';
        throw new ModuleLinkError(
          `${file} imports '${specifier}', which was not sent with it: only the imports the loader resolved inside the pack can be linked (static imports of ${ALLOWED_IMPORTS_TEXT})`,
        );
      }
      return found.module;
    };
    try {
      for (const entry of modules) {
        blame(entry.wire.id);
        entry.module.instantiateSync(context, resolve);
      }
      for (const entry of modules) {
        blame(entry.wire.id);
        entry.module.evaluateSync({ timeout: budget() });
      }
      for (const entry of modules) {
        control.applySync(undefined, ['register', entry.wire.id, entry.module.namespace.derefInto()], {
          timeout: budget(),
        });
      }
    } catch (error) {
      return error;
    }
    return undefined;
  }

  /**
   * Waits for the entry's promise, or disposes the isolate at the wall-clock deadline (a promise
   * that never settles is not covered by isolated-vm's `timeout`). Tells `hooks.onAwaiting` when
   * the promise is still pending AWAITING_NOTICE_MS after the synchronous part.
   */
  async #withWallLimit(
    pending: Promise<unknown>,
    started: number,
    deadline: number,
    isolate: Isolate,
    hooks: RunHooks,
  ): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wall = new Promise<typeof WALL>((resolve) => {
      timer = setTimeout(() => resolve(WALL), Math.max(0, deadline - performance.now()));
    });
    const { onAwaiting } = hooks;
    const notice =
      onAwaiting === undefined
        ? undefined
        : setTimeout(() => onAwaiting(performance.now() - started), AWAITING_NOTICE_MS);
    try {
      const outcome = await Promise.race([pending, wall]);
      if (outcome === WALL && isolate === this.#isolate) this.#discardIsolate();
      return outcome;
    } finally {
      clearTimeout(timer);
      clearTimeout(notice);
      // The abandoned promise rejects once the isolate is disposed; nobody waits for it.
      pending.catch(() => undefined);
    }
  }
}

const WALL = Symbol('wall');

/** What an ES module may import, in the words of the loader's errors (loader/module-imports.ts). */
const ALLOWED_IMPORTS_TEXT = "relative paths to .mjs files inside the tool's folder";

/** An import the sandbox refused to link (thrown from the resolver, reported as a load failure). */
class ModuleLinkError extends Error {
  override name = 'ImportError';
}

/** Source text a host keeps before it forgets all and asks the pool to send sources again. */
const MAX_SOURCE_BYTES = 32 * 1024 * 1024;

/** Loaded contexts kept per isolate, one per module set. */
const SHARED_CONTEXTS = 32;

const moduleKeys = new WeakMap<WireModule, string>();

/**
 * Content hash of a module (filename, line offset, source): the key of compiled scripts and
 * contexts. The pool sends it with the module (computed once per module object there).
 */
function moduleKey(module: WireModule): string {
  if (module.key) return module.key;
  let key = moduleKeys.get(module);
  if (!key) {
    key = createHash('sha256')
      .update(module.filename)
      .update('\0')
      .update(String(module.lineOffset))
      .update('\0')
      .update(module.source)
      .update('\0')
      .update(module.type === 'module' ? JSON.stringify(module.imports ?? {}) : '')
      .digest('hex');
    moduleKeys.set(module, key);
  }
  return key;
}

/** Whether the isolate's heap and external memory reach NEAR_LIMIT_SHARE of its limit. */
function nearMemoryLimit(isolate: Isolate, memoryMb: number): boolean {
  try {
    const heap = isolate.getHeapStatisticsSync();
    const usedBytes = heap.used_heap_size + (heap.externally_allocated_size ?? 0);
    return usedBytes >= NEAR_LIMIT_SHARE * memoryMb * 1024 * 1024;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readLogs(text: string): { logs: SandboxLogEntry[]; truncated: boolean } {
  if (text === '') return { logs: [], truncated: false };
  const parsed = JSON.parse(text) as { logs: SandboxLogEntry[]; truncated: boolean };
  return { logs: parsed.logs, truncated: parsed.truncated };
}

/** A syntax error from `compileScriptSync`: "message [file:line:col]". */
function compileFailure(module: WireModule, error: unknown): HostFailure {
  const text = describe(error);
  const match = /^(.*) \[(.+:\d+:\d+)\]$/s.exec(text);
  return {
    kind: 'helper',
    helperId: module.id,
    phase: 'compile',
    name: error instanceof Error ? error.name : 'SyntaxError',
    message: match ? (match[1] as string) : text,
    stack: match ? `    at ${match[2] as string}` : '',
  };
}

/**
 * An error isolated-vm copied out of the isolate (module top-level code, or an unhandled rejection).
 * Its stack continues into this process after the `<isolated-vm boundary>` frame: that part is cut.
 * What comes before it is the isolate's stack — unless isolated-vm copied none, because the error's
 * `stack` was not a string (the helper set `Error.prepareStackTrace` to return something else, or
 * replaced or deleted `stack`): then it is the stack of the error isolated-vm made in this process,
 * with this process's frames and file paths. So only frames located in the request's modules or the
 * sandbox runtime (or in no file) are kept: the host's paths never reach a HelperError.
 */
function hostErrorFailure(
  error: unknown,
  helperId: string,
  phase: 'load' | 'call',
  modules: readonly WireModule[],
): HostFailure {
  // In the call phase the runtime catches everything the helper throws, so what still arrives
  // here is a promise rejection the helper left unhandled.
  const hint =
    phase === 'call'
      ? { hint: 'The helper left a rejected promise unhandled: await it or add .catch() to it.' }
      : {};
  if (error instanceof Error) {
    const stack = typeof error.stack === 'string' ? error.stack : '';
    const boundary = stack.indexOf('(<isolated-vm boundary>)');
    const cutStack = boundary === -1 ? stack : stack.slice(0, stack.lastIndexOf('\n', boundary));
    return {
      kind: 'helper',
      helperId,
      phase,
      name: error.name,
      message: error.message,
      stack: isolateFrames(cutStack, modules).slice(0, 8000),
      ...hint,
    };
  }
  return {
    kind: 'helper',
    helperId,
    phase,
    name: 'Thrown value',
    message: String(error).slice(0, 4000),
    stack: '',
    ...hint,
  };
}

const FRAME = /^\s+at /;

/**
 * `stack` without the frames located outside the request's modules and the sandbox runtime: the
 * head (`Name: message`, which may span lines) stays, and a frame stays when it names one of those
 * files as its location — `at file:1:2`, `at fn (file:1:2)`, `(eval at fn (file:1:2), …)` — or no
 * file at all (`(<anonymous>)`, `(native)`).
 */
function isolateFrames(stack: string, modules: readonly WireModule[]): string {
  const files = [ISOLATE_RUNTIME_FILENAME, ...modules.map((m) => m.filename)];
  const lines = stack.split('\n');
  const kept: string[] = [];
  let inFrames = false;
  for (const line of lines) {
    if (!inFrames && !FRAME.test(line)) {
      kept.push(line);
      continue;
    }
    inFrames = true;
    if (!FRAME.test(line)) continue;
    const located = /:\d+:\d+\)?\s*$/.test(line);
    if (!located || files.some((file) => line.includes(`(${file}:`) || line.includes(`at ${file}:`))) {
      kept.push(line);
    }
  }
  return kept.join('\n');
}
