/**
 * Finds, loads and caches tool definitions, and attaches the runtime to v2 tools.
 *
 * Search paths are directories, lowest priority first: the core tools directory, then expansion
 * packs. A tool file is `<id>.tool.yaml` (or `.tool.yml`) anywhere below a search path; when two
 * search paths hold the same id, the later one (the pack) replaces the earlier (core).
 *
 * Parsed definitions are cached by file; a hit costs a `stat` of the file (to notice edits) and a
 * map lookup. The sandbox only ever receives the modules a call declares (see ToolHelperExecutor),
 * so resolving a big pack does not load its code into isolates.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { closestMatches, ToolDefinitionError } from '@toolsmith/core';
import {
  buildCommandContext,
  type BuildContextOptions,
  type BuiltContext,
} from '../context/build-context.ts';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';
import { loadToolDefinition } from '../loader/index.ts';
import { ProcessorEngine } from '../runtime/processor-engine.ts';
import { ToolHelperExecutor } from '../runtime/tool-helper-executor.ts';
import { ToolValidationHelper } from '../runtime/tool-validation-helper.ts';
import type { SandboxLimits, SandboxPool } from '../sandbox/sandbox-types.ts';
import type { ToolDefinition } from '../schema/index.ts';

const TOOL_FILE = /^(.+)\.tool\.ya?ml$/;
const MAX_SCAN_DEPTH = 6;

export interface ToolResolverOptions {
  /** Directories to search, lowest priority first (core tools, then expansion packs). */
  searchPaths: readonly string[];
  /** The sandbox for executable knowledge. Without it, v2 tools resolve without a runtime. */
  pool?: SandboxPool;
  /** Default limits for every sandbox call. */
  limits?: SandboxLimits;
  /**
   * How long a resolved tool is served without checking its file again (an edited file is picked up
   * after at most this long). Default 1000 ms; 0 checks on every resolve. A `stat` per guarded call
   * was a fifth of the pack's cost on a write.
   */
  recheckMs?: number;
}

export interface ToolLocation {
  id: string;
  file: string;
  searchPath: string;
  /** Files of lower-priority search paths this one replaces. */
  overrides: string[];
}

export interface ResolvedTool {
  definition: ToolDefinition;
  location: ToolLocation;
  /** Present for tools with executable knowledge when the resolver has a pool. */
  executor: ToolHelperExecutor | undefined;
  validator: ToolValidationHelper | undefined;
  processors: ProcessorEngine | undefined;
  buildContext(command: string, options?: BuildContextOptions): BuiltContext;
}

interface CacheEntry {
  mtimeMs: number;
  size: number;
  resolved: ResolvedTool;
  /** When the file was last checked (performance.now()). */
  checkedAt: number;
}

async function findToolFiles(dir: string, depth = 0): Promise<{ id: string; file: string }[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: { id: string; file: string }[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === '__fixtures__')
      continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && depth < MAX_SCAN_DEPTH) found.push(...(await findToolFiles(full, depth + 1)));
    else if (entry.isFile()) {
      const match = TOOL_FILE.exec(entry.name);
      if (match) found.push({ id: match[1]!, file: full });
    }
  }
  return found;
}

export class ToolResolver {
  readonly #options: ToolResolverOptions;
  #index: Map<string, ToolLocation> | undefined;
  readonly #cache = new Map<string, CacheEntry>();
  readonly #loading = new Map<string, Promise<ResolvedTool>>();

  constructor(options: ToolResolverOptions) {
    this.#options = options;
  }

