import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { BOARDS_GUIDE, KANBAN, PACKS } from '../__fixtures__/store-suite.ts';
import { readKnowledgePack } from './read-knowledge-pack.ts';

describe('readKnowledgePack', () => {
  it('chunks a tool pack by entity: definition, code, docs and fixtures', async () => {
    const pack = await readKnowledgePack(KANBAN);
    expect(pack.pack).toBe('kanban');
    const keys = pack.chunks.map((c) => `${c.entityType}/${c.entityId}`);
    expect(keys).toEqual([
      'tool/kanban',
      'knowledge/essentials',
      'helper/parse-card-ref',
      'helper/swimlane-order',
      'validator/validate-move-card',
      'command/move_card',
      'command/archive_card',
      'pattern/column-name-as-column-id',
      'quirk/seconds_not_milliseconds',
      'limitation/no_bulk_move',
      'api/field_mappings.card_fields.assignee',
      'api/field_mappings.card_fields.due',
      'example/move-card-basic',
      'doc/README.md#kanban-knowledge-pack',
      'doc/README.md#webhooks',
      'doc/README.md#rate-limits',
      'fixture/__fixtures__/card-moved-webhook.json',
    ]);
    for (const chunk of pack.chunks) expect(chunk.tool).toBe('kanban');
    const helper = pack.chunks.find((c) => c.entityId === 'parse-card-ref')!;
    expect(helper.content).toContain('function isCardUrl(ref)');
    expect(helper.metadata).toMatchObject({
      file: 'kanban.tool.yaml',
      source: 'helpers/parse-card-ref.js',
      declares: ['parseCardRef', 'isCardUrl'],
    });
    const inline = pack.chunks.find((c) => c.entityId === 'swimlane-order')!;
    expect(inline.content).toContain('function swimlaneOrder(lanes)');
    const tool = pack.chunks[0]!;
    expect(tool.topic).toBe('Kanban — Cards on boards with columns and swimlanes through the Kanban API v3.');
    expect(tool.content).toContain('- move_card: Move a card to another column (POST /cards/{id}/move).');
  });

  it('reads a markdown file as a doc pack named after it', async () => {
    const pack = await readKnowledgePack(BOARDS_GUIDE);
    expect(pack).toMatchObject({ pack: 'doc:boards-guide' });
    expect(pack.chunks.map((c) => [c.entityId, c.tool])).toEqual([
      ['boards-guide.md#swimlanes', 'boards-guide'],
      ['boards-guide.md#owners', 'boards-guide'],
    ]);
  });

  it('reads a folder of markdown as a doc pack, and takes a pack and tool name', async () => {
    const pack = await readKnowledgePack(path.join(PACKS, 'docs'), { pack: 'guides', tool: 'kanban' });
    expect(pack.pack).toBe('guides');
    expect(pack.chunks.map((c) => `${c.entityId} ${c.tool}`)).toEqual([
      'boards-guide.md#swimlanes kanban',
      'boards-guide.md#owners kanban',
    ]);
  });

  it('says what a pack is when given something else', async () => {
    await expect(readKnowledgePack(path.join(KANBAN, 'helpers', 'parse-card-ref.js'))).rejects.toThrow(
      'is neither a knowledge pack directory, a markdown file (.md) nor a tool definition (.tool.yaml).',
    );
  });
});

describe('readKnowledgePack on the ClickUp pack (apps/clickup/knowledge)', () => {
  it('chunks every kind of entity the pack has, with unique ids, none oversized', async () => {
    const pack = await readKnowledgePack(
      path.join(import.meta.dirname, '../../../../apps/clickup/knowledge'),
    );
    expect(pack.pack).toBe('clickup');
    const types = new Set(pack.chunks.map((c) => c.entityType));
    for (const type of [
      'tool',
      'knowledge',
      'helper',
      'validator',
      'processor',
      'command',
      'pattern',
      'quirk',
      'limitation',
      'api',
      'example',
      'fixture',
      'doc',
    ]) {
      expect({ type, present: types.has(type as never) }).toEqual({ type, present: true });
    }
    const keys = pack.chunks.map((c) => `${c.entityType}/${c.entityId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(
      expect.arrayContaining([
        'command/create_task',
        'validator/validate-create-task',
        'processor/process-task',
      ]),
    );
    for (const chunk of pack.chunks) expect(chunk.content.length).toBeLessThanOrEqual(6_200);
  });
});
