import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONFLICT_HINT } from '../../api/tracker-client.ts';
import { refusedUnsent, startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
});
afterAll(() => t.close());

/** A call refused after reads only (the check read what it needed), with no write sent. */
async function refusedWrite(name: string, args: Record<string, unknown>): Promise<string> {
  const before = t.emulator.requests.length;
  const result = await t.call(name, args);
  expect(result.isError).toBe(true);
  expect(t.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  return result.text;
}

describe('tracker_get_issues', () => {
  it('reads a batch and reports missing keys per item', async () => {
    const result = await t.call('tracker_get_issues', { issueIds: ['DEMO-1', 'DEMO-999'] });
    expect(result.isError).toBe(false);
    const json = result.json as {
      total: number;
      successful: Array<{ key: string; status: string }>;
      failed: Array<{ issueId: string; error: string }>;
    };
    expect(json.total).toBe(2);
    expect(json.successful).toEqual([
      expect.objectContaining({ key: 'DEMO-1', status: 'inProgress', version: 1 }),
    ]);
    expect(json.failed[0]!.issueId).toBe('DEMO-999');
    expect(json.failed[0]!.error).toContain('failed with HTTP 404');
    expect(json.failed[0]!.error).toContain('Задача не существует.');
  });

  it('projects the API object to `fields`', async () => {
    const result = await t.call('tracker_get_issues', {
      issueIds: ['DEMO-2'],
      fields: ['key', 'status.display'],
    });
    expect((result.json as { successful: unknown[] }).successful).toEqual([
      { key: 'DEMO-2', status: { display: 'Open' } },
    ]);
  });

  it('refuses a lower-case key with the expected form', async () => {
    const result = await t.call('tracker_get_issues', { issueIds: ['demo-1'] });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('issueIds.0');
    expect(result.text).toContain('Use an issue key such as "DEMO-12"');
  });
});

describe('tracker_find_issues', () => {
  it('pages with an opaque cursor and stops at the end', async () => {
    const first = await t.call('tracker_find_issues', {
      query: 'Queue: DEMO "Sort by": Key ASC',
      perPage: 5,
    });
    const page1 = first.json as { items: Array<{ key: string }>; total: number; nextCursor?: string };
    expect(page1.total).toBe(12);
    expect(page1.items.map((i) => i.key)).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-5']);
    const keys = [...page1.items.map((i) => i.key)];
    let cursor = page1.nextCursor;
    while (cursor) {
      const next = (
        await t.call('tracker_find_issues', { query: 'Queue: DEMO "Sort by": Key ASC', perPage: 5, cursor })
      ).json as typeof page1;
      keys.push(...next.items.map((i) => i.key));
      cursor = next.nextCursor;
    }
    expect(keys).toHaveLength(12);
  });

  it('refuses a cursor replayed with other parameters', async () => {
    const first = (await t.call('tracker_find_issues', { queueId: 'DEMO', perPage: 2 })).json as {
      nextCursor: string;
    };
    const result = await t.call('tracker_find_issues', {
      queueId: 'OPS',
      perPage: 2,
      cursor: first.nextCursor,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('cursor: belongs to a request with different parameters');
    const projected = await t.call('tracker_find_issues', {
      queueId: 'DEMO',
      perPage: 2,
      cursor: first.nextCursor,
      fields: ['key'],
    });
    expect(projected.isError).toBe(false);
    expect((projected.json as { items: unknown[] }).items).toEqual([{ key: 'DEMO-3' }, { key: 'DEMO-4' }]);
  });

  it('says to pick exactly one selector', async () => {
    const result = await t.call('tracker_find_issues', { queueId: 'DEMO', query: 'Status: open' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('are combined, but the API takes exactly one of them');
  });
});

describe('tracker_create_issue', () => {
  it('creates with a unique key and finds the issue instead of duplicating when the response is lost', async () => {
    t.emulator.faults.add({ kind: 'reset', when: 'after-body', method: 'POST', path: '/v3/issues' });
    const before = t.emulator.state.issues.length;
    const result = await t.call('tracker_create_issue', {
      queueId: 'OPS',
      summary: 'Renew the wildcard certificate',
      priority: 'critical',
    });
    expect(result.isError).toBe(false);
    expect(t.emulator.state.issues.length).toBe(before + 1);
    expect((result.json as { key: string }).key).toMatch(/^OPS-\d+$/);
  });

  it('names the valid queues when the queue does not exist, before anything is sent', async () => {
    const text = await refusedUnsent(t, 'tracker_create_issue', { queueId: 'NOPE', summary: 'x' });
    expect(text).toContain(
      '- queueId: "NOPE" is not a queue. Valid queues: DEMO (Demo), OPS (Operations), WEB (Website). Nothing was sent.',
    );
  });
});

const issue = (key: string) => {
  const found = t.emulator.state.issues.find((i) => i.key === key || i.previousKeys.includes(key));
  if (!found) throw new Error(`no issue ${key} in the emulator`);
  return found;
};
const requestsTo = (method: string, path: string) =>
  t.emulator.requests.filter((r) => r.method === method && r.path === path).length;

describe('tracker_update_issue', () => {
  it('updates fields with optimistic locking and edits tags without replacing them', async () => {
    const result = await t.call('tracker_update_issue', {
      issueId: 'DEMO-2',
      version: 1,
      priority: 'critical',
      tags: { add: ['darkmode'] },
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual(
      expect.objectContaining({ key: 'DEMO-2', version: 2, priority: 'critical', tags: ['ui', 'darkmode'] }),
    );
    expect(issue('DEMO-2')).toEqual(
      expect.objectContaining({ priority: 'critical', tags: ['ui', 'darkmode'], version: 2 }),
    );
    expect(t.emulator.requests.at(-1)!.query['version']).toBe('1');
  });

  it('answers a stale version with a conflict that says to re-read the issue, and changes nothing', async () => {
    const result = await t.call('tracker_update_issue', {
      issueId: 'DEMO-2',
      version: 1,
      summary: 'Stale edit',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Задача: не удалось сохранить изменения');
    expect(result.text).toContain(CONFLICT_HINT);
    expect(result.text).toContain(
      'Read the issue again with tracker_get_issues to get its current version, then apply the change to it.',
    );
    expect(issue('DEMO-2').summary).toBe('Add dark mode to the settings page');
  });

  it('explains that status changes only through transitions, without calling the API', async () => {
    const before = requestsTo('PATCH', '/v3/issues/DEMO-2');
    const result = await t.call('tracker_update_issue', { issueId: 'DEMO-2', status: 'closed' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- status: cannot be changed by an update: the status changes only through workflow transitions. Call tracker_get_issue_transitions to see the transitions available now, then tracker_transition_issue with one of their transitionIds.',
    );
    expect(result.text).not.toContain('Unknown field');
    expect(requestsTo('PATCH', '/v3/issues/DEMO-2')).toBe(before);
    expect(issue('DEMO-2').status).toBe('open');
  });

  it('refuses a call with nothing to change', async () => {
    const result = await t.call('tracker_update_issue', { issueId: 'DEMO-2', version: 2 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('says nothing to change. Pass at least one field to set');
  });

  it('does not advertise a status field', async () => {
    const { tools } = await t.connection.client.listTools();
    const update = tools.find((tool) => tool.name === 'tracker_update_issue')!;
    expect(Object.keys(update.inputSchema.properties ?? {})).not.toContain('status');
    expect(update.annotations).toEqual(expect.objectContaining({ readOnlyHint: false }));
  });
});

describe('tracker_move_issue', () => {
  it('moves an issue and reports the new and the previous key', async () => {
    const result = await t.call('tracker_move_issue', { issueId: 'OPS-5', targetQueueId: 'WEB' });
    expect(result.isError).toBe(false);
    const json = result.json as { key: string; previousKey: string; queue: string };
    expect(json).toEqual(expect.objectContaining({ key: 'WEB-4', previousKey: 'OPS-5', queue: 'WEB' }));
    expect(issue('WEB-4')).toEqual(expect.objectContaining({ queue: 'WEB', previousKeys: ['OPS-5'] }));
  });

  it('says to pass initialStatus when the target queue lacks the issue type, then moves with it', async () => {
    const web = t.emulator.state.queues.find((q) => q.key === 'WEB')!;
    const types = web.issueTypes;
    web.issueTypes = ['task', 'bug'];
    try {
      const refused = await t.call('tracker_move_issue', { issueId: 'DEMO-8', targetQueueId: 'WEB' });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain(
        "If the issue's type or status does not exist in the target queue, call again with initialStatus: true",
      );
      expect(issue('DEMO-8').queue).toBe('DEMO');
      const moved = await t.call('tracker_move_issue', {
        issueId: 'DEMO-8',
        targetQueueId: 'WEB',
        initialStatus: true,
        notify: false,
      });
      expect(moved.isError).toBe(false);
      expect(moved.json).toEqual(expect.objectContaining({ previousKey: 'DEMO-8', status: 'open' }));
      expect(issue('DEMO-8').queue).toBe('WEB');
    } finally {
      web.issueTypes = types;
    }
  });

  it('names the valid queues when the target queue does not exist', async () => {
    const text = await refusedUnsent(t, 'tracker_move_issue', { issueId: 'DEMO-10', targetQueueId: 'NOPE' });
    expect(text).toContain('Valid queues: DEMO (Demo), OPS (Operations), WEB (Website).');
  });

  it('refuses a move into the queue the issue is in, before anything is sent', async () => {
    const text = await refusedUnsent(t, 'tracker_move_issue', { issueId: 'DEMO-10', targetQueueId: 'DEMO' });
    expect(text).toContain('- targetQueueId: is the queue DEMO-10 is in already.');
  });
});

describe('tracker_count_issues', () => {
  it('counts with a query and with a filter', async () => {
    const demo = t.emulator.state.issues.filter((i) => i.queue === 'DEMO').length;
    const byQuery = await t.call('tracker_count_issues', { query: 'Queue: DEMO' });
    expect(byQuery.json).toEqual({ count: demo });
    const open = t.emulator.state.issues.filter((i) => i.queue === 'OPS' && i.status === 'open').length;
    const byFilter = await t.call('tracker_count_issues', { filter: { queue: 'OPS', status: 'open' } });
    expect(byFilter.json).toEqual({ count: open });
    expect(open).toBeGreaterThan(0);
  });

  it('asks for exactly one of query or filter', async () => {
    const none = await t.call('tracker_count_issues', {});
    expect(none.isError).toBe(true);
    expect(none.text).toContain('says nothing to count. Pass exactly one of `query`');
    const both = await t.call('tracker_count_issues', { query: 'Queue: DEMO', filter: { queue: 'DEMO' } });
    expect(both.text).toContain('are combined, but the API takes exactly one of them');
  });
});

describe('tracker_get_issue_changelog', () => {
  it('pages with the id cursor and stops on a short page although the API always sends rel=next', async () => {
    const first = await t.call('tracker_get_issue_changelog', { issueId: 'DEMO-9', perPage: 1 });
    const page1 = first.json as { items: Array<{ type: string }>; nextCursor?: string };
    expect(page1.items.map((e) => e.type)).toEqual(['IssueCreated']);
    const second = (
      await t.call('tracker_get_issue_changelog', { issueId: 'DEMO-9', perPage: 1, cursor: page1.nextCursor })
    ).json as typeof page1;
    expect(second.items).toEqual([
      expect.objectContaining({
        type: 'IssueWorkflow',
        updatedBy: 'Bob Petrov',
        changes: [{ field: 'status', from: 'open', to: 'needInfo' }],
      }),
    ]);
    expect(second.nextCursor).toBeDefined();
    const third = (
      await t.call('tracker_get_issue_changelog', {
        issueId: 'DEMO-9',
        perPage: 1,
        cursor: second.nextCursor,
      })
    ).json as typeof page1;
    expect(third.items).toEqual([]);
    expect(third.nextCursor).toBeUndefined();
    const link = t.emulator.requests.filter((r) => r.path === '/v3/issues/DEMO-9/changelog').at(-1)!;
    expect(link.query['id']).toBeDefined();
  });

  it('filters by type', async () => {
    const result = await t.call('tracker_get_issue_changelog', { issueId: 'DEMO-1', type: 'IssueWorkflow' });
    expect((result.json as { items: Array<{ type: string }> }).items.map((e) => e.type)).toEqual([
      'IssueWorkflow',
    ]);
  });

  it('refuses a cursor that this server did not issue', async () => {
    const result = await t.call('tracker_get_issue_changelog', { issueId: 'DEMO-9', cursor: 'not-a-cursor' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'cursor: is not a cursor this server issued. Pass `nextCursor` from the previous page',
    );
  });
});

describe('tracker_get_issue_transitions', () => {
  it('lists the transitions of the current status', async () => {
    const result = await t.call('tracker_get_issue_transitions', { issueId: 'DEMO-5' });
    expect(result.json).toEqual({
      items: [
        { transitionId: 'start_progress', display: 'Start progress', to: 'inProgress' },
        { transitionId: 'need_info', display: 'Need info', to: 'needInfo' },
        { transitionId: 'close', display: 'Close', to: 'closed' },
      ],
    });
  });

  it('reports a missing issue in the API words', async () => {
    const result = await t.call('tracker_get_issue_transitions', { issueId: 'DEMO-999' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Задача не существует.');
  });
});

describe('tracker_transition_issue', () => {
  it('executes a transition with a comment and re-reads the new status', async () => {
    const comments = t.emulator.state.comments.length;
    const result = await t.call('tracker_transition_issue', {
      issueId: 'DEMO-5',
      transitionId: 'start_progress',
      comment: 'Picking this up.',
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual(
      expect.objectContaining({
        key: 'DEMO-5',
        status: 'inProgress',
        availableTransitions: ['need_info', 'stop_progress', 'send_to_review', 'resolve', 'close'],
      }),
    );
    expect(issue('DEMO-5').status).toBe('inProgress');
    expect(t.emulator.state.comments.length).toBe(comments + 1);
    expect(t.emulator.state.comments.at(-1)!.text).toBe('Picking this up.');
  });

  it('says the transition was made when reading the issue afterwards fails, and not to run it again', async () => {
    const issueId = t.emulator.state.issues.find((i) => i.key === 'DEMO-2')!.key;
    const before = t.emulator.state.issues.find((i) => i.key === issueId)!.status;
    const transitions = await t.call('tracker_get_issue_transitions', { issueId });
    const transitionId = (transitions.json as { items: { transitionId: string }[] }).items[0]!.transitionId;
    t.emulator.faults.add({ kind: 'status', status: 500, method: 'GET', path: `/v3/issues/${issueId}` });
    const result = await t.call('tracker_transition_issue', { issueId, transitionId });
    expect(result.isError).toBe(false);
    expect(result.text).toContain('The transition was made');
    expect(result.text).toContain('Do not run the transition again');
    expect(t.emulator.state.issues.find((i) => i.key === issueId)!.status).not.toBe(before);
  });

  it('lists the valid transitions when the one asked for is not available now', async () => {
    // The issue's transitions are read first (GET), and nothing is executed.
    const before = t.emulator.requests.length;
    const result = await t.call('tracker_transition_issue', { issueId: 'DEMO-5', transitionId: 'reopen' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- transitionId: "reopen" is not a transition of DEMO-5 in its current status. Valid transitions: need_info (→ needInfo), stop_progress (→ open), send_to_review (→ inReview), resolve (→ resolved), close (→ closed). Nothing was sent.',
    );
    expect(result.text).not.toContain(CONFLICT_HINT);
    expect(t.emulator.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v3/issues/DEMO-5/transitions',
    ]);
    const unknown = await t.call('tracker_transition_issue', { issueId: 'DEMO-5', transitionId: 'fly_away' });
    expect(unknown.text).toContain('"fly_away" is not a transition of DEMO-5 in its current status.');
    expect(issue('DEMO-5').status).toBe('inProgress');
  });

  it('sets a resolution on a transition to a done status', async () => {
    const result = await t.call('tracker_transition_issue', {
      issueId: 'DEMO-5',
      transitionId: 'close',
      resolution: 'wontFix',
    });
    expect(result.json).toEqual(expect.objectContaining({ status: 'closed', resolution: 'wontFix' }));
    expect(issue('DEMO-5')).toEqual(expect.objectContaining({ status: 'closed', resolution: 'wontFix' }));
  });
});

describe('issue links', () => {
  type Links = {
    successful: Array<{ issueId: string; links: Array<Record<string, unknown>> }>;
    failed: Array<{ issueId: string; error: string }>;
  };

  it('reads links per issue from each side, with the relationship as seen from that issue', async () => {
    const result = await t.call('tracker_get_issue_links', { issueIds: ['DEMO-1', 'DEMO-4', 'DEMO-999'] });
    const json = result.json as Links;
    expect(json.successful).toEqual([
      {
        issueId: 'DEMO-1',
        links: [
          expect.objectContaining({
            linkId: 502,
            relationship: 'relates',
            issue: 'DEMO-5',
            status: 'closed',
          }),
          expect.objectContaining({
            linkId: 503,
            relationship: 'is dependent by',
            direction: 'outward',
            issue: 'DEMO-11',
            summary: 'Two-factor authentication',
          }),
        ],
      },
      {
        issueId: 'DEMO-4',
        links: [expect.objectContaining({ linkId: 501, relationship: 'is subtask for', issue: 'DEMO-3' })],
      },
    ]);
    expect(json.failed).toEqual([
      { issueId: 'DEMO-999', error: expect.stringContaining('Задача не существует.') },
    ]);
  });

  let created: number;
  it('creates a link with a documented relationship name', async () => {
    const result = await t.call('tracker_create_issue_link', {
      issueId: 'DEMO-2',
      relationship: 'depends on',
      targetIssueId: 'DEMO-12',
    });
    expect(result.isError).toBe(false);
    const link = result.json as { linkId: number };
    expect(link).toEqual(
      expect.objectContaining({ relationship: 'depends on', direction: 'inward', issue: 'DEMO-12' }),
    );
    created = link.linkId;
    expect(t.emulator.state.links.find((l) => l.id === created)).toEqual(
      expect.objectContaining({ from: issue('DEMO-2').id, to: issue('DEMO-12').id, type: 'depends' }),
    );
    const other = (await t.call('tracker_get_issue_links', { issueIds: ['DEMO-12'] })).json as Links;
    expect(other.successful[0]!.links).toEqual([
      expect.objectContaining({ linkId: created, relationship: 'is dependent by', issue: 'DEMO-2' }),
    ]);
  });

  it('refuses a second link between the same two issues, naming the first, before anything is sent', async () => {
    const before = t.emulator.requests.length;
    const result = await t.call('tracker_create_issue_link', {
      issueId: 'DEMO-12',
      relationship: 'relates',
      targetIssueId: 'DEMO-2',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /- targetIssueId: is linked to DEMO-12 already: link \d+ \(DEMO-12 is dependent by DEMO-2\)\. To change the relationship, delete that link with tracker_delete_issue_link first\. Nothing was sent\./,
    );
    expect(t.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('refuses a link to an issue that does not exist, or to itself, before anything is sent', async () => {
    const missing = await refusedWrite('tracker_create_issue_link', {
      issueId: 'DEMO-2',
      relationship: 'relates',
      targetIssueId: 'DEMO-999',
    });
    expect(missing).toContain(
      '- targetIssueId: No issue DEMO-999 exists or is visible to this account. Find issues with tracker_find_issues. Nothing was sent.',
    );
    const itself = await refusedUnsent(t, 'tracker_create_issue_link', {
      issueId: 'DEMO-2',
      relationship: 'relates',
      targetIssueId: 'DEMO-2',
    });
    expect(itself).toContain('- targetIssueId: is `issueId` itself: an issue cannot be linked to itself.');
  });

  it('explains which end must be an Epic', async () => {
    const links = t.emulator.state.links.length;
    const result = await t.call('tracker_create_issue_link', {
      issueId: 'DEMO-2',
      relationship: 'has epic',
      targetIssueId: 'DEMO-7',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('"has epic" needs targetIssueId to be an Epic');
    expect(t.emulator.state.links.length).toBe(links);
    const ok = await t.call('tracker_create_issue_link', {
      issueId: 'DEMO-2',
      relationship: 'has epic',
      targetIssueId: 'DEMO-3',
    });
    expect(ok.json).toEqual(
      expect.objectContaining({ relationship: 'has epic', issue: 'DEMO-3', type: 'epic' }),
    );
  });

  it('lists the documented relationship names for an undocumented one', async () => {
    const result = await t.call('tracker_create_issue_link', {
      issueId: 'DEMO-2',
      relationship: 'is subtask of',
      targetIssueId: 'DEMO-3',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- relationship: "is subtask of" is not a link relationship. Did you mean is subtask for? Valid relationships: relates, depends on, is dependent by, duplicates, is duplicated by, is parent task for, is subtask for, is epic of, has epic. Nothing was sent.',
    );
    // Another case is the relationship, announced.
    const cased = await t.call('tracker_create_issue_link', {
      issueId: 'DEMO-6',
      relationship: 'Depends On',
      targetIssueId: 'DEMO-9',
    });
    expect(cased.isError).toBe(false);
    expect(cased.text.split('\n')[0]).toBe('converted: relationship "Depends On" → depends on');
  });

  it('deletes a link, and points to tracker_get_issue_links for an unknown linkId', async () => {
    const result = await t.call('tracker_delete_issue_link', { issueId: 'DEMO-12', linkId: created });
    expect(result.json).toEqual({ deleted: true, issueId: 'DEMO-12', linkId: created });
    expect(t.emulator.state.links.some((l) => l.id === created)).toBe(false);
    expect(t.emulator.state.changelog.at(-1)).toEqual(expect.objectContaining({ type: 'IssueUnlinked' }));
    const again = await t.call('tracker_delete_issue_link', { issueId: 'DEMO-12', linkId: created });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(
      `- linkId: ${JSON.stringify(String(created))} is not a link of DEMO-12. There are no links of DEMO-12. Nothing was sent.`,
    );
  });
});

describe('tracker_get_issue_urls', () => {
  it('builds web links without calling the API', async () => {
    const before = t.emulator.requests.length;
    const result = await t.call('tracker_get_issue_urls', { issueIds: ['DEMO-1', 'OPS-2'] });
    expect(result.json).toEqual({
      items: [
        { issueId: 'DEMO-1', url: 'https://tracker.yandex.ru/DEMO-1' },
        { issueId: 'OPS-2', url: 'https://tracker.yandex.ru/OPS-2' },
      ],
    });
    expect(t.emulator.requests.length).toBe(before);
  });

  it('asks for keys, not ids', async () => {
    const result = await t.call('tracker_get_issue_urls', { issueIds: ['6a0000000000000000000001'] });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('web links need the key, not the 24-character id');
  });
});

describe('queue allow-list', () => {
  let limited: TrackerHarness;
  beforeAll(async () => {
    limited = await startStdio({ env: { YANDEX_TRACKER_QUEUES: 'OPS' } });
  });
  afterAll(() => limited.close());

  it('counts only issues of the allowed queues', async () => {
    const open = limited.emulator.state.issues.filter((i) => i.queue === 'OPS' && i.status === 'open').length;
    const result = await limited.call('tracker_count_issues', {
      query: 'Status: open "Sort by": Updated DESC',
    });
    expect(result.json).toEqual({ count: open });
    expect(limited.emulator.requests.at(-1)!.body).toEqual({
      query: 'Status: open Queue: OPS "Sort by": Updated DESC',
    });
  });

  it('refuses to move an issue into a queue outside the allow-list', async () => {
    const result = await limited.call('tracker_move_issue', { issueId: 'OPS-1', targetQueueId: 'DEMO' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Queue DEMO is not available on this server (allowed queues: OPS).');
    expect(limited.emulator.state.issues.find((i) => i.key === 'OPS-1')!.queue).toBe('OPS');
  });
});