  /** Every tool the search paths offer, after pack overrides. */
  async list(): Promise<ToolLocation[]> {
    return [...(await this.#indexed()).values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  async #indexed(refresh = false): Promise<Map<string, ToolLocation>> {
    if (this.#index && !refresh) return this.#index;
    const index = new Map<string, ToolLocation>();
    for (const searchPath of this.#options.searchPaths) {
      const root = path.resolve(searchPath);
      for (const { id, file } of await findToolFiles(root)) {
        const previous = index.get(id);
        if (previous && previous.searchPath === root) {
          throw new ToolDefinitionError({
            toolName: id,
            message: `two definitions in one search path: ${previous.file} and ${file}. Keep one file per tool id.`,
          });
        }
        index.set(id, {
          id,
          file,
          searchPath: root,
          overrides: previous ? [...previous.overrides, previous.file] : [],
        });
      }
    }
    this.#index = index;
    return index;
  }

  /** Resolves a tool by id (cached), attaching the runtime for executable knowledge. */
  async resolve(toolId: string): Promise<ResolvedTool> {
    let location = (await this.#indexed()).get(toolId);
    if (!location) location = (await this.#indexed(true)).get(toolId); // a file added since the scan
    if (!location) {
      const known = [...(this.#index?.keys() ?? [])];
      throw new UnknownKnowledgeError({
        kind: 'tool',
        id: toolId,
        known,
        suggestions: closestMatches(toolId, known),
      });
    }
    const cached = this.#cache.get(toolId);
    const now = performance.now();
    if (
      cached &&
      cached.resolved.location.file === location.file &&
      now - cached.checkedAt < (this.#options.recheckMs ?? 1000)
    )
      return cached.resolved;
    const info = await stat(location.file);
    if (
      cached &&
      cached.mtimeMs === info.mtimeMs &&
      cached.size === info.size &&
      cached.resolved.location.file === location.file
    ) {
      cached.checkedAt = now;
      return cached.resolved;
    }
    const pending = this.#loading.get(toolId);
    if (pending) return pending;
    const loading = this.#load(location, info).finally(() => this.#loading.delete(toolId));
    this.#loading.set(toolId, loading);
    return loading;
  }

  async #load(location: ToolLocation, info: { mtimeMs: number; size: number }): Promise<ResolvedTool> {
    const definition = await loadToolDefinition(location.file);
    if (definition.id !== location.id) {
      throw new ToolDefinitionError({
        toolName: definition.id,
        message: `${location.file} declares id "${definition.id}" but is named for "${location.id}". Rename the file to ${definition.id}.tool.yaml or change its id.`,
      });
    }
    const knowledge = definition.executableKnowledge;
    const hasCode = knowledge.helpers.length + knowledge.processors.length + knowledge.validators.length > 0;
    const executor =
      hasCode && this.#options.pool
        ? new ToolHelperExecutor(
            definition,
            this.#options.pool,
            this.#options.limits ? { limits: this.#options.limits } : {},
          )
        : undefined;
    const resolved: ResolvedTool = {
      definition,
      location,
      executor,
      validator: executor ? new ToolValidationHelper(definition, executor) : undefined,
      processors: executor ? new ProcessorEngine(definition, executor) : undefined,
      buildContext: (command, options) => buildCommandContext(definition, command, options),
    };
    this.#cache.set(location.id, {
      mtimeMs: info.mtimeMs,
      size: info.size,
      resolved,
      checkedAt: performance.now(),
    });
    return resolved;
  }

  /** The validation helper of a tool (for the BaseTool bridge). */
  async validatorFor(toolId: string): Promise<ToolValidationHelper> {
    const resolved = await this.resolve(toolId);
    if (!resolved.validator) {
      throw new ToolDefinitionError({
        toolName: toolId,
        message: this.#options.pool
          ? 'has no executable knowledge (no validators to run).'
          : 'has validators, but the resolver was created without a sandbox pool; pass `pool` to ToolResolver.',
      });
    }
    return resolved.validator;
  }

  /** `buildContext(toolId, command, { maxTokens })`: what an agent needs for one command. */
  async buildContext(toolId: string, command: string, options?: BuildContextOptions): Promise<BuiltContext> {
    return (await this.resolve(toolId)).buildContext(command, options);
  }

  /** Forgets the index and the cache (all, or one tool). */
  invalidate(toolId?: string): void {
    if (toolId === undefined) {
      this.#index = undefined;
      this.#cache.clear();
    } else this.#cache.delete(toolId);
  }
}
