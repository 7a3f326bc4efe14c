import { describe, expect, it } from '@jest/globals';
import { ContextDataError } from '../errors/context-data-error.ts';
import { toPlainData } from './plain-data.ts';

function refusal(value: unknown): string {
  try {
    toPlainData(value, 'list');
  } catch (error) {
    expect(ContextDataError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('toPlainData', () => {
  it('copies plain JSON data into frozen objects, dropping undefined members', () => {
    const source = {
      id: '9011',
      statuses: [{ status: 'to do', orderindex: 0 }],
      archived: false,
      note: undefined,
    };
    const copy = toPlainData(source, 'list') as Record<string, unknown>;
    expect(copy).toEqual({ id: '9011', statuses: [{ status: 'to do', orderindex: 0 }], archived: false });
    expect(copy).not.toBe(source);
    expect(copy['statuses']).not.toBe(source.statuses);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen((copy['statuses'] as object[])[0])).toBe(true);
    source.statuses[0]!.status = 'changed';
    expect((copy['statuses'] as { status: string }[])[0]!.status).toBe('to do');
  });

  it('keeps __proto__ as data, never as a prototype', () => {
    const copy = toPlainData(JSON.parse('{"__proto__": {"polluted": true}}'), 'list') as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses host objects, naming the provider, the path and the fix', () => {
    expect(refusal({ statuses: [{ date: new Date(0) }] })).toBe(
      'Context provider "list" returned a Date instance at list.statuses[0].date: only plain JSON data (null, booleans, finite numbers, strings, arrays and plain objects) crosses into the sandbox. Convert it in the provider\'s fetch (a Date to its millisecond number, a Map to an object, a class instance to the fields validators need).',
    );
    expect(refusal({ fetch: () => 1 })).toContain('a function at list.fetch');
    expect(refusal({ s: Symbol('x') })).toContain('a symbol at list.s');
    expect(refusal({ n: 10n })).toContain('a bigint at list.n');
    expect(refusal({ n: Number.NaN })).toContain('NaN at list.n');
    expect(refusal(new Map())).toContain('a Map instance at list');
    expect(refusal({ client: new (class Client {})() })).toContain('a Client instance at list.client');
    expect(refusal({ headers: new Headers() })).toContain('a Headers instance at list.headers');
    expect(refusal([1, undefined])).toContain('undefined at list[1]');
    expect(refusal({ [Symbol('k')]: 1 })).toContain('symbol keys');
    expect(
      refusal({
        'odd key': {
          get token() {
            return 'pk_secret';
          },
        },
      }),
    ).toContain('an accessor (getter or setter) at list["odd key"].token');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(refusal(cycle)).toContain('a circular reference at list.self');
  });
});
