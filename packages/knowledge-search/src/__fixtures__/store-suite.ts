/**
 * One suite for every knowledge store: embedded PGlite and PostgreSQL must ingest, deduplicate,
 * search and count usage the same way, through the same SQL.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EmbeddingModel } from 'ai';
import type { Logger } from '@toolsmith/core';
import { ENTITY_TYPES } from '../entity-types.ts';
import { EmbeddingModelMismatchError, KnowledgeQueryError } from '../errors/knowledge-search-errors.ts';
import { ingestPack } from '../ingest/ingest-pack.ts';
import { search } from '../search/search-knowledge.ts';
import type { KnowledgeStore } from '../store/knowledge-store.ts';
import { conceptEmbeddingModel } from './concept-embedding-model.ts';

export const PACKS = path.join(import.meta.dirname, 'packs');
export const KANBAN = path.join(PACKS, 'kanban');
export const BOARDS_GUIDE = path.join(PACKS, 'docs', 'boards-guide.md');

export interface StoreFixture {
  /** Whether the server has pgvector (vector search is tested only then). */
  vector: boolean;
  /** A new, empty database: a PGlite directory or a PostgreSQL URL. */
  newDatabase(): Promise<string>;
  /** A store on `database` (not opened yet). */
  openStore(database: string, options?: { embeddingModel?: EmbeddingModel; logger?: Logger }): KnowledgeStore;
}

