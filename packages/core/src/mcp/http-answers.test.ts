import { describe, expect, it } from '@jest/globals';
import type { AuthContext } from '../auth/auth-context.ts';
import { missingToolScope } from './http-answers.ts';

const reader: AuthContext = { subject: 'u1', clientId: 'c1', scopes: ['read'], claims: {}, cacheKey: 'k1' };
const scopeOf = (tool: string) => ({ list_things: 'read', change_thing: 'write' })[tool];
const callOf = (name: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name } });

describe('missingToolScope', () => {
  it('names the user, the tool and the scope of a tools/call the token may not make', () => {
    expect(missingToolScope(callOf('change_thing'), reader, scopeOf)).toEqual({
      user: reader,
      tool: 'change_thing',
      needed: 'write',
    });
  });

  it('lets through what the token allows, unknown tools, other requests and calls without a user', () => {
    expect(missingToolScope(callOf('list_things'), reader, scopeOf)).toBeUndefined();
    expect(missingToolScope(callOf('no_such_tool'), reader, scopeOf)).toBeUndefined();
    expect(missingToolScope(callOf(42), reader, scopeOf)).toBeUndefined();
    expect(
      missingToolScope({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, reader, scopeOf),
    ).toBeUndefined();
    expect(missingToolScope(callOf('change_thing'), undefined, scopeOf)).toBeUndefined();
  });
});
