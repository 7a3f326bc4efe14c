import { describe, expect, it } from '@jest/globals';
import { ContextCache } from './context-cache.ts';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function deferred<T>() {
  return Promise.withResolvers<T>();
}

describe('ContextCache', () => {
  it('serves a fetched value until its TTL runs out, then fetches again', async () => {
    const time = clock();
    const cache = new ContextCache({ now: time.now });
    let fetches = 0;
    const load = () => Promise.resolve(++fetches);
    expect(await cache.get('list:1', load, { ttlMs: 1000 })).toBe(1);
    time.advance(999);
    expect(await cache.get('list:1', load, { ttlMs: 1000 })).toBe(1);
    time.advance(1);
    expect(await cache.get('list:1', load, { ttlMs: 1000 })).toBe(2);
    expect(cache.stats).toEqual({ hits: 1, fetches: 2, joined: 0, invalidated: 0 });
  });

  it('fetches once for concurrent callers of the same key, separately for other keys', async () => {
    const cache = new ContextCache();
    const started: string[] = [];
    const gate = deferred<void>();
    const load = (key: string) => async () => {
      started.push(key);
      await gate.promise;
      return { key };
    };
    const calls = [
      cache.get('list:1', load('list:1'), { ttlMs: 60_000 }),
      cache.get('list:1', load('list:1'), { ttlMs: 60_000 }),
      cache.get('list:2', load('list:2'), { ttlMs: 60_000 }),
      cache.get('list:1', load('list:1'), { ttlMs: 60_000 }),
    ];
    gate.resolve();
    const values = await Promise.all(calls);
    expect(started).toEqual(['list:1', 'list:2']);
    expect(values[0]).toBe(values[1]);
    expect(values[0]).toBe(values[3]);
    expect(cache.stats).toMatchObject({ fetches: 2, joined: 2 });
  });

  it('does not keep failures: the next call fetches again', async () => {
    const cache = new ContextCache();
    let attempt = 0;
    const load = () => (++attempt === 1 ? Promise.reject(new Error('503')) : Promise.resolve('ok'));
    await expect(cache.get('k', load, { ttlMs: 60_000 })).rejects.toThrow('503');
    expect(await cache.get('k', load, { ttlMs: 60_000 })).toBe('ok');
  });

  it('with ttlMs 0 shares only a fetch in flight', async () => {
    const cache = new ContextCache();
    let fetches = 0;
    const load = () => Promise.resolve(++fetches);
    expect(
      await Promise.all([cache.get('k', load, { ttlMs: 0 }), cache.get('k', load, { ttlMs: 0 })]),
    ).toEqual([1, 1]);
    expect(await cache.get('k', load, { ttlMs: 0 })).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('invalidates by key or predicate, and never stores a fetch that was in flight when invalidated', async () => {
    const cache = new ContextCache();
    await cache.get('list:1', () => Promise.resolve('a'), { ttlMs: 60_000 });
    await cache.get('list:2', () => Promise.resolve('b'), { ttlMs: 60_000 });
    await cache.get('members:9', () => Promise.resolve('c'), { ttlMs: 60_000 });
    expect(cache.invalidate('list:1')).toBe(1);
    expect(cache.peek('list:1')).toBeUndefined();
    expect(cache.invalidate((key) => key.startsWith('list:'))).toBe(1);
    expect(cache.peek('members:9')).toBe('c');

    const gate = deferred<string>();
    const stale = cache.get('fields:1', () => gate.promise, { ttlMs: 60_000 });
    expect(cache.invalidate('fields:1')).toBe(1);
    const fresh = cache.get('fields:1', () => Promise.resolve('fresh'), { ttlMs: 60_000 });
    gate.resolve('stale');
    expect(await stale).toBe('stale'); // its caller still gets its answer…
    expect(await fresh).toBe('fresh');
    expect(cache.peek('fields:1')).toBe('fresh'); // …but the cache keeps the newer value
  });

  it('lets a cancelled caller leave at once and aborts the fetch only when nobody waits', async () => {
    const cache = new ContextCache();
    let fetchSignal: AbortSignal | undefined;
    const gate = deferred<string>();
    const load = (signal: AbortSignal) => {
      fetchSignal = signal;
      return gate.promise;
    };
    const first = new AbortController();
    const second = new AbortController();
    const a = cache.get('k', load, { ttlMs: 60_000, signal: first.signal });
    const b = cache.get('k', load, { ttlMs: 60_000, signal: second.signal });
    first.abort(new Error('call 1 cancelled'));
    await expect(a).rejects.toThrow('call 1 cancelled');
    await Promise.resolve();
    expect(fetchSignal?.aborted).toBe(false); // call 2 still waits
    second.abort(new Error('call 2 cancelled'));
    await expect(b).rejects.toThrow('call 2 cancelled');
    expect(fetchSignal?.aborted).toBe(true);
    gate.resolve('late');
    // The abandoned fetch is forgotten: a new call starts a new one.
    expect(await cache.get('k', () => Promise.resolve('new'), { ttlMs: 60_000 })).toBe('new');
  });

  it('keeps at most maxEntries values, dropping the least recently used', async () => {
    const cache = new ContextCache({ maxEntries: 2 });
    const value = (v: string) => () => Promise.resolve(v);
    await cache.get('a', value('a'), { ttlMs: 60_000 });
    await cache.get('b', value('b'), { ttlMs: 60_000 });
    await cache.get('a', value('a2'), { ttlMs: 60_000 }); // a hit: a becomes the most recent
    await cache.get('c', value('c'), { ttlMs: 60_000 });
    expect(cache.peek('a')).toBe('a');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('c')).toBe('c');
  });
});