export function describeKnowledgeStore(name: string, fixture: StoreFixture): void {
  describe(`KnowledgeStore: ${name}`, () => {
    const temporary: string[] = [];
    const stores: KnowledgeStore[] = [];
    const open = (database: string, options?: Parameters<StoreFixture['openStore']>[1]) => {
      const store = fixture.openStore(database, options);
      stores.push(store);
      return store;
    };
    /** A copy of the kanban pack that a test may edit. */
    const copyOfKanban = async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'knowledge-pack-'));
      temporary.push(dir);
      await cp(KANBAN, path.join(dir, 'kanban'), { recursive: true });
      return path.join(dir, 'kanban');
    };
    afterAll(async () => {
      for (const store of stores) await store.close().catch(() => undefined);
      for (const dir of temporary) await rm(dir, { recursive: true, force: true });
    });

    describe('full text and trigram (no embedding model)', () => {
      let store: KnowledgeStore;
      beforeAll(async () => {
        store = open(await fixture.newDatabase());
        await ingestPack(store, KANBAN);
        await ingestPack(store, BOARDS_GUIDE);
      });

      it('opens with its migrations and finds pg_trgm', async () => {
        const status = await store.open();
        expect(status).toMatchObject({ schemaVersion: 1, trigram: true });
        expect(status.embedding).toBeUndefined();
      });

      it('chunks a pack by entity and keeps two packs apart', async () => {
        const packs = await store.packs();
        expect(packs.map((p) => [p.pack, p.entries])).toEqual([
          ['doc:boards-guide', 2],
          ['kanban', expect.any(Number)],
        ]);
        const hits = await store.search({ text: 'kanban', limit: 50, tools: 'kanban' });
        const kinds = new Set(hits.map((h) => h.entityType));
        for (const kind of [
          'tool',
          'knowledge',
          'helper',
          'validator',
          'command',
          'pattern',
          'quirk',
          'limitation',
          'api',
          'example',
          'fixture',
          'doc',
        ]) {
          expect({ kind, found: kinds.has(kind as never) }).toEqual({ kind, found: true });
        }
      });

      it('returns entity, topic, score and content, best first', async () => {
        const [hit, ...rest] = await store.search({ text: 'column name as column id' });
        expect(hit).toMatchObject({
          entityType: 'pattern',
          entityId: 'column-name-as-column-id',
          tool: 'kanban',
          pack: 'kanban',
          topic: expect.stringContaining('column-name-as-column-id'),
          content: expect.stringContaining('COLUMN_NOT_FOUND'),
          matchedBy: expect.arrayContaining(['fulltext']),
        });
        expect(hit!.score).toBeGreaterThan(0);
        for (const other of rest) expect(other.score).toBeLessThanOrEqual(hit!.score);
      });

      it('finds an error message as the agent saw it', async () => {
        const hits = await store.search({ text: 'column must be an integer' });
        expect(hits[0]).toMatchObject({ entityType: 'pattern', entityId: 'column-name-as-column-id' });
      });

      it('finds identifiers and misspellings (trigram)', async () => {
        const byId = await store.search({ text: 'parse-card-ref' });
        expect(byId[0]).toMatchObject({ entityType: 'helper', entityId: 'parse-card-ref' });
        expect(byId[0]!.matchedBy).toContain('trigram');
        const misspelt = await store.search({ text: 'swimlnae ordr' });
        expect(misspelt.map((h) => h.entityId)).toContain('swimlane-order');
        const code = await store.search({ text: 'isCardUrl' });
        expect(code[0]).toMatchObject({ entityType: 'helper', entityId: 'parse-card-ref' });
      });

      it('runs only the searches asked for: full text alone does not correct misspellings', async () => {
        const exact = await store.search({ text: 'swimlnae ordr', searches: ['fulltext'] });
        expect(exact.map((h) => h.entityId)).not.toContain('swimlane-order');
        const byId = await store.search({ text: 'parse-card-ref', searches: ['fulltext'] });
        for (const hit of byId) expect(hit.matchedBy).toEqual(['fulltext']);
      });

      it('finds markdown sections and fixtures', async () => {
        const doc = await store.search({ text: 'rate limit Retry-After', entityTypes: 'doc' });
        expect(doc[0]).toMatchObject({
          entityId: 'README.md#rate-limits',
          topic: 'Kanban knowledge pack › Rate limits',
        });
        const fixtureHit = await store.search({ text: 'cardMoved', entityTypes: ['fixture'] });
        expect(fixtureHit[0]).toMatchObject({ entityId: '__fixtures__/card-moved-webhook.json' });
      });

      it('filters by entity type and by tool', async () => {
        const commands = await store.search({ text: 'card', entityTypes: 'command', limit: 10 });
        expect(commands.map((h) => h.entityId).sort()).toEqual(['archive_card', 'move_card']);
        const guide = await store.search({ text: 'swimlanes', tools: 'boards-guide' });
        expect(guide.map((h) => h.pack)).toEqual(['doc:boards-guide']);
        expect(await store.search({ text: 'swimlanes', tools: ['no-such-tool'] })).toEqual([]);
      });

      it('counts hits and feedback per entry', async () => {
        const hits = await search(store, 'archive a card', { limit: 2 });
        expect(hits).toHaveLength(2);
        await search(store, 'archive a card', { limit: 1 });
        const top = hits[0]!;
        await store.recordFeedback(top.id, true);
        await store.recordFeedback(top.id, false);
        await store.recordFeedback(top.id, true);
        expect(await store.usage(top.id)).toEqual({
          hits: 2,
          lastUsedAt: expect.any(Date),
          helpful: 2,
          unhelpful: 1,
        });
        expect(await store.usage(hits[1]!.id)).toMatchObject({ hits: 1, helpful: 0 });
        await search(store, 'archive a card', { recordHits: false });
        expect(await store.usage(top.id)).toMatchObject({ hits: 2 });
        await expect(store.recordFeedback(999_999, true)).rejects.toThrow(
          '999999 is not a knowledge entry (a re-index may have removed it); give the id of a search hit.',
        );
      });

      it('refuses bad queries with what to change', async () => {
        await expect(store.search({ text: '   ' })).rejects.toThrow(KnowledgeQueryError);
        await expect(store.search({ text: '' })).rejects.toThrow('- query: is empty. Describe what you need');
        await expect(store.search({ text: 'x'.repeat(5_000) })).rejects.toThrow(
          '- query: is 5,000 characters; at most 2,000 are searched.',
        );
        const unknownType = store.search({ text: 'card', entityTypes: ['command', 'snippet' as never] });
        await expect(unknownType).rejects.toThrow(
          `- type: "snippet" is not an entity type. Valid options: ${ENTITY_TYPES.map((t) => `"${t}"`).join(', ')}.`,
        );
        await expect(store.search({ text: 'card', limit: 0 })).rejects.toThrow(
          '- limit: is 0; give a whole number from 1 to 50.',
        );
        await expect(store.search({ text: 'card', searches: ['bm25' as never] })).rejects.toThrow(
          '- searches: "bm25" is not a search. Valid options: "fulltext", "trigram", "vector".',
        );
      });

      it('answers a query of stop words or symbols with nothing, not an error', async () => {
        expect(await store.search({ text: 'the of and' })).toEqual(expect.any(Array));
        expect(await store.search({ text: '*** ??? !!!' })).toEqual([]);
      });

      it('searches text with quotes and backslashes as text (PGlite writes it into EXECUTE)', async () => {
        const quoted = await store.search({ text: `parse-card-ref'); DROP TABLE tools_knowledge; --` });
        expect(quoted.map((h) => h.entityId)).toContain('parse-card-ref');
        const slashed = await store.search({ text: String.raw`parse\card\ref \' E'\x27' card` });
        expect(slashed).toEqual(expect.any(Array));
        expect((await store.packs()).length).toBeGreaterThan(0);
      });
    });

    describe('ingest: dedup by content hash', () => {
      let store: KnowledgeStore;
      let pack: string;
      beforeAll(async () => {
        store = open(await fixture.newDatabase());
        pack = await copyOfKanban();
      });

      it('adds everything once, then finds everything unchanged', async () => {
        const first = await ingestPack(store, pack);
        expect(first).toMatchObject({ pack: 'kanban', updated: 0, unchanged: 0, removed: 0 });
        expect(first.added).toBe(first.entries);
        expect(first.added).toBeGreaterThan(15);
        const again = await ingestPack(store, pack);
        expect(again).toMatchObject({ added: 0, updated: 0, unchanged: first.entries, removed: 0 });
      });

      it('updates the one entry whose content changed, keeping its id and usage', async () => {
        const [before] = await store.search({ text: 'no bulk move endpoint' });
        await store.recordHits([before!.id]);
        const yaml = path.join(pack, 'kanban.tool.yaml');
        await writeFile(
          yaml,
          (await readFile(yaml, 'utf8')).replace(
            'there is no bulk move endpoint',
            'there is no batch endpoint',
          ),
        );
        const result = await ingestPack(store, pack);
        expect(result).toMatchObject({ added: 0, updated: 1, removed: 0 });
        const [after] = await store.search({ text: 'no batch endpoint' });
        expect(after).toMatchObject({
          id: before!.id,
          entityId: 'no_bulk_move',
          content: expect.stringContaining('no batch endpoint'),
        });
        expect(await store.usage(after!.id)).toMatchObject({ hits: 1 });
      });

      it('removes the entries of a deleted file, only in its own pack', async () => {
        await ingestPack(store, BOARDS_GUIDE);
        await rm(path.join(pack, 'README.md'));
        const result = await ingestPack(store, pack);
        expect(result).toMatchObject({ added: 0, updated: 0, removed: 3 });
        expect(await store.search({ text: 'rate limits Retry-After', entityTypes: 'doc' })).toEqual([]);
        expect((await store.search({ text: 'swimlanes', entityTypes: 'doc' }))[0]).toMatchObject({
          pack: 'doc:boards-guide',
        });
        expect(await store.removePack('doc:boards-guide')).toBe(2);
        expect((await store.packs()).map((p) => p.pack)).toEqual(['kanban']);
      });

      it('refuses a pack that is not there, or holds nothing to index', async () => {
        await expect(ingestPack(store, path.join(pack, 'missing'))).rejects.toThrow(
          /missing does not exist\. Give a knowledge pack directory/,
        );
        await expect(ingestPack(store, path.join(pack, 'helpers'))).rejects.toThrow(
          /helpers has nothing to index: no tool definition \(\*\.tool\.yaml\) and no markdown/,
        );
      });

      it('names the file, line and fix for invalid YAML and changes nothing', async () => {
        const broken = await copyOfKanban();
        await writeFile(path.join(broken, 'kanban.tool.yaml'), 'tool:\n  id: kanban\n   name: [unclosed\n');
        await expect(ingestPack(store, broken)).rejects.toThrow(
          /kanban\.tool\.yaml is not valid YAML at line 3, column \d+: .*Fix the file/,
        );
        expect((await store.packs())[0]).toMatchObject({ pack: 'kanban' });
      });
    });

    (fixture.vector ? describe : describe.skip)(
      'vector search (scripted embedding model through the AI SDK)',
      () => {
        let database: string;
        let store: KnowledgeStore;
        const model = conceptEmbeddingModel({ dimensions: 64 });
        beforeAll(async () => {
          database = await fixture.newDatabase();
        });

        it('embeds entries at ingest and finds what only the meaning matches', async () => {
          store = open(database, { embeddingModel: model });
          await ingestPack(store, KANBAN);
          expect(await store.open()).toMatchObject({
            vector: true,
            embedding: { model: 'test:concepts-64', dimensions: 64 },
          });
          const packs = await store.packs();
          expect(packs[0]!.embedded).toBe(packs[0]!.entries);
          // No word of the query is in the assignee mapping: only the vector search finds it.
          const question = 'which person handles this ticket?';
          const hits = await store.search({ text: question });
          expect(hits.slice(0, 3).map((h) => h.entityId)).toContain('field_mappings.card_fields.assignee');
          expect(hits.find((h) => h.entityId === 'field_mappings.card_fields.assignee')!.matchedBy).toEqual([
            'vector',
          ]);
          await store.close();
          // One store per PGlite directory at a time.
          const plain = open(database);
          const without = await plain.search({ text: question, limit: 50 });
          expect(without.map((h) => h.entityId)).not.toContain('field_mappings.card_fields.assignee');
          await plain.close();
        });

        it('re-ingests without embedding again, and fuses vector with full text', async () => {
          store = open(database, { embeddingModel: model });
          const calls = model.doEmbedCalls.length;
          expect(await ingestPack(store, KANBAN)).toMatchObject({ added: 0, updated: 0, removed: 0 });
          expect(model.doEmbedCalls.length).toBe(calls);
          const [hit] = await store.search({ text: 'verify the webhook signature' });
          expect(hit).toMatchObject({ entityId: 'README.md#webhooks' });
          expect(hit!.matchedBy).toEqual(expect.arrayContaining(['fulltext', 'vector']));
        });

        it('refuses another embedding model, and takes it after resetEmbeddings', async () => {
          await store.close();
          const other = open(database, { embeddingModel: conceptEmbeddingModel({ dimensions: 32 }) });
          const refused = other.search({ text: 'owner' });
          await expect(refused).rejects.toThrow(EmbeddingModelMismatchError);
          await expect(other.search({ text: 'owner' })).rejects.toThrow(
            'holds embeddings of test:concepts-64 (64 dimensions), but the configured embedding model is test:concepts-32',
          );
          await other.resetEmbeddings();
          const result = await ingestPack(other, KANBAN);
          expect(result.updated).toBe(result.entries);
          expect(await other.open()).toMatchObject({
            embedding: { model: 'test:concepts-32', dimensions: 32 },
          });
          expect((await other.search({ text: 'which person handles this ticket?' })).length).toBeGreaterThan(
            0,
          );
        });
      },
    );
  });
}
