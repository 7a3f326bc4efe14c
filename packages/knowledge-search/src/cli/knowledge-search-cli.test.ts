import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgliteTemplate } from '@toolsmith/sql/testing';
import { BOARDS_GUIDE, KANBAN } from '../__fixtures__/store-suite.ts';
import { createKnowledgeStore } from '../store/create-knowledge-store.ts';
import { runKnowledgeSearchCli } from './knowledge-search-cli.ts';

let template: Blob;
let root: string;
beforeAll(async () => {
  template = await pgliteTemplate({ vector, pg_trgm });
  root = await mkdtemp(path.join(tmpdir(), 'knowledge-cli-'));
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKnowledgeSearchCli(
    args,
    { out: (t) => out.push(...t.split('\n')), err: (t) => err.push(t) },
    {
      env,
      createStore: (options) => createKnowledgeStore({ ...options, pgliteTemplate: template }),
    },
  );
  return { code, out, err: err.join('\n'), last: out.at(-1)! };
}

describe('toolsmith-knowledge index / search', () => {
  it('indexes packs and markdown; --json ends stdout with the counts, progress goes to stderr', async () => {
    const db = path.join(root, 'kb');
    const first = await cli(['index', KANBAN, BOARDS_GUIDE, '--db', db, '--json']);
    expect(first.code).toBe(0);
    const counts = JSON.parse(first.last);
    expect(Object.keys(counts)).toEqual(['added', 'updated', 'unchanged', 'removed']);
    expect(counts).toMatchObject({ updated: 0, unchanged: 0, removed: 0 });
    expect(counts.added).toBeGreaterThan(15);
    expect(first.err).toMatch(/^kanban: \d+ entries read from /m);
    const again = await cli(['index', KANBAN, '--db', db]);
    expect(again.code).toBe(0);
    expect(again.out[0]).toMatch(/^kanban: \d+ entries — 0 added, 0 updated, \d+ unchanged, 0 removed$/);
    expect(again.last).toBe(`Indexed into PGlite at ${db}.`);
  });

  it('searches: --json ends stdout with the results; filters by type and tool', async () => {
    const db = path.join(root, 'kb');
    const found = await cli(['search', 'column must be an integer', '--db', db, '--limit', '2', '--json']);
    expect(found.code).toBe(0);
    const { results } = JSON.parse(found.last);
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      entityType: 'pattern',
      entityId: 'column-name-as-column-id',
      topic: expect.any(String),
      score: expect.any(Number),
      content: expect.stringContaining('COLUMN_NOT_FOUND'),
      tool: 'kanban',
    });
    const docs = await cli([
      'search',
      'swimlanes',
      '--db',
      db,
      '--type',
      'doc',
      '--tool',
      'boards-guide',
      '--json',
    ]);
    expect(JSON.parse(docs.last).results.map((r: { pack: string }) => r.pack)).toEqual(['doc:boards-guide']);
    const text = await cli(['search', 'archive a card', '--db', db, '--limit', '1']);
    expect(text.out[0]).toMatch(/^1\. \[command\] archive_card \(kanban\) — archive_card — Archive a card/);
  });

  it('refuses bad usage and bad queries with exit code 2 and says what to fix', async () => {
    const db = path.join(root, 'kb');
    const noDb = await cli(['search', 'card']);
    expect(noDb).toMatchObject({ code: 2 });
    expect(noDb.err).toContain(
      'search needs a store: --db <dir> (or KNOWLEDGE_DB), or DATABASE_URL for PostgreSQL.',
    );
    const badType = await cli(['search', 'card', '--db', db, '--type', 'snippet']);
    expect(badType.code).toBe(2);
    expect(badType.err).toContain(
      '- type: "snippet" is not an entity type. Valid options: "tool", "knowledge"',
    );
    const empty = await cli(['search', '', '--db', db]);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('- query: is empty.');
    expect((await cli(['search', 'a', 'b', '--db', db])).err).toContain(
      'search needs exactly one query (quote it): got 2.',
    );
    expect((await cli(['index', '--db', db])).code).toBe(2);
    expect((await cli(['search', 'x', '--db', db, '--bogus'])).err).toContain("Unknown option '--bogus'");
  });

  it('fails with exit code 1 and the reason when the pack cannot be read', async () => {
    const missing = await cli(['index', path.join(root, 'nowhere'), '--db', path.join(root, 'kb')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('nowhere does not exist.');
  });
});
