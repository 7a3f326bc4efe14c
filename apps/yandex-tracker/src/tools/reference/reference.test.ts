import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

interface List<T> {
  items: T[];
  total?: number;
  nextCursor?: string;
}

let t: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
}, 30_000);
afterAll(() => t.close());

const requestsTo = (path: string) => t.emulator.requests.filter((r) => r.path === path);

describe('tracker_get_statuses', () => {
  it('lists every status compactly with its type and order', async () => {
    const result = await t.call('tracker_get_statuses');
    expect(result.isError).toBe(false);
    const json = result.json as List<Record<string, unknown>>;
    expect(json.total).toBe(6);
    expect(json.nextCursor).toBeUndefined();
    expect(json.items[0]).toEqual({ key: 'open', display: 'Open', type: 'new', order: 1 });
    expect(json.items.map((s) => s['key'])).toEqual([
      'open',
      'inProgress',
      'needInfo',
      'inReview',
      'resolved',
      'closed',
    ]);
    expect(json.items.find((s) => s['key'] === 'closed')).toMatchObject({ type: 'done' });
  });

  it('pages locally and stops on the last page', async () => {
    const first = (await t.call('tracker_get_statuses', { perPage: 4 })).json as List<{ key: string }>;
    expect(first.items.map((s) => s.key)).toEqual(['open', 'inProgress', 'needInfo', 'inReview']);
    expect(first.total).toBe(6);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await t.call('tracker_get_statuses', { perPage: 4, cursor: first.nextCursor }))
      .json as List<{ key: string }>;
    expect(second.items.map((s) => s.key)).toEqual(['resolved', 'closed']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('passes `localized: false` to the API and returns every translation', async () => {
    const before = requestsTo('/v3/statuses').length;
    const json = (await t.call('tracker_get_statuses', { localized: false, perPage: 1 })).json as List<
      Record<string, unknown>
    >;
    expect(json.items).toEqual([
      { key: 'open', display: { en: 'Open', ru: 'Открыт' }, type: 'new', order: 1 },
    ]);
    const sent = requestsTo('/v3/statuses').slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query['localized']).toBe('false');
  });

  it('returns the API object projected to `fields`', async () => {
    const json = (await t.call('tracker_get_statuses', { fields: ['key', 'description'], perPage: 1 }))
      .json as List<unknown>;
    expect(json.items).toEqual([{ key: 'open', description: 'Open' }]);
  });

  it('refuses a cursor replayed with other parameters', async () => {
    const first = (await t.call('tracker_get_statuses', { perPage: 2 })).json as List<unknown>;
    const result = await t.call('tracker_get_statuses', {
      perPage: 2,
      localized: false,
      cursor: first.nextCursor,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'cursor: belongs to a request with different parameters. Repeat the same parameters with this cursor, or omit `cursor` to start from the first page.',
    );
  });
});

describe('tracker_get_issue_types', () => {
  it('lists the issue types', async () => {
    const json = (await t.call('tracker_get_issue_types')).json as List<Record<string, unknown>>;
    expect(json.total).toBe(4);
    expect(json.items).toEqual([
      { key: 'bug', display: 'Bug', order: 1 },
      { key: 'task', display: 'Task', order: 2 },
      { key: 'epic', display: 'Epic', order: 3 },
      { key: 'story', display: 'Story', order: 4 },
    ]);
  });

  it('refuses a page size above the limit and names it', async () => {
    const result = await t.call('tracker_get_issue_types', { perPage: 500 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- perPage: Must be at most 100.');
  });
});

describe('tracker_get_priorities', () => {
  it('lists the priorities in order', async () => {
    const json = (await t.call('tracker_get_priorities', { localized: true })).json as List<{
      key: string;
      display: string;
    }>;
    expect(json.items.map((p) => p.key)).toEqual(['trivial', 'minor', 'normal', 'critical', 'blocker']);
    expect(json.items[3]).toEqual({ key: 'critical', display: 'Critical', order: 4 });
    expect(requestsTo('/v3/priorities').at(-1)!.query['localized']).toBe('true');
  });

  it('names the parameter meant by a misspelt one', async () => {
    const result = await t.call('tracker_get_priorities', { localised: false });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Unknown field. Did you mean "localized"?');
  });
});

describe('tracker_get_resolutions', () => {
  it('lists the resolutions', async () => {
    const json = (await t.call('tracker_get_resolutions')).json as List<{ key: string; display: string }>;
    expect(json.total).toBe(4);
    expect(json.items).toContainEqual({ key: 'wontFix', display: "Won't fix", order: 2 });
  });

  it('refuses a cursor it did not issue', async () => {
    const result = await t.call('tracker_get_resolutions', { cursor: 'not-a-cursor' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'is not a cursor this server issued. Pass `nextCursor` from the previous page unchanged, or omit it for the first page.',
    );
  });
});

describe('tracker_get_global_fields', () => {
  it('lists fields compactly: id, name, type, readonly, required', async () => {
    const json = (await t.call('tracker_get_global_fields')).json as List<Record<string, unknown>>;
    expect(json.total).toBe(8);
    expect(json.items[0]).toEqual({
      id: 'summary',
      name: 'Summary',
      type: 'string',
      readonly: false,
      required: true,
    });
    expect(json.items.find((f) => f['id'] === 'status')).toEqual({
      id: 'status',
      name: 'Status',
      type: 'status',
      readonly: true,
      required: true,
    });
  });

  it('pages with a cursor until the last page', async () => {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (await t.call('tracker_get_global_fields', { perPage: 3, ...(cursor ? { cursor } : {}) }))
        .json as List<{ id: string }>;
      ids.push(...page.items.map((f) => f.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });

  it('projects the raw field to `fields`', async () => {
    const json = (await t.call('tracker_get_global_fields', { fields: ['id', 'schema.type'], perPage: 2 }))
      .json as List<unknown>;
    expect(json.items).toEqual([
      { id: 'summary', schema: { type: 'string' } },
      { id: 'description', schema: { type: 'text' } },
    ]);
  });

  it('refuses a cursor from another tool', async () => {
    const statuses = (await t.call('tracker_get_statuses', { perPage: 2 })).json as List<unknown>;
    const result = await t.call('tracker_get_global_fields', { perPage: 2, cursor: statuses.nextCursor });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('cursor: belongs to a request with different parameters.');
  });
});

describe('tracker_get_link_types', () => {
  it('lists the link types with both directions', async () => {
    const json = (await t.call('tracker_get_link_types')).json as List<Record<string, unknown>>;
    expect(json.total).toBe(5);
    expect(json.items).toContainEqual({ id: 'depends', inward: 'is dependent by', outward: 'depends on' });
    expect(json.items.map((l) => l['id'])).toEqual(['relates', 'depends', 'duplicates', 'subtask', 'epic']);
    expect(requestsTo('/v2/linktypes').length).toBeGreaterThan(0);
  });

  it('says which fields it takes', async () => {
    const result = await t.call('tracker_get_link_types', { perPage: 10 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Unknown field.');
    expect(result.text).toContain('Valid fields: fields.');
  });
});
