import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDiagnostics, parseEslintJson, parseGeneric, parseTsc } from './parse-diagnostics.ts';

/** Real `eslint -f json` output (ESLint 10; only the folder of the paths replaced by /project/src). */
const ESLINT_REPORT = readFileSync(
  path.join(import.meta.dirname, '__fixtures__', 'eslint-report.json'),
  'utf8',
);

describe('parseEslintJson', () => {
  it('reads every message with its severity, rule and position, fatal parse errors included', () => {
    expect(parseEslintJson(ESLINT_REPORT)).toEqual([
      {
        file: '/project/src/a.js',
        line: 1,
        column: 7,
        severity: 'error',
        code: 'no-unused-vars',
        message: "'unused' is assigned a value but never used.",
      },
      {
        file: '/project/src/a.js',
        line: 2,
        column: 1,
        severity: 'warning',
        code: 'no-console',
        message: 'Unexpected console statement.',
      },
      {
        file: '/project/src/broken.js',
        line: 1,
        column: 7,
        severity: 'error',
        code: undefined,
        message: 'Parsing error: Unexpected token =',
      },
    ]);
  });

  it('accepts a banner before the report, and rejects what is not a report', () => {
    expect(parseEslintJson(`> lint\n> eslint -f json .\n\n${ESLINT_REPORT}`)).toHaveLength(3);
    expect(parseEslintJson('[{"filePath":"a.js","messages":[]}]')).toEqual([]);
    expect(parseEslintJson("src/a.ts(1,1): error TS2322: Type 'string[]' is wrong.")).toBeUndefined();
    expect(parseEslintJson('[1, 2]')).toBeUndefined();
    expect(parseEslintJson('[{"filePath":"a.js","messages":[]}]\nDone in 2s.')).toBeUndefined();
  });
});

describe('parseTsc', () => {
  it('reads located and global diagnostics and keeps the indented message chain', () => {
    const output = [
      "src/a.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
      "src/chain.ts(1,14): error TS2322: Type '(input: { id: number; }) => void' is not assignable to type '(input: { id: string; }) => void'.",
      "  Types of parameters 'input' and 'input' are incompatible.",
      "    Type 'string' is not assignable to type 'number'.",
      "error TS5058: The specified path does not exist: 'nope'.",
      'Found 3 errors.',
    ].join('\n');
    expect(parseTsc(output)).toEqual([
      {
        file: 'src/a.ts',
        line: 1,
        column: 14,
        severity: 'error',
        code: 'TS2322',
        message: "Type 'string' is not assignable to type 'number'.",
      },
      {
        file: 'src/chain.ts',
        line: 1,
        column: 14,
        severity: 'error',
        code: 'TS2322',
        message:
          "Type '(input: { id: number; }) => void' is not assignable to type '(input: { id: string; }) => void'.\n  Types of parameters 'input' and 'input' are incompatible.\n    Type 'string' is not assignable to type 'number'.",
      },
      {
        file: '',
        line: 0,
        column: 0,
        severity: 'error',
        code: 'TS5058',
        message: "The specified path does not exist: 'nope'.",
      },
    ]);
  });
});

describe('parseGeneric', () => {
  it('reads gcc, mypy and eslint-unix style lines and nothing else', () => {
    const output = [
      'main.c:3:5: error: expected ";" before "}" token',
      'app/models.py:12: error: Incompatible types in assignment  [assignment]',
      "/repo/a.js:1:7: 'unused' is assigned a value but never used. [Error/no-unused-vars]",
      'lib/x.go:4:2: warning: unreachable code',
      '12:30:45 server started',
      'Compiling 3 files…',
    ].join('\n');
    expect(parseGeneric(output)).toEqual([
      {
        file: 'main.c',
        line: 3,
        column: 5,
        severity: 'error',
        code: undefined,
        message: 'expected ";" before "}" token',
      },
      {
        file: 'app/models.py',
        line: 12,
        column: 0,
        severity: 'error',
        code: undefined,
        message: 'Incompatible types in assignment  [assignment]',
      },
      {
        file: '/repo/a.js',
        line: 1,
        column: 7,
        severity: 'error',
        code: 'no-unused-vars',
        message: "'unused' is assigned a value but never used.",
      },
      {
        file: 'lib/x.go',
        line: 4,
        column: 2,
        severity: 'warning',
        code: undefined,
        message: 'unreachable code',
      },
    ]);
  });
});

describe('parseDiagnostics', () => {
  it('picks the format: ESLint JSON first, then tsc, then generic lines, else none', () => {
    expect(parseDiagnostics(ESLINT_REPORT, '').format).toBe('eslint');
    expect(parseDiagnostics('', "src/a.ts(1,1): error TS1005: ';' expected.").format).toBe('tsc');
    expect(parseDiagnostics('src/a.rs:1:1: error: bad', '').format).toBe('generic');
    expect(parseDiagnostics('all good', '')).toEqual({ format: undefined, diagnostics: [] });
  });
});
