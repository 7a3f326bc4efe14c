import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeToolDefinitions } from '@toolsmith/testing/jest';
import { MockLanguageModelV4 } from 'ai/test';
import { createCodingToolkit, createCodingTools } from './create-coding-tools.ts';
import type { SearchProvider } from './session/coding-session.ts';

const root = mkdtempSync(path.join(tmpdir(), 'coding-tools-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const provider: SearchProvider = { name: 'stub', search: async () => [] };
const model = new MockLanguageModelV4();

const ALL = [
  'ApplyPatch',
  'AskUser',
  'Bash',
  'BashInput',
  'BashList',
  'BashOutput',
  'Batch',
  'CodeSearch',
  'Diagnostics',
  'Edit',
  'Glob',
  'Grep',
  'KillShell',
  'LSP',
  'ListDir',
  'MultiEdit',
  'Read',
  'Rename',
  'Task',
  'TodoRead',
  'TodoWrite',
  'WebFetch',
  'WebSearch',
  'Write',
];

describe('createCodingTools', () => {
  it('returns all 24 tools with search providers and a model', () => {
    expect(
      Object.keys(createCodingTools({ root, webSearch: provider, codeSearch: provider, model })).sort(),
    ).toEqual(ALL);
  });

  it('leaves out WebSearch/CodeSearch without a provider and Task without a model', () => {
    const names = Object.keys(createCodingTools({ root })).sort();
    expect(names).toEqual(ALL.filter((n) => !['CodeSearch', 'Task', 'WebSearch'].includes(n)));
  });

  it('honours a selection (read-only mode keeps only tools that change nothing)', () => {
    const names = Object.keys(createCodingTools({ root, selection: { readOnly: true } })).sort();
    expect(names).toEqual([
      'AskUser',
      'BashList',
      'BashOutput',
      'Glob',
      'Grep',
      'LSP',
      'ListDir',
      'Read',
      'TodoRead',
      'WebFetch',
    ]);
  });
});

// Every tool's generated definition matches its schema, follows the conventions, and is snapshotted.
describeToolDefinitions(
  'coding tool definitions',
  () => createCodingToolkit({ root, webSearch: provider, codeSearch: provider, model }).registry as never,
);
