/**
 * A Map that holds at most `maxEntries`: reading an entry makes it the most recent, and adding one
 * past the bound drops the least recently used. For caches keyed by something callers choose
 * (token digests, users), whose number nothing else bounds.
 */
export class LruMap<K, V> {
  readonly #entries = new Map<K, V>();
  readonly maxEntries: number;

  constructor(maxEntries: number) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`maxEntries must be a whole number of 1 or more (received ${maxEntries}).`);
    }
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
