/**
 * The Entity API answers as observed and documented: the `{hits, pages, values}` search envelope,
 * content in `fields` only when asked for (an unknown name: 422), 201/204, a stale `version` 409, a
 * 422 naming the field, links read from both ends, and `reset()` restoring the seed.
 */
import { describe, expect, it } from '@jest/globals';
import { useTrackerEmulator } from '../__fixtures__/emulator-harness.ts';
import { entityIdFor } from '../entities-state.ts';

const harness = useTrackerEmulator();
const { call } = harness;

const checkout = entityIdFor(2);

describe('entity search and read', () => {
  it('answers _search with the envelope, pages, and fields only when asked', async () => {
    const all = await call('POST', '/v3/entities/project/_search?perPage=1', {});
    expect(all.status).toBe(200);
    expect([all.json['hits'], all.json['pages']]).toEqual([2, 2]);
    const [first] = all.json['values'] as Array<Record<string, unknown>>;
    expect(first).toMatchObject({ id: checkout, shortId: 2, entityType: 'project', version: 1 });
    expect(first!['fields']).toBeUndefined();
    const found = await call('POST', '/v3/entities/project/_search?fields=summary,lead', {
      filter: { lead: 'bob' },
    });
    expect((found.json['values'] as Array<{ fields: unknown }>).map((v) => v.fields)).toEqual([
      { summary: 'Checkout redesign', lead: expect.objectContaining({ display: 'Bob Petrov' }) },
    ]);
    const roots = await call('POST', '/v3/entities/goal/_search', { rootOnly: true });
    expect(roots.json['hits']).toBe(1);
  });

  it('refuses an unknown field name, filter key or body key', async () => {
    const unknownField = await call('GET', `/v3/entities/project/${checkout}?fields=summary,budget`);
    expect([unknownField.status, unknownField.json['errors']]).toEqual([
      422,
      { fields: 'Неизвестное поле: budget' },
    ]);
    expect((await call('POST', '/v3/entities/project/_search', { filter: { owner: 'bob' } })).status).toBe(
      422,
    );
    expect((await call('POST', '/v3/entities/project/_search', { query: 'x' })).status).toBe(400);
  });

  it('reads by id or shortId; another type or a missing one is a 404', async () => {
    expect((await call('GET', '/v3/entities/project/2?fields=summary')).json['fields']).toEqual({
      summary: 'Checkout redesign',
    });
    expect((await call('GET', `/v3/entities/goal/${checkout}`)).status).toBe(404);
    expect((await call('GET', '/v3/entities/epic/1')).status).toBe(404);
  });
});

describe('entity writes', () => {
  it('creates (201), refusing a project without queues or teamAccess', async () => {
    const refused = await call('POST', '/v3/entities/project', { fields: { summary: 'X' } });
    expect([refused.status, refused.json['errors']]).toEqual([422, { queues: 'Обязательное поле' }]);
    const made = await call('POST', '/v3/entities/goal?fields=summary,lead', {
      fields: { summary: 'Faster search', lead: 'erin', end: '2027-03-31' },
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ shortId: 3, entityType: 'goal', fields: { summary: 'Faster search' } });
    expect(harness.tracker.state.entities.records).toHaveLength(6);
  });

  it('updates with the current version (bumped); a stale one is 409 and changes nothing', async () => {
    const stale = await call('PATCH', `/v3/entities/project/${checkout}?version=7`, {
      fields: { summary: 'Y' },
    });
    expect(stale.status).toBe(409);
    expect(String((stale.json['errorMessages'] as string[])[0])).toContain('не удалось сохранить изменения');
    const bad = await call('PATCH', `/v3/entities/project/${checkout}`, { fields: { entityStatus: 'done' } });
    expect(bad.status).toBe(422);
    const done = await call('PATCH', `/v3/entities/project/${checkout}?version=1&fields=entityStatus`, {
      fields: { entityStatus: 'launched' },
      comment: 'Shipped.',
    });
    expect([done.status, done.json['version'], done.json['fields']]).toEqual([
      200,
      2,
      { entityStatus: 'launched' },
    ]);
    expect(harness.tracker.state.entities.comments.at(-1)?.text).toBe('Shipped.');
  });

  it('comments, links both ways and unlinks; delete removes the entity and its links', async () => {
    expect(
      (await call('POST', `/v3/entities/project/${checkout}/comments`, { text: 'Hi', summonees: ['carol'] }))
        .status,
    ).toBe(201);
    expect(
      (
        await call('POST', `/v3/entities/project/${checkout}/links`, {
          relationship: 'depends on',
          entity: entityIdFor(3),
        })
      ).status,
    ).toBe(200);
    const fromOther = await call('GET', `/v3/entities/project/${entityIdFor(3)}/links?fields=summary`);
    expect(fromOther.json).toEqual([
      { type: 'is dependent by', linkFieldValues: { id: checkout, summary: 'Checkout redesign' } },
    ]);
    const again = await call('POST', `/v3/entities/project/${checkout}/links`, {
      relationship: 'relates',
      entity: entityIdFor(3),
    });
    expect(again.status).toBe(422);
    expect(
      (await call('DELETE', `/v3/entities/project/${checkout}/links?right=${entityIdFor(3)}`)).status,
    ).toBe(200);
    expect(
      (await call('DELETE', `/v3/entities/project/${checkout}/links?right=${entityIdFor(3)}`)).status,
    ).toBe(404);
    expect((await call('DELETE', `/v3/entities/project/${checkout}`)).status).toBe(204);
    expect(harness.tracker.state.entities.links).toEqual([]);
  });

  it("edits a goal's key results: add, remove by id, a list replaces; other types and bad items are 422", async () => {
    const goal = entityIdFor(4);
    const added = await call('PATCH', `/v3/entities/goal/${goal}?fields=keyResultItems`, {
      fields: {
        keyResultItems: { add: [{ text: 'New', type: 'binary' }], remove: ['656200000000000000000001'] },
      },
    });
    expect(
      (added.json['fields'] as { keyResultItems: Array<{ text: string }> }).keyResultItems.map((k) => k.text),
    ).toEqual(['One-page checkout shipped', 'New']);
    const bad = await call('PATCH', `/v3/entities/goal/${goal}`, {
      fields: { keyResultItems: { add: [{ text: 'X', type: 'value' }] } },
    });
    expect([bad.status, bad.json['errors']]).toEqual([
      422,
      { 'keyResultItems.0.progress': 'Обязательное поле' },
    ]);
    const project = await call('PATCH', `/v3/entities/project/${checkout}`, {
      fields: { keyResultItems: [] },
    });
    expect(project.status).toBe(422);
    const replaced = await call('PATCH', `/v3/entities/goal/${goal}?fields=keyResultItems`, {
      fields: { keyResultItems: [] },
    });
    expect(replaced.json['fields']).toEqual({ keyResultItems: [] });
  });

  it('reset() restores the seed', async () => {
    await call('DELETE', `/v3/entities/goal/${entityIdFor(4)}`);
    harness.tracker.reset();
    expect(harness.tracker.state.entities.records.map((e) => e.summary)).toContain('Halve checkout time');
  });
});
