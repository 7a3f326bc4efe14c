/**
 * The call context of a server: its context providers and the cache they share. Before a command's
 * validators run, `resolve` gives them the entries the command declares (`commands[].context`),
 * fetched at most once per key and TTL; after the API call fails, `reportError` lets each provider
 * decide whether the failure means its cached entry was stale, and drops it.
 *
 *   const context = new ValidationContext({ providers: [list, fields, members] });
 *   const { data } = await context.resolve(['list', 'fields'], { list_id: '9011' }, { signal });
 *   // data: { list: {…statuses…}, fields: [...] } — frozen plain data, ready for the sandbox
 *
 * A fetch that fails leaves its entry out (validators work without it; the API call will report
 * the real problem) and is listed in `failures` for the caller to log. A provider that returns
 * something other than plain data is a programmer error (`ContextDataError`), and so is a command
 * asking for a context no provider fills (`ContextProviderError`).
 */
import { closestMatches } from '@toolsmith/core';
import { ContextDataError } from '../errors/context-data-error.ts';
import { ContextProviderError } from '../errors/context-provider-error.ts';
import { ContextCache } from './context-cache.ts';
import type { ContextInput, ContextProvider } from './context-provider.ts';
import { toPlainData, type PlainData } from './plain-data.ts';

export interface ValidationContextOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- providers type their own input
  providers: readonly ContextProvider<any>[];
  /** Share one cache between several contexts (keys are `<id>:<key>`). Default: a new cache. */
  cache?: ContextCache;
}

export interface ContextFailure {
  id: string;
  error: unknown;
}

export interface ResolvedContext {
  /** The entries that could be fetched, by id. */
  data: Record<string, PlainData>;
  /** Entries whose fetch failed (left out of `data`). */
  failures: ContextFailure[];
}

/** A read-only view of a server's call context: what `KnowledgeTool` needs. */
export interface ContextSource {
  resolve(
    ids: readonly string[],
    input: ContextInput,
    options?: { signal?: AbortSignal },
  ): Promise<ResolvedContext>;
  reportError(error: unknown, input: ContextInput, ids?: readonly string[]): string[];
}

const isAbort = (error: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted === true &&
  (error === signal.reason || (error as { name?: unknown })?.name === 'AbortError');

export class ValidationContext implements ContextSource {
  readonly cache: ContextCache;
  readonly #providers = new Map<string, ContextProvider>();

  constructor(options: ValidationContextOptions) {
    this.cache = options.cache ?? new ContextCache();
    for (const provider of options.providers) {
      if (this.#providers.has(provider.id)) {
        throw new ContextProviderError({
          contextId: provider.id,
          message: `Two context providers fill "${provider.id}": register one provider per context id.`,
        });
      }
      this.#providers.set(provider.id, provider);
    }
  }

  /** The context ids this server can fill. */
  get ids(): string[] {
    return [...this.#providers.keys()];
  }

  /** Throws a ContextProviderError unless every id has a provider (call it at start-up). */
  assertProvides(ids: readonly string[], where = 'the command'): void {
    for (const id of ids) this.#provider(id, where);
  }

  async resolve(
    ids: readonly string[],
    input: ContextInput,
    options: { signal?: AbortSignal } = {},
  ): Promise<ResolvedContext> {
    const data: Record<string, PlainData> = {};
    const failures: ContextFailure[] = [];
    if (ids.length === 0) return { data, failures };
    const signal = options.signal;
    const pending: Promise<void>[] = [];
    for (const id of ids) {
      const provider = this.#provider(id, 'the command');
      const key = provider.key(input);
      if (key === undefined) continue;
      pending.push(
        this.cache
          .get(
            `${id}:${key}`,
            async (fetchSignal) => toPlainData(await provider.fetch(input, { signal: fetchSignal }), id),
            { ttlMs: provider.ttlMs, ...(signal ? { signal } : {}) },
          )
          .then(
            (value) => {
              data[id] = value;
            },
            (error: unknown) => {
              if (isAbort(error, signal) || ContextDataError.isInstance(error)) throw error;
              failures.push({ id, error });
            },
          ),
      );
    }
    await Promise.all(pending);
    return { data, failures };
  }

  /**
   * Tells the providers of `ids` (default: all) that a call with `input` failed with `error`; each
   * whose `isStale` accepts it has its entry for that input dropped. Returns the cache keys dropped.
   */
  reportError(error: unknown, input: ContextInput, ids: readonly string[] = this.ids): string[] {
    const dropped: string[] = [];
    for (const id of ids) {
      const provider = this.#providers.get(id);
      if (!provider?.isStale || !provider.isStale(error, input)) continue;
      const key = provider.key(input);
      if (key === undefined) continue;
      const cacheKey = `${id}:${key}`;
      if (this.cache.invalidate(cacheKey) > 0) dropped.push(cacheKey);
    }
    return dropped;
  }

  /** Drops the cached entry of `id` for `input`, or every entry of `id` without an input. */
  invalidate(id: string, input?: ContextInput): number {
    const provider = this.#provider(id, 'invalidate()');
    if (input === undefined) return this.cache.invalidate((key) => key.startsWith(`${id}:`));
    const key = provider.key(input);
    return key === undefined ? 0 : this.cache.invalidate(`${id}:${key}`);
  }

  #provider(id: string, where: string): ContextProvider {
    const provider = this.#providers.get(id);
    if (provider) return provider;
    const known = this.ids;
    const [suggestion] = closestMatches(id, known, 1);
    throw new ContextProviderError({
      contextId: id,
      message: `${where[0]?.toUpperCase()}${where.slice(1)} needs the context "${id}", but no provider fills it${suggestion ? ` (did you mean "${suggestion}"?)` : ''}. Register defineContextProvider({ id: '${id}', key, fetch, ttlMs }) in the ValidationContext${known.length > 0 ? `; registered: ${known.join(', ')}` : '; none is registered'}.`,
    });
  }
}
