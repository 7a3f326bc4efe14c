import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, TOKEN, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';
import { UNAUTHORIZED_HINT, WRONG_ORG_HINT } from './auth-guidance.ts';

const WRONG_TOKEN = 'y0_WRONG_meta_token_55aa';

let t: TrackerHarness;
let wrongToken: TrackerHarness;
let wrongOrg: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
  [wrongToken, wrongOrg] = await Promise.all([
    startStdio({ emulator: t.emulator, env: { YANDEX_TRACKER_TOKEN: WRONG_TOKEN } }),
    startStdio({ emulator: t.emulator, env: { YANDEX_ORG_ID: '1234567' } }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([wrongToken?.close(), wrongOrg?.close()]);
  await t.close();
});

describe('tracker_ping', () => {
  it('answers ok with the token owner and never shows the token', async () => {
    const before = t.emulator.requests.length;
    const result = await t.call('tracker_ping');
    expect(result.isError).toBe(false);
    const json = result.json as { ok: boolean; user: unknown; organisation?: unknown };
    expect(json.ok).toBe(true);
    expect(json.user).toEqual({ uid: '1120000000000001', login: 'alice', display: 'Alice Ivanova' });
    {
      expect(json.organisation).toEqual({ header: 'X-Org-ID', id: t.emulator.orgId });
    }
    expect(result.text).not.toContain(TOKEN);
    const sent = t.emulator.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual(['/v3/myself']);
    expect(sent[0]!.headers['x-org-id']).toBe(t.emulator.orgId);
  });

  it('on 401 says to check the OAuth token or renew the IAM token, without echoing it', async () => {
    const result = await wrongToken.call('tracker_ping');
    expect(result.isError).toBe(true);
    expect(result.text).toContain('HTTP 401');
    expect(result.text).toContain(UNAUTHORIZED_HINT);
    expect(result.text).toContain('IAM tokens expire within hours');
    expect(result.text).not.toContain(WRONG_TOKEN);
  });

  it('on 403 "Organization is not available" says to check YANDEX_ORG_ID vs YANDEX_CLOUD_ORG_ID', async () => {
    const result = await wrongOrg.call('tracker_ping');
    expect(result.isError).toBe(true);
    expect(result.text).toContain('HTTP 403');
    expect(result.text).toContain('Organization is not available, not ready or not found');
    expect(result.text).toContain(WRONG_ORG_HINT);
    expect(result.text).not.toContain(TOKEN);
  });

  it('takes no parameters', async () => {
    const result = await t.call('tracker_ping', { verbose: true });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- verbose: Unknown field.');
  });
});

describe('tracker_get_current_user', () => {
  it('returns the compact current user', async () => {
    const result = await t.call('tracker_get_current_user');
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({
      uid: '1120000000000001',
      login: 'alice',
      display: 'Alice Ivanova',
      email: 'alice@example.org',
      dismissed: false,
    });
  });

  it('follows the emulator state (another token owner) and projects `fields`', async () => {
    const me = t.emulator.state.me;
    t.emulator.state.me = 'dave';
    try {
      const result = await t.call('tracker_get_current_user', { fields: ['login', 'firstName', 'uid'] });
      expect(result.json).toEqual({ login: 'dave', firstName: 'Dave', uid: 1120000000000004 });
    } finally {
      t.emulator.state.me = me;
    }
  });

  it('on 401 says which setting to fix', async () => {
    const result = await wrongToken.call('tracker_get_current_user');
    expect(result.isError).toBe(true);
    expect(result.text).toContain(UNAUTHORIZED_HINT);
  });

  it('on a wrong organisation says to check YANDEX_ORG_ID vs YANDEX_CLOUD_ORG_ID', async () => {
    const result = await wrongOrg.call('tracker_get_current_user');
    expect(result.isError).toBe(true);
    expect(result.text).toContain(WRONG_ORG_HINT);
  });
});

describe('an unknown tool name', () => {
  it.each(['tracker_get_issue', 'get_issues', 'tracker_issues_get', 'getIssues', 'tracker_fetch_issues'])(
    'is answered with tracker_get_issues as the name meant: %s',
    async (name) => {
      const error = await t.connection.client.callTool({ name, arguments: {} }).catch((e: unknown) => e);
      expect((error as Error).message).toContain(
        `Unknown tool "${name}". Did you mean "tracker_get_issues"?`,
      );
    },
  );
});
