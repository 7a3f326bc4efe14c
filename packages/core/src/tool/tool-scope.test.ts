import { describe, expect, it } from '@jest/globals';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { defineToolMetadata } from './tool-metadata.ts';
import { missingScopeMessage, scopeAllows, toolScope } from './tool-scope.ts';

const base = { name: 'x', description: 'Does x.', category: 'c' };

describe('tool scopes', () => {
  it('derives read and write from the annotations, and takes admin or a custom scope only when set', () => {
    expect(toolScope({ annotations: { readOnlyHint: true } })).toBe('read');
    expect(toolScope({ annotations: { readOnlyHint: false } })).toBe('write');
    expect(toolScope({ annotations: { readOnlyHint: false, destructiveHint: true } })).toBe('write');
    expect(toolScope({ scope: 'admin', annotations: { readOnlyHint: false, destructiveHint: true } })).toBe(
      'admin',
    );
    expect(toolScope({ scope: 'billing:read', annotations: { readOnlyHint: true } })).toBe('billing:read');
  });

  it('allows exactly the listed scopes: write implies neither read nor admin', () => {
    expect(scopeAllows(['write'], 'write')).toBe(true);
    expect(scopeAllows(['write'], 'read')).toBe(false);
    expect(scopeAllows(['admin'], 'write')).toBe(false);
    expect(scopeAllows(['read', 'write'], 'read')).toBe(true);
    expect(scopeAllows([], 'read')).toBe(false);
  });

  it('refuses a scope that is not an OAuth scope token when the tool is defined', () => {
    expect(() =>
      defineToolMetadata({ ...base, scope: 'read write', annotations: { readOnlyHint: true } }),
    ).toThrow(ToolDefinitionError);
    expect(() => defineToolMetadata({ ...base, scope: 'a"b', annotations: { readOnlyHint: true } })).toThrow(
      /not an OAuth scope token/,
    );
    expect(defineToolMetadata({ ...base, scope: 'admin', annotations: { readOnlyHint: false } }).scope).toBe(
      'admin',
    );
  });

  it('says which scope to ask for, in characters a WWW-Authenticate header may carry', () => {
    const message = missingScopeMessage('tracker_delete_issue', 'admin');
    expect(message).toContain('needs the admin scope');
    expect(message).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
  });
});
