import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;

beforeAll(async () => {
  t = await startInProcess();
  t.emulator.state.queues
    .find((q) => q.key === 'DEMO')!
    .localFields.push({
      id: '000000000000000000000001--customer',
      key: 'customer',
      name: 'Customer',
      type: 'string',
      category: '000000000000000000000001',
    });
}, 30_000);
afterAll(() => t.close());

const SYSTEM = '000000000000000000000001';
const AGILE = '000000000000000000000003';
const global = (id: string) => t.emulator.state.globalFields.find((f) => f.id === id);

/** A call refused with nothing written (the categories may be read to check the value). */
async function refusedUnwritten(name: string, args: Record<string, unknown>) {
  const before = t.emulator.requests.length;
  const result = await t.call(name, args);
  expect(result.isError).toBe(true);
  expect(t.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  return result.text;
}

describe('tracker_get_field_categories', () => {
  it('lists the categories with their ids', async () => {
    expect((await t.call('tracker_get_field_categories')).json).toEqual({
      items: [
        { categoryId: SYSTEM, name: 'System', order: 1 },
        { categoryId: '000000000000000000000002', name: 'Time tracking', order: 2 },
        { categoryId: AGILE, name: 'Agile', order: 3 },
      ],
      total: 3,
    });
  });
});

describe('tracker_create_field, tracker_update_field', () => {
  it('creates a global field: the type sent as the API names it, a category name converted and announced', async () => {
    const from = t.emulator.requests.length;
    const result = await t.call('tracker_create_field', {
      fieldId: 'releaseNotes',
      name: 'Release notes',
      type: 'text',
      categoryId: 'agile',
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe(`converted: categoryId "agile" → ${AGILE} (Agile)`);
    expect(result.json).toEqual({
      id: 'releaseNotes',
      name: 'Release notes',
      setAs: 'releaseNotes',
      type: 'text',
      required: false,
      category: 'Agile',
    });
    const post = t.emulator.requests.slice(from).find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      id: 'releaseNotes',
      name: { en: 'Release notes', ru: 'Release notes' },
      type: 'ru.yandex.startrek.core.fields.TextFieldType',
      category: AGILE,
    });
    expect(global('releaseNotes')).toMatchObject({ category: AGILE, schema: { type: 'text' } });
  });

  it('refuses an unknown category with the valid ones, a bad id and a type it does not know, nothing written', async () => {
    expect(
      await refusedUnwritten('tracker_create_field', {
        fieldId: 'x1',
        name: 'X',
        type: 'text',
        categoryId: 'Misc',
      }),
    ).toContain(`"Misc" is not a field category. Valid categories: ${SYSTEM} (System)`);
    expect(
      await refusedUnwritten('tracker_create_field', {
        fieldId: '1st',
        name: 'X',
        type: 'text',
        categoryId: SYSTEM,
      }),
    ).toContain('Use Latin letters, digits and _, starting with a letter');
    expect(
      await refusedUnwritten('tracker_create_field', {
        fieldId: 'x2',
        name: 'X',
        type: 'money',
        categoryId: SYSTEM,
      }),
    ).toContain('type');
  });

  it('passes on the API conflict of an id in use, without "retry"', async () => {
    const result = await t.call('tracker_create_field', {
      fieldId: 'tags',
      name: 'Tags',
      type: 'string',
      categoryId: SYSTEM,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('HTTP 409');
    expect(result.text).toContain('A blind retry will not help');
  });

  it('renames a field on its current version; a stale version is a conflict and nothing changes', async () => {
    const result = await t.call('tracker_update_field', {
      fieldId: 'storyPoints',
      version: 1,
      name: 'Points',
      readonly: true,
    });
    expect(result.json).toMatchObject({ id: 'storyPoints', name: 'Points', readonly: true, version: 2 });
    const stale = await t.call('tracker_update_field', { fieldId: 'storyPoints', version: 1, name: 'SP' });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain('HTTP 409');
    expect(global('storyPoints')!.name).toBe('Points');
    expect(await refusedUnwritten('tracker_update_field', { fieldId: 'storyPoints', version: 2 })).toContain(
      'says nothing to change.',
    );
  });

  it('names the list tool when the field does not exist', async () => {
    const result = await t.call('tracker_update_field', { fieldId: 'nope', version: 1, name: 'N' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('tracker_get_global_fields lists the global fields');
  });
});

describe('tracker_create_local_field, tracker_update_local_field', () => {
  it('creates a local field in a queue (by name, converted) and shows the key to set it by', async () => {
    const result = await t.call('tracker_create_local_field', {
      queueId: 'demo',
      fieldKey: 'budget',
      name: 'Budget',
      type: 'float',
      categoryId: SYSTEM,
    });
    expect(result.notes).toBe('converted: queueId "demo" → DEMO (Demo)');
    expect(result.json).toEqual({
      id: '000000000000000000000001--budget',
      name: 'Budget',
      setAs: 'budget',
      type: 'float',
      required: false,
      local: true,
      category: 'System',
    });
    const again = await t.call('tracker_create_local_field', {
      queueId: 'DEMO',
      fieldKey: 'budget',
      name: 'Budget 2',
      type: 'float',
      categoryId: SYSTEM,
    });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('HTTP 409');
  });

  it('renames a local field; a key the queue does not have names the list tool', async () => {
    const result = await t.call('tracker_update_local_field', {
      queueId: 'DEMO',
      fieldKey: 'customer',
      name: 'Client',
      categoryId: 'agile',
    });
    expect(result.json).toMatchObject({ setAs: 'customer', name: 'Client', category: 'Agile' });
    const missing = await t.call('tracker_update_local_field', {
      queueId: 'DEMO',
      fieldKey: 'nope',
      name: 'N',
    });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('tracker_get_queue_local_fields with queueId DEMO lists its local fields');
  });
});
