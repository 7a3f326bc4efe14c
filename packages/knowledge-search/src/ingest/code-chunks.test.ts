import { describe, expect, it } from '@jest/globals';
import { codeParts } from './code-chunks.ts';

describe('codeParts', () => {
  const code = [
    '// Helpers for dates.',
    "'use strict';",
    '',
    '// Milliseconds from anything.',
    'function toMillis(value) {',
    '  return Number(value);',
    '}',
    '',
    'const SECOND = 1000;',
    '',
    'export async function later(ms) {',
    '  return new Promise((r) => setTimeout(r, ms));',
    '}',
    'module.exports = { toMillis };',
  ].join('\n');

  it('keeps small code in one part that names its declarations', () => {
    expect(codeParts(code, 3_000)).toEqual([{ text: code, declares: ['toMillis', 'SECOND', 'later'] }]);
  });

  it('cuts long code before declarations, each comment with its function', () => {
    const parts = codeParts(code, 120);
    expect(parts.map((p) => p.declares)).toEqual([['toMillis'], ['SECOND'], ['later']]);
    expect(parts[0]!.text).toContain("'use strict';\n\n// Milliseconds from anything.\nfunction toMillis");
    expect(parts[2]!.text.startsWith('export async function later(ms)')).toBe(true);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(120);
  });
});
