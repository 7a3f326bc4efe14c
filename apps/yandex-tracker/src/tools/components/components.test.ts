import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
/** A server limited to DEMO and WEB, with WEB read-only. */
let limited: TrackerHarness;

beforeAll(async () => {
  [t, limited] = await Promise.all([
    startStdio(),
    startStdio({ env: { YANDEX_TRACKER_QUEUES: 'DEMO,WEB', YANDEX_TRACKER_READ_ONLY_QUEUES: 'WEB' } }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([t.close(), limited.close()]);
});

const component = (h: TrackerHarness, id: number) => h.emulator.state.components.find((c) => c.id === id);
const writes = (h: TrackerHarness) => h.emulator.requests.filter((r) => r.method !== 'GET').length;

describe('tracker_get_components', () => {
  it('lists all components in pages and stops after the last one', async () => {
    const first = await t.call('tracker_get_components', { perPage: 2 });
    expect(first.isError).toBe(false);
    const page1 = first.json as { items: Array<Record<string, unknown>>; total: number; nextCursor?: string };
    expect(page1.total).toBe(3);
    expect(page1.items[0]).toEqual({
      id: 1,
      version: 1,
      name: 'Backend',
      queue: 'DEMO',
      description: 'API and services',
      lead: { id: '1120000000000002', display: 'Bob Petrov' },
      assignAuto: false,
    });
    const page2 = (await t.call('tracker_get_components', { perPage: 2, cursor: page1.nextCursor }))
      .json as typeof page1;
    expect(page2.items.map((c) => c.name)).toEqual(['Infrastructure']);
    expect(page2.nextCursor).toBeUndefined();
  });

  it('lists the components of one queue', async () => {
    const result = await t.call('tracker_get_components', { queueId: 'DEMO', fields: ['name', 'queue.key'] });
    expect((result.json as { items: unknown[] }).items).toEqual([
      { name: 'Backend', queue: { key: 'DEMO' } },
      { name: 'Frontend', queue: { key: 'DEMO' } },
    ]);
    expect(t.emulator.requests.at(-1)?.path).toBe('/v2/queues/DEMO/components');
  });

  it('names the valid queues for an unknown queue', async () => {
    const result = await t.call('tracker_get_components', { queueId: 'NOPE' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'Valid queues: DEMO (Demo), OPS (Operations), WEB (Website). Nothing was sent.',
    );
  });

  it('hides components of queues outside the allow-list', async () => {
    const result = await limited.call('tracker_get_components', {});
    const json = result.json as { items: Array<{ name: string }>; note: string };
    expect(json.items.map((c) => c.name)).toEqual(['Backend', 'Frontend']);
    expect(json.note).toBe(
      "1 component(s) of queues outside this server's allowed queues (DEMO, WEB) were left out.",
    );
  });
});

describe('tracker_create_component', () => {
  it('creates a component with POST /v3/components {name, queue}', async () => {
    const result = await t.call('tracker_create_component', {
      queueId: 'OPS',
      name: 'Monitoring',
      description: 'Alerts and dashboards',
      lead: 'erin',
      assignAuto: true,
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({
      id: 4,
      version: 1,
      name: 'Monitoring',
      queue: 'OPS',
      description: 'Alerts and dashboards',
      lead: { id: '1120000000000005', display: 'Erin Sokolova' },
      assignAuto: true,
    });
    const post = t.emulator.requests.at(-1)!;
    expect([post.method, post.path]).toEqual(['POST', '/v3/components']);
    expect(post.body).toEqual({
      name: 'Monitoring',
      queue: 'OPS',
      description: 'Alerts and dashboards',
      lead: 'erin',
      assignAuto: true,
    });
    expect(component(t, 4)).toMatchObject({ queue: 'OPS', lead: 'erin', assignAuto: true, archived: false });
  });

  it('explains a duplicate name', async () => {
    const result = await t.call('tracker_create_component', { queueId: 'DEMO', name: 'backend' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- name: Queue DEMO already has the component 1 (Backend): use its id, or pick another name. Nothing was sent.',
    );
    expect(t.emulator.state.components.filter((c) => c.queue === 'DEMO')).toHaveLength(2);
  });

  it('refuses a read-only queue before sending anything', async () => {
    const before = writes(limited);
    const result = await limited.call('tracker_create_component', { queueId: 'WEB', name: 'Landing' });
    expect(result.text).toContain('Queue WEB is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES)');
    expect(writes(limited)).toBe(before);
  });
});

describe('tracker_update_component', () => {
  it('updates with the version read and bumps it', async () => {
    const result = await t.call('tracker_update_component', {
      componentId: 1,
      version: 1,
      name: 'API',
      assignAuto: true,
    });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({
      id: 1,
      version: 2,
      name: 'API',
      assignAuto: true,
      lead: { display: 'Bob Petrov' },
    });
    expect(component(t, 1)).toMatchObject({
      name: 'API',
      version: 2,
      assignAuto: true,
      description: 'API and services',
    });
    expect(t.emulator.requests.at(-1)?.query).toEqual({ version: '1' });
  });

  it('refuses a stale version without suggesting a blind retry', async () => {
    const result = await t.call('tracker_update_component', { componentId: 1, version: 1, name: 'Stale' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Компонент: не удалось сохранить изменения, попробуйте ещё раз');
    expect(result.text).toContain(
      'A blind retry will not help: read it again, then apply the change to the current version.',
    );
    expect(component(t, 1)?.name).toBe('API');
  });

  it('points at the component list for an unknown id, and asks for a change', async () => {
    const missing = await t.call('tracker_update_component', { componentId: 99, name: 'x' });
    expect(missing.text).toContain('- componentId: "99" is not a component.');
    expect(missing.text).toContain(
      'Valid components: 1 (API, DEMO), 2 (Frontend, DEMO), 3 (Infrastructure, OPS)',
    );
    const byName = await t.call('tracker_update_component', { componentId: 'frontend', assignAuto: false });
    expect(byName.isError).toBe(false);
    expect(byName.text.split('\n')[0]).toBe('converted: componentId "frontend" → 2 (Frontend, DEMO)');
    const nothing = await t.call('tracker_update_component', { componentId: 1 });
    expect(nothing.text).toContain(
      'says nothing to change. Pass at least one of `name`, `description`, `lead`, `assignAuto`.',
    );
  });

  it("resolves the component's queue so the allow-list is not bypassed by an id", async () => {
    const before = writes(limited);
    const result = await limited.call('tracker_update_component', { componentId: 3, name: 'Infra' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'Queue OPS is not available on this server (allowed queues: DEMO, WEB). Work in one of those queues, or ask the operator to add OPS to YANDEX_TRACKER_QUEUES.',
    );
    expect(writes(limited)).toBe(before);
    expect(component(limited, 3)?.name).toBe('Infrastructure');
    const allowed = await limited.call('tracker_update_component', { componentId: 2, description: 'SPA' });
    expect(allowed.isError).toBe(false);
    expect(component(limited, 2)?.description).toBe('SPA');
  });
});

describe('tracker_delete_component', () => {
  it('deletes a component and removes it from its issues', async () => {
    const issue = t.emulator.state.issues.find((i) => i.key === 'OPS-2')!;
    expect(issue.components).toEqual([3]);
    const result = await t.call('tracker_delete_component', { componentId: 3 });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({ componentId: 3, deleted: true });
    expect(component(t, 3)).toBeUndefined();
    expect(issue.components).toEqual([]);
  });

  it('points at the component list when it is already gone', async () => {
    const result = await t.call('tracker_delete_component', { componentId: 3 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- componentId: "3" is not a component.');
    expect(result.text).toContain(
      'Valid components: 1 (API, DEMO), 2 (Frontend, DEMO), 4 (Monitoring, OPS).',
    );
  });

  it('refuses to delete a component of a queue outside the allow-list', async () => {
    const result = await limited.call('tracker_delete_component', { componentId: 3 });
    expect(result.text).toContain('Queue OPS is not available on this server');
    expect(component(limited, 3)).toBeDefined();
  });
});
