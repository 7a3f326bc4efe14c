import { describe, expect, it } from '@jest/globals';
import { ContextDataError } from '../errors/context-data-error.ts';
import { ContextProviderError } from '../errors/context-provider-error.ts';
import { defineContextProvider } from './context-provider.ts';
import { ValidationContext } from './validation-context.ts';

const statuses = [{ status: 'to do' }, { status: 'in review' }];

function listProvider(log: string[]) {
  return defineContextProvider({
    id: 'list',
    key: (input) => (typeof input['list_id'] === 'string' ? input['list_id'] : undefined),
    fetch: async (input) => {
      log.push(`GET /list/${String(input['list_id'])}`);
      return { id: input['list_id'], statuses };
    },
    ttlMs: 60_000,
    isStale: (error) => (error as { apiCode?: string }).apiCode === 'ITEM_114',
  });
}

describe('defineContextProvider', () => {
  it('refuses a definition that cannot work, saying what to write', () => {
    expect(() =>
      defineContextProvider({ id: 'List Statuses', key: () => 'k', fetch: async () => 1, ttlMs: 1 }),
    ).toThrow('Context provider "List Statuses": id "List Statuses" is not a context id');
    expect(() =>
      defineContextProvider({ id: 'list', key: () => 'k', fetch: async () => 1, ttlMs: -1 }),
    ).toThrow('ttlMs must be a number ≥ 0');
  });
});

describe('ValidationContext', () => {
  it('resolves the entries a command asks for, once per key, as frozen plain data', async () => {
    const log: string[] = [];
    const context = new ValidationContext({ providers: [listProvider(log)] });
    const [a, b] = await Promise.all([
      context.resolve(['list'], { list_id: '9011' }),
      context.resolve(['list'], { list_id: '9011' }),
    ]);
    expect(a.data).toEqual({ list: { id: '9011', statuses } });
    expect(b.data['list']).toBe(a.data['list']);
    expect(Object.isFrozen(a.data['list'])).toBe(true);
    await context.resolve(['list'], { list_id: '9011' });
    expect(log).toEqual(['GET /list/9011']);
  });

  it('leaves out an entry the input does not key, and one whose fetch failed (listed in failures)', async () => {
    const failing = defineContextProvider({
      id: 'members',
      key: () => 'team',
      fetch: () => Promise.reject(new Error('ECONNRESET')),
      ttlMs: 60_000,
    });
    const context = new ValidationContext({ providers: [listProvider([]), failing] });
    const resolved = await context.resolve(['list', 'members'], { task_id: 'abc' });
    expect(resolved.data).toEqual({});
    expect(resolved.failures.map((f) => [f.id, (f.error as Error).message])).toEqual([
      ['members', 'ECONNRESET'],
    ]);
  });

  it('throws for a provider that returns host objects, and for a context nobody provides', async () => {
    const leaky = defineContextProvider({
      id: 'list',
      key: () => 'k',
      fetch: async () => ({ client: { get: () => 'pk_token' } }),
      ttlMs: 60_000,
    });
    const context = new ValidationContext({ providers: [leaky] });
    await expect(context.resolve(['list'], {})).rejects.toThrow(ContextDataError);
    const error = await context.resolve(['lists', 'fields'], {}).catch((e: unknown) => e);
    expect(ContextProviderError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'The command needs the context "lists", but no provider fills it (did you mean "list"?). Register defineContextProvider({ id: \'lists\', key, fetch, ttlMs }) in the ValidationContext; registered: list.',
    );
    expect(() => new ValidationContext({ providers: [leaky, leaky] })).toThrow(
      'Two context providers fill "list"',
    );
  });

  it('drops an entry when the API error says it was stale, and only then', async () => {
    const log: string[] = [];
    const context = new ValidationContext({ providers: [listProvider(log)] });
    const input = { list_id: '9011' };
    await context.resolve(['list'], input);
    expect(context.reportError({ apiCode: 'OAUTH_025' }, input)).toEqual([]);
    await context.resolve(['list'], input);
    expect(context.reportError({ apiCode: 'ITEM_114' }, input)).toEqual(['list:9011']);
    await context.resolve(['list'], input);
    expect(log).toEqual(['GET /list/9011', 'GET /list/9011']);
    expect(context.invalidate('list')).toBe(1);
  });

  it('passes cancellation through instead of treating it as a failed fetch', async () => {
    const slow = defineContextProvider({
      id: 'list',
      key: () => 'k',
      fetch: (_input, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason as Error)),
        ),
      ttlMs: 60_000,
    });
    const context = new ValidationContext({ providers: [slow] });
    const controller = new AbortController();
    const pending = context.resolve(['list'], {}, { signal: controller.signal });
    controller.abort(new Error('cancelled by the client'));
    await expect(pending).rejects.toThrow('cancelled by the client');
  });
});
