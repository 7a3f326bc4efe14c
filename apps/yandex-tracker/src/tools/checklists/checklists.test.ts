import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
}, 30_000);
afterAll(() => t.close());

type Item = {
  id: string;
  text: string;
  checked: boolean;
  assignee?: { id: string; display: string };
  deadline?: string;
};

const issueOf = (key: string) => t.emulator.state.issues.find((i) => i.key === key)!;
const checklistOf = (key: string) => t.emulator.state.checklists.get(issueOf(key).id) ?? [];

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${t.emulator.url}${path}`, {
    method,
    headers: {
      authorization: `OAuth ${t.emulator.token}`,
      'x-org-id': t.emulator.orgId,
      'content-type': 'application/json',
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

describe('tracker_get_checklist', () => {
  it('reads the items in the compact view', async () => {
    const r = await t.call('tracker_get_checklist', { issueId: 'DEMO-2' });
    expect(r.isError).toBe(false);
    const json = r.json as { items: Item[]; total: number; nextCursor?: string };
    expect(json.total).toBe(3);
    expect(json.nextCursor).toBeUndefined();
    expect(json.items[0]).toEqual({
      id: '5fde5f0a1aee261d00000001',
      text: 'Design tokens for dark colours',
      checked: true,
    });
    expect(json.items[1]).toEqual(
      expect.objectContaining({
        text: 'Toggle in settings',
        checked: false,
        assignee: { id: '1120000000000003', display: 'Carol Smirnova' },
        deadline: '2026-11-25',
      }),
    );
  });

  it('pages with a cursor and stops after the last page', async () => {
    const first = (await t.call('tracker_get_checklist', { issueId: 'DEMO-2', perPage: 2 })).json as {
      items: Item[];
      nextCursor?: string;
    };
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBeDefined();
    const second = (
      await t.call('tracker_get_checklist', { issueId: 'DEMO-2', perPage: 2, cursor: first.nextCursor })
    ).json as { items: Item[]; nextCursor?: string };
    expect(second.items.map((i) => i.text)).toEqual(['Persist the choice']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('gives the raw deadline object with `fields`, and no items for an issue without a checklist', async () => {
    const r = await t.call('tracker_get_checklist', { issueId: 'DEMO-2', fields: ['text', 'deadline'] });
    expect((r.json as { items: unknown[] }).items[1]).toEqual({
      text: 'Toggle in settings',
      deadline: {
        date: '2026-11-25T00:00:00.000+0000',
        deadlineType: 'date',
        isExceeded: expect.any(Boolean),
      },
    });
    const empty = await t.call('tracker_get_checklist', { issueId: 'DEMO-6' });
    expect(empty.json).toEqual({ items: [], total: 0 });
  });

  it('reports a missing issue', async () => {
    const r = await t.call('tracker_get_checklist', { issueId: 'DEMO-999' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Задача не существует.');
  });
});

describe('tracker_add_checklist_item', () => {
  it('sends the deadline as the API object and returns the new item (the API answers with the issue)', async () => {
    const versionBefore = issueOf('DEMO-2').version;
    const r = await t.call('tracker_add_checklist_item', {
      issueId: 'DEMO-2',
      text: 'Announce in the changelog',
      assignee: 'bob',
      deadline: '2026-12-01',
    });
    expect(r.isError).toBe(false);
    const json = r.json as { issueId: string; item: Item; checklistSize: number };
    expect(json.checklistSize).toBe(4);
    expect(json.item).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      text: 'Announce in the changelog',
      checked: false,
      assignee: { id: '1120000000000002', display: 'Bob Petrov' },
      deadline: '2026-12-01',
    });
    const stored = checklistOf('DEMO-2').at(-1)!;
    expect(stored).toEqual({
      id: json.item.id,
      text: 'Announce in the changelog',
      checked: false,
      assignee: 'bob',
      deadline: { date: '2026-12-01T00:00:00.000+0000', deadlineType: 'date' },
    });
    expect(issueOf('DEMO-2').version).toBe(versionBefore + 1);
    const sent = t.emulator.requests
      .filter((q) => q.method === 'POST' && q.path.endsWith('/checklistItems'))
      .at(-1)!;
    expect((sent.body as { deadline: unknown }).deadline).toEqual({
      date: '2026-12-01T00:00:00.000+0000',
      deadlineType: 'date',
    });
  });

  it('creates the checklist of an issue that has none', async () => {
    const r = await t.call('tracker_add_checklist_item', {
      issueId: 'DEMO-5',
      text: 'Write the runbook',
      checked: true,
    });
    expect(r.isError).toBe(false);
    expect((r.json as { item: Item }).item).toEqual(
      expect.objectContaining({ text: 'Write the runbook', checked: true }),
    );
    expect(checklistOf('DEMO-5').map((i) => i.text)).toEqual(['Write the runbook']);
    expect(
      t.emulator.state.changelog.some((c) => c.issue === issueOf('DEMO-5').id && c.type === 'IssueUpdated'),
    ).toBe(true);
  });

  it('refuses an unknown assignee before anything is sent, and converts a display name, announced', async () => {
    const before = checklistOf('DEMO-2').length;
    const r = await t.call('tracker_add_checklist_item', {
      issueId: 'DEMO-2',
      text: 'x',
      assignee: 'nobody',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- assignee: "nobody" is not a user. Valid users: alice (Alice Ivanova), bob (Bob Petrov), carol (Carol Smirnova), dave (Dave Kuznetsov), erin (Erin Sokolova). Nothing was sent.',
    );
    expect(checklistOf('DEMO-2')).toHaveLength(before);
    const named = await t.call('tracker_add_checklist_item', {
      issueId: 'DEMO-2',
      text: 'Review copy',
      assignee: 'Petrov Bob',
      deadline: '2026-12-31',
    });
    expect(named.notes).toBe('converted: assignee "Petrov Bob" → bob (Bob Petrov)');
    expect(checklistOf('DEMO-2').at(-1)).toMatchObject({ text: 'Review copy', assignee: 'bob' });
    const impossible = await t.call('tracker_add_checklist_item', {
      issueId: 'DEMO-2',
      text: 'x',
      deadline: '2026-11-31',
    });
    expect(impossible.text).toContain('- deadline: "2026-11-31" is not a date: November 2026 has 30 days.');
  });
});

describe('tracker_update_checklist_item', () => {
  it('ticks an item and clears its deadline, returning the item out of the issue', async () => {
    const r = await t.call('tracker_update_checklist_item', {
      issueId: 'DEMO-2',
      checklistItemId: '5fde5f0a1aee261d00000002',
      checked: true,
      deadline: null,
    });
    expect(r.isError).toBe(false);
    expect((r.json as { item: Item }).item).toEqual({
      id: '5fde5f0a1aee261d00000002',
      text: 'Toggle in settings',
      checked: true,
      assignee: { id: '1120000000000003', display: 'Carol Smirnova' },
    });
    const stored = checklistOf('DEMO-2').find((i) => i.id === '5fde5f0a1aee261d00000002')!;
    expect(stored.checked).toBe(true);
    expect(stored.deadline).toBeUndefined();
  });

  it('refuses a call that changes nothing', async () => {
    const r = await t.call('tracker_update_checklist_item', {
      issueId: 'DEMO-2',
      checklistItemId: '5fde5f0a1aee261d00000002',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      'changes nothing. Pass at least one of `text`, `checked`, `assignee` or `deadline`.',
    );
  });

  it('points to tracker_get_checklist for an unknown item', async () => {
    const r = await t.call('tracker_update_checklist_item', {
      issueId: 'DEMO-2',
      checklistItemId: 'ffffffffffffffffffffffff',
      text: 'x',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- checklistItemId: "ffffffffffffffffffffffff" is not a checklist item of DEMO-2. Valid checklist items: 5fde5f0a1aee261d00000001 ("Design tokens for dark colours"), 5fde5f0a1aee261d00000002 ("Toggle in settings"),',
    );
    // The item's text names it too.
    const byText = await t.call('tracker_update_checklist_item', {
      issueId: 'DEMO-2',
      checklistItemId: 'persist the choice',
      checked: true,
    });
    expect(byText.notes).toBe(
      'converted: checklistItemId "persist the choice" → 5fde5f0a1aee261d00000003 ("Persist the choice")',
    );
    expect(checklistOf('DEMO-2').find((i) => i.id === '5fde5f0a1aee261d00000003')!.checked).toBe(true);
  });
});

describe('tracker_delete_checklist_item', () => {
  it('removes the item and explains a second delete', async () => {
    const r = await t.call('tracker_delete_checklist_item', {
      issueId: 'DEMO-2',
      checklistItemId: '5fde5f0a1aee261d00000003',
    });
    expect(r.isError).toBe(false);
    expect(r.json).toEqual({
      deleted: true,
      issueId: 'DEMO-2',
      checklistItemId: '5fde5f0a1aee261d00000003',
      remainingItems: 4,
    });
    expect(checklistOf('DEMO-2').map((i) => i.id)).not.toContain('5fde5f0a1aee261d00000003');
    const again = await t.call('tracker_delete_checklist_item', {
      issueId: 'DEMO-2',
      checklistItemId: '5fde5f0a1aee261d00000003',
    });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(
      '- checklistItemId: "5fde5f0a1aee261d00000003" is not a checklist item of DEMO-2.',
    );
  });
});

describe('emulator: checklist pitfalls', () => {
  it('answers 422 to a deadline given as a plain string, as the real API does', async () => {
    const response = await api('POST', '/v2/issues/DEMO-2/checklistItems', {
      text: 'x',
      deadline: '2026-12-01',
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(body.errors['deadline']).toBe('Ожидается объект {date, deadlineType}');
  });

  it('answers writes with the whole issue; PATCH of the list replaces all items; DELETE clears it', async () => {
    const post = (await (await api('POST', '/v3/issues/DEMO-7/checklistItems', { text: 'a' })).json()) as {
      key: string;
      checklistItems: Array<{ id: string; text: string }>;
    };
    expect(post.key).toBe('DEMO-7');
    const patch = (await (
      await api('PATCH', '/v2/issues/DEMO-7/checklistItems', [
        { id: post.checklistItems[0]!.id, text: 'a2' },
        { text: 'b' },
      ])
    ).json()) as { checklistItems: Array<{ text: string }> };
    expect(patch.checklistItems.map((i) => i.text)).toEqual(['a2', 'b']);
    expect((await api('DELETE', '/v2/issues/DEMO-7/checklistItems')).status).toBe(200);
    expect(checklistOf('DEMO-7')).toEqual([]);
  });
});
