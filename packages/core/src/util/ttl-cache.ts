import { LruMap } from './lru-map.ts';

export interface TtlCacheOptions {
  /** How long a value is served after its read started, in milliseconds. */
  readonly ttlMs: number;
  /** At most this many keys, the least recently used dropped first (default: no bound). */
  readonly maxEntries?: number;
  /** Clock, injectable for tests. Epoch milliseconds. */
  readonly now?: () => number;
}

interface Entry<V> {
  readonly at: number;
  readonly value: Promise<V>;
}

/**
 * Values read from somewhere slow (an API), kept a while per key: a read is shared by every caller
 * that asks while it runs or until it is `ttlMs` old (single flight), and a read that fails is not
 * kept, so the next caller tries again.
 */
export class TtlCache<K, V> {
  readonly #entries: Map<K, Entry<V>> | LruMap<K, Entry<V>>;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: TtlCacheOptions) {
    if (!(options.ttlMs >= 0)) {
      throw new RangeError(`ttlMs must be 0 or more milliseconds (received ${options.ttlMs}).`);
    }
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
    this.#entries = options.maxEntries === undefined ? new Map() : new LruMap(options.maxEntries);
  }

  /**
   * The value kept for `key` if it is younger than `maxAgeMs` (default the cache's TTL; 0 reads
   * again), else `load()`'s, kept from now on.
   */
  get(key: K, load: () => Promise<V>, maxAgeMs = this.#ttlMs): Promise<V> {
    const kept = this.#entries.get(key);
    if (kept !== undefined && this.#now() - kept.at < maxAgeMs) return kept.value;
    // A load that throws at once becomes a rejected read, like one that fails later.
    const entry: Entry<V> = { at: this.#now(), value: new Promise<V>((resolve) => resolve(load())) };
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Forgets one key, or every key. */
  forget(key?: K): void {
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }
}
