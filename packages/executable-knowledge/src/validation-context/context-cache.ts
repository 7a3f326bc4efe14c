/**
 * The cache behind call context: values by key with a time-to-live per entry, shared by every call
 * (and every tool) that uses the same cache. Three properties matter for validation before an API
 * call:
 *
 * - **one fetch per key at a time** — concurrent calls needing the same list wait on one fetch;
 * - **a waiter can leave** — a call cancelled while waiting stops waiting at once, and the fetch is
 *   aborted only when no call waits on it any more;
 * - **invalidation wins** — `invalidate` drops the value and detaches a fetch in flight, so a value
 *   fetched before the invalidation is never stored after it.
 *
 * Failed fetches are not cached. The cache holds at most `maxEntries` values, dropping the least
 * recently used first. Values are stored as given: `ValidationContext` stores frozen plain data.
 */

export interface ContextCacheOptions {
  /** At most this many values are kept (least recently used dropped first). Default 1000. */
  maxEntries?: number;
  /** Clock, in milliseconds (tests inject one). Default `performance.now`. */
  now?: () => number;
}

export interface ContextCacheStats {
  /** Values served from the cache. */
  hits: number;
  /** Calls that started a fetch. */
  fetches: number;
  /** Calls that joined a fetch already in flight. */
  joined: number;
  /** Values dropped by `invalidate` (fetches in flight included). */
  invalidated: number;
}

interface Entry {
  readonly value: unknown;
  readonly expiresAt: number;
}

interface Flight {
  readonly promise: Promise<unknown>;
  readonly controller: AbortController;
  waiters: number;
}

export class ContextCache {
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #stats: ContextCacheStats = { hits: 0, fetches: 0, joined: 0, invalidated: 0 };

  constructor(options: ContextCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 1000);
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * The fresh value of `key`, else the result of `load` (started once, whoever else asks meanwhile),
   * kept for `ttlMs`. `signal` cancels this caller's wait only.
   */
  get<T>(
    key: string,
    load: (signal: AbortSignal) => Promise<T>,
    options: { ttlMs: number; signal?: AbortSignal },
  ): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      if (entry.expiresAt > this.#now()) {
        this.#stats.hits++;
        // Least recently used order: a hit moves the key to the end.
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        return Promise.resolve(entry.value as T);
      }
      this.#entries.delete(key);
    }
    let flight = this.#flights.get(key);
    if (flight === undefined) {
      flight = this.#start(key, load as (signal: AbortSignal) => Promise<unknown>, options.ttlMs);
      this.#stats.fetches++;
    } else this.#stats.joined++;
    return this.#wait(key, flight, options.signal) as Promise<T>;
  }

  /** The fresh value of `key` without fetching, or undefined. */
  peek(key: string): unknown {
    const entry = this.#entries.get(key);
    return entry !== undefined && entry.expiresAt > this.#now() ? entry.value : undefined;
  }

  /**
   * Drops the value of `key` (or of every key the predicate accepts) and detaches fetches in flight
   * for them: their result still answers the calls waiting on them but is not stored. Returns how
   * many values and fetches were dropped.
   */
  invalidate(target: string | ((key: string) => boolean)): number {
    const matches = typeof target === 'string' ? (key: string) => key === target : target;
    let dropped = 0;
    for (const key of [...this.#entries.keys()]) {
      if (matches(key)) {
        this.#entries.delete(key);
        dropped++;
      }
    }
    for (const key of [...this.#flights.keys()]) {
      if (matches(key)) {
        this.#flights.delete(key);
        dropped++;
      }
    }
    this.#stats.invalidated += dropped;
    return dropped;
  }

  /** Drops everything (fetches in flight are detached, not aborted). */
  clear(): void {
    this.invalidate(() => true);
  }

  /** Number of values held. */
  get size(): number {
    return this.#entries.size;
  }

  get stats(): Readonly<ContextCacheStats> {
    return { ...this.#stats };
  }

  #start(key: string, load: (signal: AbortSignal) => Promise<unknown>, ttlMs: number): Flight {
    const controller = new AbortController();
    const settle = () => {
      // Stored only if this fetch is still the one for the key (not invalidated meanwhile).
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
      else return false;
      return true;
    };
    const promise = Promise.resolve()
      .then(() => load(controller.signal))
      .then(
        (value) => {
          if (settle() && ttlMs > 0) this.#store(key, value, ttlMs);
          return value;
        },
        (error: unknown) => {
          settle();
          throw error;
        },
      );
    // Waiters handle the rejection; this keeps an abandoned fetch from being an unhandled one.
    promise.catch(() => undefined);
    const flight: Flight = { promise, controller, waiters: 0 };
    this.#flights.set(key, flight);
    return flight;
  }

  #wait(key: string, flight: Flight, signal: AbortSignal | undefined): Promise<unknown> {
    if (signal === undefined) {
      flight.waiters++;
      return flight.promise;
    }
    if (signal.aborted) {
      if (flight.waiters === 0) this.#abandon(key, flight, signal.reason);
      return Promise.reject(signal.reason as Error);
    }
    flight.waiters++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        flight.waiters--;
        if (flight.waiters === 0) this.#abandon(key, flight, signal.reason);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error as Error);
        },
      );
    });
  }

  /** No call waits on the fetch any more: abort it and forget it. */
  #abandon(key: string, flight: Flight, reason: unknown): void {
    if (this.#flights.get(key) === flight) this.#flights.delete(key);
    flight.controller.abort(reason);
  }

  #store(key: string, value: unknown, ttlMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
