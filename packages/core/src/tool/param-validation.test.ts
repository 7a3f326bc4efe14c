import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { validateParams } from './param-validation.ts';

describe.each([
  ['zod 4', z],
  ['zod 3', z3 as unknown as typeof z],
])('validateParams (%s)', (_label, zod) => {
  const schema = zod.object({
    issueId: zod.string().min(1),
    status: zod.enum(['open', 'closed']),
    filter: zod.object({ assignee: zod.string(), priority: zod.literal('high').optional() }).optional(),
    limit: zod.number().int().max(100).default(10),
  });

  it('accepts valid input and applies defaults', () => {
    expect(validateParams(schema, { issueId: 'Q-1', status: 'open' })).toEqual({
      success: true,
      data: { issueId: 'Q-1', status: 'open', limit: 10 },
    });
  });

  it('reports each bad field with a path, a reason and valid options', () => {
    const result = validateParams(
      schema,
      { status: 'done', filter: { assignee: 5, priority: 'low' }, limit: 500 },
      'find',
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    const byField = Object.fromEntries(result.error.issues.map((i) => [i.field, i]));
    expect(byField.issueId?.message).toBe('Required field is missing (expected string).');
    expect(byField.status?.validOptions).toEqual(['open', 'closed']);
    expect(byField['filter.assignee']?.message).toBe('Expected string, received number.');
    expect(byField['filter.priority']?.validOptions).toEqual(['high']);
    expect(byField.limit?.message).toMatch(/100/);
    expect(result.error.message.split('\n')[0]).toBe('Invalid arguments for tool "find":');
  });

  it('rejects unknown fields with the closest known name', () => {
    const result = validateParams(schema, { issueID: 'Q-1', status: 'open' });
    if (result.success) throw new Error('expected failure');
    expect(result.error.issues[0]).toEqual({
      field: 'issueID',
      message: 'Unknown field. Did you mean "issueId"? Valid fields: issueId, status, filter, limit.',
    });
  });

  it('lets open schemas keep extra fields', () => {
    const open = zod.object({ a: zod.string() }).passthrough();
    expect(validateParams(open, { a: 'x', b: 1 })).toEqual({ success: true, data: { a: 'x', b: 1 } });
  });

  it('names the field inside a union, not the input', () => {
    const tags = zod.object({
      tags: zod.union([zod.array(zod.string()), zod.object({ add: zod.array(zod.string()) })]).optional(),
    });
    const result = validateParams(tags, { tags: 5 });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.map((i) => i.field)).toEqual([expect.stringMatching(/^tags/)]);
  });

  it('rejects non-object arguments', () => {
    const result = validateParams(schema, 'Q-1');
    if (result.success) throw new Error('expected failure');
    expect(result.error.issues[0]?.message).toBe('Arguments must be a JSON object, received string.');
  });
});

describe('validateParams messages stay short and actionable', () => {
  const schema = z.object({
    shelf: z.enum(['to-read', 'read']),
    limit: z.number().int().min(1).max(100).default(20),
    fields: z.array(z.string()).min(1).optional(),
    name: z.string().min(2).max(5).optional(),
  });
  const messages = (args: unknown) => {
    const result = validateParams(schema, args);
    if (result.success) throw new Error('expected failure');
    return result.error;
  };

  it('quotes at most 60 characters of a huge value or field name', () => {
    const error = messages({ shelf: 'x'.repeat(100_000), ['k'.repeat(100_000)]: 1 });
    expect(error.message.length).toBeLessThan(600);
    expect(error.message).toContain(`Invalid value "${'x'.repeat(59)}…`);
    expect(error.message).toContain(`- ${'k'.repeat(60)}…: Unknown field.`);
  });

  it('names an empty field name as ""', () => {
    expect(messages({ shelf: 'read', '': 1 }).issues[0]?.field).toBe('""');
  });

  it('explains bounds in words and keeps only the tightest numeric bound', () => {
    const error = messages({ shelf: 'read', limit: 1e308, fields: [], name: 'abcdefgh' });
    const byField = Object.fromEntries(error.issues.map((i) => [i.field, i.message]));
    expect(byField).toEqual({
      limit: 'Must be at most 100.',
      fields: 'Must have at least 1 item.',
      name: 'Must be at most 5 characters long.',
    });
    expect(error.issues.filter((i) => i.field === 'limit')).toHaveLength(1);
  });

  it('lists at most 20 problems and counts the rest', () => {
    const args = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`extra${i}`, i]));
    const error = messages({ shelf: 'read', ...args });
    expect(error.issues).toHaveLength(21);
    expect(error.issues[20]?.message).toBe('…and 10 more problems; fix the ones above first.');
  });
});
