import { describe, expect, it } from '@jest/globals';
import type { RequestRefusal } from './request-limits.ts';
import { BodyMemory, MAX_JSON_DEPTH, nestsDeeperThan, parseJsonBody } from './request-limits.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('[{"a":[1]}]', 3)).toBe(false);
    expect(nestsDeeperThan('["[[[[[[", "\\"[[[[[[", {"k]]": "{{{{"}]', 2)).toBe(false);
    expect(nestsDeeperThan('[[],[],[],[],[]]', 2)).toBe(false);
  });

  it('sees depth past the limit anywhere in a long text', () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expect(nestsDeeperThan(`{"padding":"${'x'.repeat(10_000)}","v":${deep}}`, MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('parseJsonBody', () => {
  it('parses JSON, reads an empty body as undefined, and refuses what is not JSON or too deep', () => {
    expect(parseJsonBody('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseJsonBody('')).toBeUndefined();
    const notJson = (() => {
      try {
        return parseJsonBody('{');
      } catch (error) {
        return error;
      }
    })() as RequestRefusal;
    expect([notJson.status, notJson.rpc]).toEqual([400, -32700]);
    expect(() => parseJsonBody('['.repeat(200) + ']'.repeat(200))).toThrow(
      'Invalid request: the JSON nests arrays and objects more than 128 levels deep. Send a flatter message.',
    );
  });
});

describe('BodyMemory', () => {
  it('takes what fits under the bound and takes nothing otherwise', () => {
    const memory = new BodyMemory(100);
    expect(memory.take(60)).toBe(true);
    expect(memory.take(41)).toBe(false);
    expect(memory.inUse).toBe(60);
    expect(memory.take(40)).toBe(true);
    memory.give(60);
    expect(memory.inUse).toBe(40);
  });
});
