import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

interface User {
  uid: string;
  login: string;
  display: string;
  email: string;
  dismissed: boolean;
}
interface List<T> {
  items: T[];
  total?: number;
  nextCursor?: string;
  note?: string;
}

let t: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
}, 30_000);
afterAll(() => t.close());

const usersRequests = () => t.emulator.requests.filter((r) => r.path === '/v3/users');

/** Adds `count` users after the seed ones for the duration of `body`. */
async function withManyUsers(count: number, body: () => Promise<void>) {
  const seeded = t.emulator.state.users.length;
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, '0');
    t.emulator.state.users.push({
      uid: 1_130_000_000_000_000 + i,
      login: i === count ? 'zoe.needle' : `tester${n}`,
      firstName: 'Tester',
      lastName: n,
      display: i === count ? 'Zoe Needle' : `Tester ${n}`,
      email: `t${n}@big.example`,
      dismissed: false,
    });
  }
  try {
    await body();
  } finally {
    t.emulator.state.users.splice(seeded);
  }
}

describe('tracker_find_users', () => {
  it('lists everyone page by page with the API total and stops at the end', async () => {
    const before = usersRequests().length;
    const first = (await t.call('tracker_find_users', { perPage: 2 })).json as List<User>;
    expect(first.total).toBe(5);
    expect(first.items).toEqual([
      {
        uid: '1120000000000001',
        login: 'alice',
        display: 'Alice Ivanova',
        email: 'alice@example.org',
        dismissed: false,
      },
      {
        uid: '1120000000000002',
        login: 'bob',
        display: 'Bob Petrov',
        email: 'bob@example.org',
        dismissed: false,
      },
    ]);
    const logins = first.items.map((u) => u.login);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await t.call('tracker_find_users', { perPage: 2, cursor })).json as List<User>;
      logins.push(...page.items.map((u) => u.login));
      cursor = page.nextCursor;
    }
    expect(logins).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
    const sent = usersRequests().slice(before);
    expect(sent.map((r) => r.query['page'])).toEqual(['1', '2', '3']);
    expect(sent.every((r) => r.query['perPage'] === '2')).toBe(true);
  });

  it('filters by a case-insensitive piece of the name, login or email and keeps dismissed users visible', async () => {
    const json = (await t.call('tracker_find_users', { query: 'OVA' })).json as List<User>;
    expect(json.total).toBe(3);
    expect(json.items.map((u) => u.login)).toEqual(['alice', 'carol', 'erin']);
    expect(json.items.find((u) => u.login === 'erin')!.dismissed).toBe(true);
    const byEmail = (await t.call('tracker_find_users', { query: 'dave@example' })).json as List<User>;
    expect(byEmail.items.map((u) => u.login)).toEqual(['dave']);
    const none = (await t.call('tracker_find_users', { query: 'nobody-here' })).json as List<User>;
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('reads further API pages only as far as the requested page needs', async () => {
    await withManyUsers(230, async () => {
      let before = usersRequests().length;
      const needle = (await t.call('tracker_find_users', { query: 'needle' })).json as List<User>;
      expect(needle.items.map((u) => u.login)).toEqual(['zoe.needle']);
      expect(needle.total).toBe(1);
      // 235 users at 100 per API page: the whole list is read, in order, and nothing more.
      expect(
        usersRequests()
          .slice(before)
          .map((r) => r.query['page']),
      ).toEqual(['1', '2', '3']);

      before = usersRequests().length;
      const first = (await t.call('tracker_find_users', { query: 'tester', perPage: 10 })).json as List<User>;
      expect(first.items.map((u) => u.login)).toEqual(
        Array.from({ length: 10 }, (_, i) => `tester${String(i + 1).padStart(3, '0')}`),
      );
      expect(first.total).toBeUndefined();
      expect(first.nextCursor).toEqual(expect.any(String));
      expect(usersRequests().slice(before)).toHaveLength(1);

      const second = (
        await t.call('tracker_find_users', { query: 'tester', perPage: 10, cursor: first.nextCursor })
      ).json as List<User>;
      expect(second.items[0]!.login).toBe('tester011');
      expect(second.items).toHaveLength(10);
    });
  });

  it('refuses a cursor of the plain listing replayed with a query', async () => {
    const listing = (await t.call('tracker_find_users', { perPage: 2 })).json as List<User>;
    const result = await t.call('tracker_find_users', {
      perPage: 2,
      query: 'bob',
      cursor: listing.nextCursor,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'cursor: belongs to a request with different parameters. Repeat the same parameters with this cursor, or omit `cursor` to start from the first page.',
    );
  });

  it('refuses an empty query', async () => {
    const result = await t.call('tracker_find_users', { query: '  ' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- query:');
  });
});

describe('tracker_get_users', () => {
  it('refuses a login that is no user, naming the users, before reading any', async () => {
    const before = t.emulator.requests.length;
    const refused = await t.call('tracker_get_users', { userIds: ['alice', 'nobody'] });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      '- userIds.1: "nobody" is not a user. Valid users: alice (Alice Ivanova), bob (Bob Petrov), carol (Carol Smirnova), dave (Dave Kuznetsov), erin (Erin Sokolova). Nothing was sent.',
    );
    expect(t.emulator.requests.slice(before).filter((r) => r.path.startsWith('/v3/users/'))).toEqual([]);
  });

  it('reads users by login, uid, e-mail or name (converted, announced)', async () => {
    const result = await t.call('tracker_get_users', {
      userIds: ['alice', '1120000000000002', 'Carol@Example.org'],
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe('converted: userIds.2 "Carol@Example.org" → carol (Carol Smirnova)');
    const json = result.json as {
      total: number;
      successful: User[];
      failed: Array<{ userId: string; error: string }>;
    };
    expect(json.total).toBe(3);
    expect(json.successful.map((u) => u.login)).toEqual(['alice', 'bob', 'carol']);
    expect(json.successful[1]).toEqual({
      uid: '1120000000000002',
      login: 'bob',
      display: 'Bob Petrov',
      email: 'bob@example.org',
      dismissed: false,
    });
    expect(json.failed).toEqual([]);
    expect(t.emulator.requests.some((r) => r.path === '/v3/users/1120000000000002')).toBe(true);
  });

  it('projects the raw user to `fields`', async () => {
    const json = (
      await t.call('tracker_get_users', { userIds: ['carol'], fields: ['login', 'firstName', 'lastName'] })
    ).json as { successful: unknown[] };
    expect(json.successful).toEqual([{ login: 'carol', firstName: 'Carol', lastName: 'Smirnova' }]);
  });

  it('refuses an empty list', async () => {
    const result = await t.call('tracker_get_users', { userIds: [] });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- userIds:');
  });
});
