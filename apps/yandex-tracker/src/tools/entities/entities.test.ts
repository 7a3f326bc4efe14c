import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  refusedUnsent,
  startInProcess,
  type TrackerHarness,
} from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;

beforeAll(async () => {
  t = await startInProcess();
}, 30_000);
afterAll(() => t.close());

/** Seed ids (tools/emulators/yandex-tracker/src/entities-state.ts). */
const PORTFOLIO = '656000000000000000000001';
const CHECKOUT = '656000000000000000000002';
const MONITORING = '656000000000000000000003';
const GOAL = '656000000000000000000004';

const entity = (id: string) => t.emulator.state.entities.records.find((e) => e.id === id);
const lastRequest = () => t.emulator.requests.at(-1)!;

describe('tracker_find_entities', () => {
  it('searches one type through the _search envelope, compact by default, paged by cursor', async () => {
    const first = await t.call('tracker_find_entities', { entityType: 'project', perPage: 1 });
    expect(first.isError).toBe(false);
    const page = first.json as { items: unknown[]; total: number; nextCursor?: string };
    expect(page).toMatchObject({
      items: [
        {
          entityId: CHECKOUT,
          shortId: 2,
          summary: 'Checkout redesign',
          status: 'in_progress',
          lead: 'Bob Petrov',
          end: '2026-12-31',
        },
      ],
      total: 2,
    });
    expect(lastRequest().query).toMatchObject({
      page: '1',
      perPage: '1',
      fields: 'summary,entityStatus,lead,end',
    });
    const next = (
      await t.call('tracker_find_entities', { entityType: 'project', perPage: 1, cursor: page.nextCursor })
    ).json as typeof page;
    expect(next.items).toEqual([
      {
        entityId: MONITORING,
        shortId: 3,
        summary: 'Monitoring revamp',
        status: 'draft',
        lead: 'Dave Kuznetsov',
      },
    ]);
    expect(next.nextCursor).toBeUndefined();
  });

  it('filters by name words, field values and rootOnly; -field sorts descending', async () => {
    const byText = await t.call('tracker_find_entities', { entityType: 'goal', text: 'p1' });
    expect((byText.json as { items: Array<{ summary: string }> }).items.map((i) => i.summary)).toEqual([
      'Zero P1 incidents',
    ]);
    const roots = await t.call('tracker_find_entities', {
      entityType: 'goal',
      rootOnly: true,
      filter: { entityStatus: 'in_progress' },
    });
    expect(roots.json).toMatchObject({ items: [{ shortId: 1, summary: 'Halve checkout time' }], total: 1 });
    const sorted = await t.call('tracker_find_entities', { entityType: 'project', orderBy: '-summary' });
    expect((sorted.json as { items: Array<{ shortId: number }> }).items.map((i) => i.shortId)).toEqual([
      3, 2,
    ]);
    expect(lastRequest().body).toEqual({ orderBy: 'summary', orderAsc: false });
  });

  it('passes on a field the API does not know with the names it knows', async () => {
    const result = await t.call('tracker_find_entities', { entityType: 'project', orderBy: 'budget' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Неизвестное поле сортировки: budget.');
    expect(result.text).toContain('Entity fields the API knows: summary, description,');
  });
});

describe('tracker_get_entity', () => {
  it('reads an entity by its name or shortId (converted, announced) with its version', async () => {
    const result = await t.call('tracker_get_entity', {
      entityType: 'project',
      entityId: 'checkout redesign',
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe(`converted: entityId "checkout redesign" → ${CHECKOUT} (Checkout redesign)`);
    expect(result.json).toMatchObject({
      entityId: CHECKOUT,
      shortId: 2,
      entityType: 'project',
      version: 1,
      status: 'in_progress',
      lead: { display: 'Bob Petrov' },
      parent: { entityId: PORTFOLIO, summary: 'Platform 2027' },
      team: ['Bob Petrov', 'Carol Smirnova'],
      queues: ['DEMO'],
    });
    const byShortId = await t.call('tracker_get_entity', {
      entityType: 'goal',
      entityId: '1',
      fields: ['fields.end'],
    });
    expect(byShortId.json).toEqual({ fields: { end: '2026-12-31' } });
  });

  it('refuses an entity of another type or an unknown one, listing the valid ones', async () => {
    const text = await refusedUnsent(t, 'tracker_get_entity', {
      entityType: 'goal',
      entityId: 'Checkout redesign',
    });
    expect(text).toContain('- entityId: "Checkout redesign" is not an entity of type goal.');
    expect(text).toContain(`${GOAL} (Halve checkout time)`);
  });
});

describe('tracker_create_entity', () => {
  it('creates a project in a queue with its lead, dates and portfolio (converted)', async () => {
    const result = await t.call('tracker_create_entity', {
      entityType: 'project',
      summary: 'Search revamp',
      lead: 'carol',
      queueId: 'web',
      start: '2027-01-10',
      end: '2027-03-31',
      parentId: 'Platform 2027',
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toContain('queueId "web" → WEB');
    expect(result.json).toMatchObject({
      shortId: 4,
      entityType: 'project',
      version: 1,
      summary: 'Search revamp',
      status: 'draft',
      lead: { display: 'Carol Smirnova' },
      start: '2027-01-10',
      parent: { entityId: PORTFOLIO },
      queues: ['WEB'],
    });
    expect(lastRequest().body).toEqual({
      fields: {
        summary: 'Search revamp',
        lead: 'carol',
        queues: 'WEB',
        start: '2027-01-10',
        end: '2027-03-31',
        parentEntity: { primary: PORTFOLIO },
      },
    });
    // The new name is known at once (the cached list of projects was dropped).
    expect(
      (await t.call('tracker_get_entity', { entityType: 'project', entityId: 'Search revamp' })).isError,
    ).toBe(false);
  });

  it('refuses before sending what the API would refuse: a project without queue or access, a goal start', async () => {
    expect(
      await refusedUnsent(t, 'tracker_create_entity', { entityType: 'project', summary: 'X' }),
    ).toContain('A project needs `queueId` (its issues queue) or `teamAccess`');
    expect(
      await refusedUnsent(t, 'tracker_create_entity', {
        entityType: 'goal',
        summary: 'X',
        start: '2027-01-01',
      }),
    ).toContain('A goal has no start date, only `end`.');
  });
});

describe('tracker_update_entity', () => {
  it('changes status and lead with the version read; a stale version is a conflict', async () => {
    const result = await t.call('tracker_update_entity', {
      entityType: 'goal',
      entityId: GOAL,
      version: 1,
      status: 'achieved',
      lead: 'Bob Petrov',
    });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({ version: 2, status: 'achieved', lead: { display: 'Bob Petrov' } });
    expect(lastRequest().query).toMatchObject({ version: '1' });
    const stale = await t.call('tracker_update_entity', {
      entityType: 'goal',
      entityId: GOAL,
      version: 1,
      summary: 'X',
    });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain('Сущность: не удалось сохранить изменения');
    expect(stale.text).toContain('A blind retry will not help');
    expect(entity(GOAL)?.summary).toBe('Halve checkout time');
  });

  it('passes on a status the type does not have, with the valid ones; an empty change is refused', async () => {
    const bad = await t.call('tracker_update_entity', {
      entityType: 'project',
      entityId: MONITORING,
      status: 'done',
    });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('Допустимые статусы: draft, in_progress, launched');
    expect(
      await refusedUnsent(t, 'tracker_update_entity', { entityType: 'project', entityId: MONITORING }),
    ).toContain('says nothing to change.');
  });
});

describe('tracker_update_key_results', () => {
  const KR1 = '656200000000000000000001';

  it('adds a measured and a yes/no key result to a goal named by name, and removes one by its text', async () => {
    const result = await t.call('tracker_update_key_results', {
      goalId: 'Halve checkout time',
      add: [
        {
          text: 'Cart errors below 1%',
          assignee: 'dave',
          deadline: '2026-12-20',
          start: 3,
          end: 1,
          current: 2.5,
        },
        { text: 'Runbook written' },
      ],
      remove: ['one-page checkout shipped'],
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toContain('remove.0 "one-page checkout shipped" → 656200000000000000000002');
    expect(lastRequest().body).toEqual({
      fields: {
        keyResultItems: {
          add: [
            {
              text: 'Cart errors below 1%',
              type: 'value',
              assignee: 'dave',
              deadline: { date: '2026-12-20', deadlineType: 'date' },
              progress: { start: 3, end: 1, current: 2.5 },
            },
            { text: 'Runbook written', type: 'binary' },
          ],
          remove: ['656200000000000000000002'],
        },
      },
    });
    const json = result.json as { keyResults: Array<Record<string, unknown>> };
    expect(json.keyResults.map((k) => k['text'])).toEqual([
      'Median checkout under 20 s',
      'Cart errors below 1%',
      'Runbook written',
    ]);
    expect(json.keyResults[1]).toMatchObject({
      type: 'value',
      assignee: { display: 'Dave Kuznetsov' },
      deadline: '2026-12-20',
    });
    const read = await t.call('tracker_get_entity', {
      entityType: 'goal',
      entityId: GOAL,
      fields: ['fields.keyResultItems'],
    });
    expect((read.json as { fields: { keyResultItems: unknown[] } }).fields.keyResultItems).toHaveLength(3);
  });

  it('refuses before sending a half-measured key result, an unknown one to remove, and nothing to do', async () => {
    expect(
      await refusedUnsent(t, 'tracker_update_key_results', {
        goalId: GOAL,
        add: [{ text: 'X', start: 1, end: 2 }],
      }),
    ).toContain('- add.0.current: A measured key result needs `start`, `end` and `current`');
    const before = t.emulator.requests.length;
    const unknown = await t.call('tracker_update_key_results', { goalId: GOAL, remove: ['Ship it'] });
    expect(unknown.text).toContain(
      `- remove.0: "Ship it" is not a key result of this goal. Its key results: ${KR1} ("Median checkout under 20 s")`,
    );
    expect(t.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await refusedUnsent(t, 'tracker_update_key_results', { goalId: GOAL })).toContain(
      'says nothing to change.',
    );
  });
});

describe('entity comments and links', () => {
  it('adds a comment with a mention and lists the comments', async () => {
    const added = await t.call('tracker_add_entity_comment', {
      entityType: 'project',
      entityId: CHECKOUT,
      text: 'Please review the mockups.',
      summonees: ['Carol Smirnova'],
    });
    expect(added.json).toMatchObject({ author: 'Alice Ivanova', summonees: ['Carol Smirnova'] });
    const list = await t.call('tracker_get_entity_comments', { entityType: 'project', entityId: CHECKOUT });
    expect((list.json as { items: Array<{ text: string }> }).items.map((c) => c.text)).toEqual([
      'Design review on Friday.',
      'Please review the mockups.',
    ]);
  });

  it('links entities across types, reads the link from both ends, and unlinks', async () => {
    const linked = await t.call('tracker_link_entities', {
      entityType: 'project',
      entityId: MONITORING,
      relationship: 'depends on',
      targetId: 'Zero P1 incidents',
      targetType: 'goal',
    });
    expect(linked.isError).toBe(false);
    const fromGoal = await t.call('tracker_get_entity_links', {
      entityType: 'goal',
      entityId: 'Zero P1 incidents',
    });
    expect(fromGoal.json).toEqual({
      items: [
        {
          relationship: 'is dependent by',
          entityId: MONITORING,
          summary: 'Monitoring revamp',
          status: 'draft',
        },
      ],
    });
    const again = await t.call('tracker_link_entities', {
      entityType: 'project',
      entityId: MONITORING,
      relationship: 'relates',
      targetId: '2',
      targetType: 'goal',
    });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('Связь с');
    expect(
      (
        await t.call('tracker_unlink_entities', {
          entityType: 'project',
          entityId: MONITORING,
          targetId: '2',
          targetType: 'goal',
        })
      ).json,
    ).toMatchObject({ unlinked: true });
    const gone = await t.call('tracker_unlink_entities', {
      entityType: 'project',
      entityId: MONITORING,
      targetId: '2',
      targetType: 'goal',
    });
    expect(gone.text).toContain('These two are not linked: tracker_get_entity_links lists the links.');
  });
});

describe('tracker_delete_entity', () => {
  it('deletes an entity; a second delete names the search tool', async () => {
    expect(
      (await t.call('tracker_delete_entity', { entityType: 'project', entityId: MONITORING })).json,
    ).toMatchObject({
      deleted: true,
    });
    expect(entity(MONITORING)).toBeUndefined();
    const again = await t.call('tracker_delete_entity', { entityType: 'project', entityId: MONITORING });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('is not an entity of type project');
  });
});
