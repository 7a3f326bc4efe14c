import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { refusedUnsent, startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

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

const queue = (h: TrackerHarness, key: string) => h.emulator.state.queues.find((q) => q.key === key)!;

/** A raw call to the emulator, as the API would be called without the tools. */
async function rawPatch(h: TrackerHarness, path: string, body: unknown) {
  const response = await fetch(`${h.emulator.url}${path}`, {
    method: 'PATCH',
    headers: {
      authorization: `OAuth ${h.emulator.token}`,
      'x-org-id': h.emulator.orgId,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { errorMessages: string[] } };
}

describe('tracker_get_queues', () => {
  it('pages with a cursor and stops on the last page', async () => {
    const first = await t.call('tracker_get_queues', { perPage: 2 });
    expect(first.isError).toBe(false);
    const page1 = first.json as {
      items: Array<{ key: string; lead: string }>;
      total: number;
      nextCursor?: string;
    };
    expect(page1.total).toBe(3);
    expect(page1.items).toEqual([
      { key: 'DEMO', name: 'Demo', lead: 'Alice Ivanova', defaultType: 'task', defaultPriority: 'normal' },
      expect.objectContaining({ key: 'OPS', lead: 'Bob Petrov' }),
    ]);
    const second = (await t.call('tracker_get_queues', { perPage: 2, cursor: page1.nextCursor }))
      .json as typeof page1;
    expect(second.items.map((q) => q.key)).toEqual(['WEB']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('projects raw queues to `fields`', async () => {
    const result = await t.call('tracker_get_queues', { perPage: 1, fields: ['key', 'lead.display'] });
    expect((result.json as { items: unknown[] }).items).toEqual([
      { key: 'DEMO', lead: { display: 'Alice Ivanova' } },
    ]);
  });

  it('leaves out queues outside the allow-list and says so', async () => {
    const result = await limited.call('tracker_get_queues', {});
    const json = result.json as { items: Array<{ key: string }>; note: string };
    expect(json.items.map((q) => q.key)).toEqual(['DEMO', 'WEB']);
    expect(json.note).toBe("1 queue(s) outside this server's allowed queues (DEMO, WEB) were left out.");
  });
});

describe('tracker_get_queue', () => {
  it('reads a queue with resolutions per issue type and its components', async () => {
    const result = await t.call('tracker_get_queue', {
      queueId: 'DEMO',
      expand: ['issueTypesConfig', 'components'],
    });
    expect(result.isError).toBe(false);
    const json = result.json as Record<string, unknown>;
    expect(json).toMatchObject({
      key: 'DEMO',
      version: 1,
      lead: { id: '1120000000000001', display: 'Alice Ivanova' },
      components: [
        { id: '1', name: 'Backend' },
        { id: '2', name: 'Frontend' },
      ],
    });
    expect(json['issueTypesConfig']).toContainEqual({
      issueType: 'bug',
      workflow: 'developmentPresetWorkflow',
      resolutions: ['fixed', 'wontFix', 'duplicate', 'invalid'],
    });
    expect(t.emulator.requests.at(-1)?.query).toEqual({ expand: 'issueTypesConfig,components' });
  });

  it('names the valid queues when the queue does not exist', async () => {
    const text = await refusedUnsent(t, 'tracker_get_queue', { queueId: 'NOPE' });
    expect(text).toContain(
      '- queueId: "NOPE" is not a queue. Valid queues: DEMO (Demo), OPS (Operations), WEB (Website). Nothing was sent.',
    );
  });

  it('refuses a queue outside the allow-list before calling the API (the queues may be read to check the key)', async () => {
    const before = limited.emulator.requests.length;
    const result = await limited.call('tracker_get_queue', { queueId: 'OPS' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'Queue OPS is not available on this server (allowed queues: DEMO, WEB). Work in one of those queues, or ask the operator to add OPS to YANDEX_TRACKER_QUEUES.',
    );
    expect(limited.emulator.requests.slice(before).filter((r) => r.path !== '/v3/queues')).toEqual([]);
  });
});

describe('tracker_create_queue', () => {
  it('creates a queue with its issue types', async () => {
    const result = await t.call('tracker_create_queue', {
      key: 'DESIGN',
      name: 'Design',
      lead: 'bob',
      defaultType: 'task',
      defaultPriority: 'normal',
      description: 'Design requests',
      issueTypesConfig: [
        { issueType: 'task', workflow: 'developmentPresetWorkflow', resolutions: ['fixed', 'wontFix'] },
        { issueType: 'bug', workflow: 'developmentPresetWorkflow', resolutions: ['fixed'] },
      ],
    });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({
      key: 'DESIGN',
      name: 'Design',
      lead: { display: 'Bob Petrov' },
      version: 1,
    });
    const created = queue(t, 'DESIGN');
    expect(created).toMatchObject({
      lead: 'bob',
      description: 'Design requests',
      issueTypes: ['task', 'bug'],
    });
    const read = await t.call('tracker_get_queue', { queueId: 'DESIGN', expand: ['issueTypesConfig'] });
    expect((read.json as { issueTypesConfig: unknown[] }).issueTypesConfig).toContainEqual({
      issueType: 'bug',
      workflow: 'developmentPresetWorkflow',
      resolutions: ['fixed'],
    });
  });

  it('explains a key conflict instead of suggesting a retry', async () => {
    const count = t.emulator.state.queues.length;
    const result = await t.call('tracker_create_queue', {
      key: 'OPS',
      name: 'Ops two',
      lead: 'bob',
      defaultType: 'task',
      defaultPriority: 'normal',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- key: is taken by the queue OPS (Operations): queue keys and names are unique. Pick another, or work in that queue. Nothing was sent.',
    );
    expect(t.emulator.state.queues.length).toBe(count);
    const name = await t.call('tracker_create_queue', {
      key: 'OPSB',
      name: 'operations',
      lead: 'bob',
      defaultType: 'task',
      defaultPriority: 'normal',
    });
    expect(name.text).toContain('- name: is taken by the queue OPS (Operations)');
  });

  it('refuses a malformed key and points at the valid values on a 422', async () => {
    const badKey = await t.call('tracker_create_queue', {
      key: 'design2',
      name: 'x',
      lead: 'bob',
      defaultType: 'task',
      defaultPriority: 'normal',
    });
    expect(badKey.text).toContain('- key: Use 2–10 Latin capital letters, e.g. "DESIGN".');
    const badType = await t.call('tracker_create_queue', {
      key: 'QA',
      name: 'QA',
      lead: 'bob',
      defaultType: 'chore',
      defaultPriority: 'normal',
    });
    expect(badType.isError).toBe(true);
    expect(badType.text).toContain(
      '- defaultType: "chore" is not an issue type. Valid issue types: bug (Bug), task (Task), epic (Epic), story (Story). Nothing was sent.',
    );
    const notConfigured = await t.call('tracker_create_queue', {
      key: 'QA',
      name: 'QA',
      lead: 'bob',
      defaultType: 'bug',
      defaultPriority: 'normal',
      issueTypesConfig: [
        { issueType: 'task', workflow: 'developmentPresetWorkflow', resolutions: ['fixed'] },
      ],
    });
    expect(notConfigured.text).toContain(
      '- defaultType: (bug) is not among the types of issueTypesConfig (task). Add it there, or pick one of those. Nothing was sent.',
    );
    expect(t.emulator.state.queues.some((q) => q.key === 'QA')).toBe(false);
  });

  it('applies the queue policy to the new key', async () => {
    const result = await limited.call('tracker_create_queue', {
      key: 'NEWQ',
      name: 'New',
      lead: 'bob',
      defaultType: 'task',
      defaultPriority: 'normal',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Queue NEWQ is not available on this server (allowed queues: DEMO, WEB).');
    expect(limited.emulator.state.queues.some((q) => q.key === 'NEWQ')).toBe(false);
  });
});

describe('tracker_update_queue', () => {
  it('changes only the given fields and bumps the version', async () => {
    const result = await t.call('tracker_update_queue', {
      queueId: 'WEB',
      version: 1,
      name: 'Web site',
      defaultPriority: 'critical',
    });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({
      key: 'WEB',
      name: 'Web site',
      defaultPriority: 'critical',
      version: 2,
    });
    expect(queue(t, 'WEB')).toMatchObject({
      name: 'Web site',
      defaultPriority: 'critical',
      lead: 'carol',
      version: 2,
    });
  });

  it('refuses a stale version without telling the agent to retry blindly', async () => {
    const result = await t.call('tracker_update_queue', { queueId: 'WEB', version: 1, name: 'Stale' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Очередь: не удалось сохранить изменения, попробуйте ещё раз');
    expect(result.text).toContain(
      'A blind retry will not help: read it again, then apply the change to the current version.',
    );
    expect(queue(t, 'WEB').name).toBe('Web site');
  });

  it('says what to pass when nothing changes', async () => {
    const result = await t.call('tracker_update_queue', { queueId: 'WEB' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'says nothing to change. Pass at least one of `name`, `lead`, `defaultType`, `defaultPriority`, `description`.',
    );
  });

  it('refuses a write to a read-only queue', async () => {
    const result = await limited.call('tracker_update_queue', { queueId: 'WEB', name: 'Nope' });
    expect(result.text).toContain(
      'Queue WEB is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES): it can be read but not changed. Nothing was changed.',
    );
    expect(queue(limited, 'WEB').name).toBe('Website');
  });
});

describe('tracker_get_queue_fields and tracker_get_queue_local_fields', () => {
  beforeAll(() => {
    queue(t, 'DEMO').localFields.push({
      id: '000000000000000000000001--customerId',
      key: 'customerId',
      name: 'Customer id',
      type: 'string',
      category: '000000000000000000000001',
    });
  });

  it('lists global and local fields with `required` and the key to set them by', async () => {
    const result = await t.call('tracker_get_queue_fields', { queueId: 'DEMO' });
    expect(result.isError).toBe(false);
    const json = result.json as { total: number; items: Array<Record<string, unknown>> };
    expect(json.total).toBe(9);
    expect(json.items).toContainEqual({
      id: 'summary',
      name: 'Summary',
      setAs: 'summary',
      type: 'string',
      required: true,
      category: 'System',
    });
    expect(json.items).toContainEqual(
      expect.objectContaining({
        id: '000000000000000000000001--customerId',
        setAs: 'customerId',
        local: true,
        required: false,
      }),
    );
    const required = (await t.call('tracker_get_queue_fields', { queueId: 'DEMO', requiredOnly: true }))
      .json as typeof json;
    expect(required.items.map((f) => f.id)).toEqual(['summary', 'priority', 'status']);
  });

  it('lists only the local fields of a queue', async () => {
    const result = await t.call('tracker_get_queue_local_fields', { queueId: 'DEMO' });
    expect(result.json).toEqual({
      queue: 'DEMO',
      total: 1,
      items: [
        {
          id: '000000000000000000000001--customerId',
          name: 'Customer id',
          setAs: 'customerId',
          type: 'string',
          required: false,
          local: true,
          category: 'System',
        },
      ],
    });
    expect((await t.call('tracker_get_queue_local_fields', { queueId: 'OPS' })).json).toEqual({
      queue: 'OPS',
      total: 0,
      items: [],
    });
  });

  it('asks for an upper-case queue key, and names valid queues for an unknown one', async () => {
    const lower = await t.call('tracker_get_queue_local_fields', { queueId: 'demo' });
    expect(lower.isError).toBe(false);
    expect(lower.text.split('\n')[0]).toBe('converted: queueId "demo" → DEMO (Demo)');
    const missing = await t.call('tracker_get_queue_fields', { queueId: 'NOPE' });
    expect(missing.text).toMatch(
      /Valid queues: DEMO \(Demo\), OPS \(Operations\), WEB \([^)]+\), DESIGN \(Design\)\./,
    );
  });
});

describe('tracker_get_queue_permissions', () => {
  it('reads who may create, write, read and grant', async () => {
    const result = await t.call('tracker_get_queue_permissions', { queueId: 'OPS' });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({
      queue: 'OPS',
      version: 1,
      create: { users: [], groups: [], roles: ['author'] },
      write: {
        users: [{ id: '1120000000000002', display: 'Bob Petrov' }],
        groups: [],
        roles: ['author', 'assignee'],
      },
      read: { users: [], groups: [{ id: '1', display: 'All employees' }], roles: ['follower', 'access'] },
      grant: { users: [{ id: '1120000000000002', display: 'Bob Petrov' }], groups: [], roles: [] },
    });
  });

  it('names the valid queues for an unknown queue', async () => {
    const result = await t.call('tracker_get_queue_permissions', { queueId: 'OPZ' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- queueId: "OPZ" is not a queue. Did you mean OPS (Operations)? Valid queues: DEMO (Demo), OPS (Operations), WEB (Web site), DESIGN (Design).',
    );
  });
});

describe('tracker_manage_queue_access', () => {
  it('sends the documented body: {add, remove} edits a list, a plain array replaces it', async () => {
    const result = await t.call('tracker_manage_queue_access', {
      queueId: 'OPS',
      write: { users: { add: ['carol'], remove: ['bob'] }, groups: { add: [7] } },
      read: { roles: ['follower'] },
    });
    expect(result.isError).toBe(false);
    const patch = t.emulator.requests.filter(
      (r) => r.method === 'PATCH' && r.path === '/v3/queues/OPS/permissions',
    );
    expect(patch.at(-1)?.body).toEqual({
      write: { users: { add: ['carol'], remove: ['bob'] }, groups: { add: [7] } },
      read: { roles: ['follower'] },
    });
    expect(queue(t, 'OPS').permissions.write).toEqual({
      users: ['carol'],
      groups: [7],
      roles: ['author', 'assignee'],
    });
    expect(queue(t, 'OPS').permissions.read).toEqual({ users: [], groups: [1], roles: ['follower'] });
    expect(result.json).toMatchObject({
      version: 2,
      write: { users: [{ id: '1120000000000003', display: 'Carol Smirnova' }], groups: [{ id: '7' }] },
      read: { roles: ['follower'] },
      replaced: ['read.roles'],
    });
  });

  it('refuses an unknown role with the valid roles', async () => {
    const sent = t.emulator.requests.length;
    const edit = await t.call('tracker_manage_queue_access', {
      queueId: 'OPS',
      write: { roles: { add: ['queue-lead'] } },
    });
    expect(edit.isError).toBe(true);
    expect(edit.text).toContain(
      '- write.roles.add.0: is "queue-lead", not a role a queue permission takes. Valid options: "author", "assignee", "follower", "access".',
    );
    const replace = await t.call('tracker_manage_queue_access', {
      queueId: 'OPS',
      read: { roles: ['author', 'lead'] },
    });
    expect(replace.text).toContain('- read.roles.1: is "lead", not a role a queue permission takes.');
    expect(t.emulator.requests.length).toBe(sent);
  });

  it('says what to pass when the call changes nothing', async () => {
    const nothing = await t.call('tracker_manage_queue_access', { queueId: 'OPS' });
    expect(nothing.text).toContain(
      'says nothing to change. Pass at least one of `create`, `write`, `read`, `grant`',
    );
    const empty = await t.call('tracker_manage_queue_access', { queueId: 'OPS', grant: { users: {} } });
    expect(empty.text).toContain('- grant.users: has neither `add` nor `remove` items.');
  });

  it('refuses an unknown user before anything is sent, and converts names and e-mails, announced', async () => {
    const before = structuredClone(queue(t, 'OPS').permissions);
    const text = await refusedUnsent(t, 'tracker_manage_queue_access', {
      queueId: 'OPS',
      create: { users: ['alice'] },
      grant: { users: { add: ['zed'] } },
    });
    expect(text).toContain(
      '- grant.users.add.0: "zed" is not a user. Valid users: alice (Alice Ivanova), bob (Bob Petrov), carol (Carol Smirnova), dave (Dave Kuznetsov), erin (Erin Sokolova). Nothing was sent.',
    );
    expect(queue(t, 'OPS').permissions).toEqual(before);
    const strict = await refusedUnsent(t, 'tracker_manage_queue_access', {
      queueId: 'OPS',
      write: { users: { delete: ['carol'] } },
    });
    expect(strict).toContain(
      '- write.users.delete: Unknown field. Did you mean "remove"? Valid fields of write.users: add, remove.',
    );
    const named = await t.call('tracker_manage_queue_access', {
      queueId: 'OPS',
      write: { users: { add: ['Carol Smirnova', 'DAVE@example.org'] } },
    });
    expect(named.isError).toBe(false);
    expect(named.text.split('\n')[0]).toBe(
      'converted: write.users.add.0 "Carol Smirnova" → carol (Carol Smirnova); write.users.add.1 "DAVE@example.org" → dave (Dave Kuznetsov)',
    );
    expect(queue(t, 'OPS').permissions.write.users).toEqual(expect.arrayContaining(['carol', 'dave']));
    queue(t, 'OPS').permissions = before;
  });

  it('the API refuses the undocumented {role: {action: subjects}} body, naming the valid keys', async () => {
    // The anchor server sent this shape (research §1.7 item 12); the emulator answers as the API does.
    const wrong = await rawPatch(t, '/v2/queues/OPS/permissions', { 'team-member': { add: ['bob'] } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errorMessages[0]).toContain('valid keys: create, write, read, grant.');
    const subject = await rawPatch(t, '/v2/queues/OPS/permissions', { write: { admins: ['bob'] } });
    expect(subject.status).toBe(400);
    expect(subject.json.errorMessages[0]).toContain('valid keys: users, groups, roles.');
    const edit = await rawPatch(t, '/v2/queues/OPS/permissions', { write: { users: { set: ['bob'] } } });
    expect(edit.status).toBe(400);
    expect(edit.json.errorMessages[0]).toContain('объектом с ключами add, remove');
  });

  it('refuses to change access of a read-only queue', async () => {
    const result = await limited.call('tracker_manage_queue_access', {
      queueId: 'WEB',
      read: { users: { add: ['bob'] } },
    });
    expect(result.text).toContain('Queue WEB is read-only on this server');
    expect(limited.emulator.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
