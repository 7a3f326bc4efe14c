import { describe, expect, it } from '@jest/globals';
import { runKnowledgeCli } from './knowledge-cli.ts';

// `index` and `search` are @toolsmith/knowledge-search's (tested there); here only the dispatch.
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKnowledgeCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('toolsmith-knowledge index / search', () => {
  it('hands search to @toolsmith/knowledge-search, which checks the query before opening a store', async () => {
    const result = await cli('search', '', '--db', '/nonexistent/kb');
    expect(result.code).toBe(2);
    expect(result.err).toContain('- query: is empty.');
  });

  it('hands index to @toolsmith/knowledge-search, which reads the pack before opening a store', async () => {
    const result = await cli('index', '/nonexistent/pack', '--db', '/nonexistent/kb', '--json');
    expect(result.code).toBe(1);
    expect(result.err).toContain('/nonexistent/pack does not exist.');
  });

  it('lists index and search in the usage', async () => {
    const result = await cli('--help');
    expect(result.out).toMatch(/toolsmith-knowledge index <pack-dir-or-markdown>\.\.\. --db <dir>/);
    expect(result.out).toMatch(/toolsmith-knowledge search "<query>" --db <dir>/);
  });
});
