/**
 * Runs one piece of a tool's executable knowledge — a helper, a processor's function or a
 * validator's function — in the sandbox, with exactly the modules it needs: its declared helper
 * dependencies (transitively, dependencies first), then itself, and for an ES module the files it
 * imports (directly or not). Nothing else of the pack is sent,
 * which is the lazy loading of the design: a command only ever loads the helpers it declares.
 */
import { closestMatches } from '@toolsmith/core';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';
import type { SandboxLimits, SandboxLogEntry, SandboxModule, SandboxPool } from '../sandbox/sandbox-types.ts';
import { helperLoadOrder } from '../schema/helper-load-order.ts';
import type { CodeModule, ModuleFile, ToolDefinition } from '../schema/index.ts';

export interface HelperCallResult<T = unknown> {
  value: T;
  logs: SandboxLogEntry[];
  durationMs: number;
}

export interface HelperCallOptions {
  signal?: AbortSignal;
  limits?: SandboxLimits;
}

/** A runnable piece of knowledge: its code and the helpers it depends on. */
export interface RunnableCode {
  id: string;
  code: CodeModule;
  dependencies: readonly string[];
}

/**
 * The sandbox modules for `codes` (dependencies first): each script as it is; each ES module with
 * the files it imports, every file once — a file the definition also declares (a helper imported
 * by a validator) keeps its helper id, a file only imported is known by its filename — and its
 * imports mapped to those ids.
 */
function toModules(codes: readonly CodeModule[]): SandboxModule[] {
  const idOfFile = new Map<string, string>();
  for (const code of codes) if (code.type === 'module') idOfFile.set(code.filename, code.id);
  const files: ModuleFile[] = [];
  for (const code of codes) {
    for (const file of code.importedFiles ?? []) {
      if (idOfFile.has(file.filename)) continue;
      idOfFile.set(file.filename, file.filename);
      files.push(file);
    }
  }
  const linked = (imports: Readonly<Record<string, string>> | undefined) =>
    Object.fromEntries(
      Object.entries(imports ?? {}).map(([specifier, file]) => [specifier, idOfFile.get(file)!]),
    );
  return [
    ...codes.map((code): SandboxModule => ({
      id: code.id,
      source: code.source,
      filename: code.filename,
      lineOffset: code.lineOffset,
      ...(code.type === 'module' ? { type: 'module' as const, imports: linked(code.imports) } : {}),
    })),
    ...files.map((file): SandboxModule => ({
      id: file.filename,
      source: file.source,
      filename: file.filename,
      type: 'module',
      imports: linked(file.imports),
    })),
  ];
}

export class ToolHelperExecutor {
  readonly definition: ToolDefinition;
  readonly #pool: SandboxPool;
  readonly #limits: SandboxLimits | undefined;
  readonly #plans = new Map<string, SandboxModule[]>();

  constructor(definition: ToolDefinition, pool: SandboxPool, options: { limits?: SandboxLimits } = {}) {
    this.definition = definition;
    this.#pool = pool;
    this.#limits = options.limits;
  }

  /**
   * Calls a helper. `helperId` is `extract-custom-field` (its declared export) or
   * `extract-custom-field#toWriteValue` (another export of the same module). An array `args` is
   * passed positionally; anything else as the single argument.
   */
  async execute<T = unknown>(
    helperId: string,
    args: unknown,
    options: HelperCallOptions = {},
  ): Promise<HelperCallResult<T>> {
    const [id, exportName] = helperId.split('#', 2) as [string, string | undefined];
    const helper = this.definition.executableKnowledge.helpers.find((h) => h.id === id);
    if (!helper) {
      const known = this.definition.executableKnowledge.helpers.map((h) => h.id);
      throw new UnknownKnowledgeError({
        toolId: this.definition.id,
        kind: 'helper',
        id,
        known,
        suggestions: closestMatches(id, known),
      });
    }
    return this.run<T>(
      { id, code: helper.code, dependencies: helper.dependencies },
      Array.isArray(args) ? args : [args],
      {
        ...options,
        ...(exportName ? { exportName } : {}),
      },
    );
  }

  /** Runs any piece of knowledge code (used by validators and processors). */
  async run<T = unknown>(
    runnable: RunnableCode,
    args: readonly unknown[],
    options: HelperCallOptions & { exportName?: string } = {},
  ): Promise<HelperCallResult<T>> {
    const modules = this.#plan(runnable);
    const limits = { ...this.#limits, ...options.limits };
    const result = await this.#pool.run(
      {
        modules,
        entry: { module: runnable.code.id, export: options.exportName ?? runnable.code.export },
        args,
        ...(Object.keys(limits).length > 0 ? { limits } : {}),
      },
      options.signal ? { signal: options.signal } : {},
    );
    return { value: result.value as T, logs: result.logs, durationMs: result.durationMs };
  }

  /** The modules sent for a runnable, computed once. */
  #plan(runnable: RunnableCode): SandboxModule[] {
    let plan = this.#plans.get(runnable.code.id);
    if (!plan) {
      plan = toModules(
        [...helperLoadOrder(this.definition, runnable.dependencies), runnable.code].filter(
          (code, index, all) => all.findIndex((c) => c.id === code.id) === index,
        ),
      );
      this.#plans.set(runnable.code.id, plan);
    }
    return plan;
  }

  /** Ids of the modules a runnable loads (for inspection and tests of lazy loading). */
  modulesFor(runnable: RunnableCode): string[] {
    return this.#plan(runnable).map((m) => m.id);
  }
}
