import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resultText } from '@toolsmith/testing';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

type Harness = TrackerHarness & { stderr(): string };
interface Progress {
  progress: number;
  total?: number;
  message?: string;
}
interface BulkResult {
  operationId: string;
  status: string;
  statusText?: string;
  issues: number;
  changed?: number;
  done: boolean;
  hint?: string;
}

let t: Harness;
/** Times out after 300 ms while operations take a minute; at most 3 issues; OPS is read-only. */
let slow: Harness;

beforeAll(async () => {
  [t, slow] = await Promise.all([
    startStdio(),
    startStdio({
      env: {
        YANDEX_TRACKER_BULK_TIMEOUT_MS: '300',
        YANDEX_TRACKER_MAX_BATCH: '3',
        YANDEX_TRACKER_READ_ONLY_QUEUES: 'OPS',
      },
    }),
  ]);
  slow.emulator.state.bulkDurationMs = 60_000;
}, 30_000);
afterAll(async () => {
  await Promise.all([t?.close(), slow?.close()]);
});

const issue = (h: Harness, key: string) => {
  const found = h.emulator.state.issues.find((i) => i.key === key || i.previousKeys.includes(key));
  if (!found) throw new Error(`no issue ${key} in the emulator`);
  return found;
};

/** Calls a tool asking for progress (the SDK then sends a progressToken) and collects the notifications. */
async function callWithProgress(
  h: Harness,
  name: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
) {
  const progress: Progress[] = [];
  const raw = await h.connection.client.callTool(
    { name, arguments: args },
    {
      onprogress: (p) => progress.push(p),
      ...(signal ? { signal } : {}),
    },
  );
  const text = resultText(raw);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { isError: (raw as { isError?: boolean }).isError === true, text, json, progress };
}

/** At least two progress notifications, strictly rising, each out of 100. */
function expectRisingProgress(progress: Progress[]) {
  expect(progress.length).toBeGreaterThanOrEqual(2);
  const values = progress.map((p) => p.progress);
  for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]!);
  expect(progress.every((p) => p.total === 100 && p.progress >= 0 && p.progress <= 100)).toBe(true);
}

const bulkPosts = (h: Harness) =>
  h.emulator.requests.filter((r) => r.method === 'POST' && r.path.includes('/bulkchange/'));

describe('tracker_bulk_update_issues', () => {
  it('starts the operation, reports MCP progress while polling, and returns when it is COMPLETE', async () => {
    const r = await callWithProgress(t, 'tracker_bulk_update_issues', {
      issueIds: ['DEMO-5', 'DEMO-8'],
      values: { priority: 'blocker', tags: { add: ['triage'] }, assignee: 'dave' },
    });
    expect(r.isError).toBe(false);
    const result = r.json as BulkResult;
    expect(result).toEqual({
      operationId: expect.stringMatching(/^[0-9a-f]{24}$/),
      status: 'COMPLETE',
      statusText: 'Bulk change task completed successfully.',
      issues: 2,
      changed: 2,
      done: true,
    });
    // Progress arrived over the wire, rising, out of 100. (The final 100 % report may reach the SDK
    // client after the result: it dispatches notifications a microtask later, so it is not asserted.)
    expectRisingProgress(r.progress);
    expect(r.progress.some((p) => p.progress > 0 && p.progress < 100)).toBe(true);
    expect(
      r.progress.some(
        (p) => p.message?.startsWith('Bulk change RUNNING: ') && p.message.includes('% of 2 issue(s)'),
      ),
    ).toBe(true);
    // The API received the body it documents, and the issues changed.
    const post = bulkPosts(t).at(-1)!;
    expect(post.path).toBe('/v2/bulkchange/_update');
    expect(post.body).toEqual({
      issues: ['DEMO-5', 'DEMO-8'],
      values: { priority: 'blocker', tags: { add: ['triage'] }, assignee: 'dave' },
    });
    for (const key of ['DEMO-5', 'DEMO-8']) {
      expect(issue(t, key)).toMatchObject({ priority: 'blocker', assignee: 'dave' });
      expect(issue(t, key).tags).toContain('triage');
    }
    expect(issue(t, 'DEMO-5').tags).toEqual(['auth', 'triage']);
  });

  it('changes nothing when one key does not exist (the API validates the whole request: 422 names it)', async () => {
    const before = structuredClone(issue(t, 'DEMO-4'));
    const operations = t.emulator.state.bulkOperations.length;
    const r = await t.call('tracker_bulk_update_issues', {
      issueIds: ['DEMO-4', 'DEMO-999'],
      values: { priority: 'trivial', summary: 'Renamed' },
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('failed with HTTP 422');
    expect(r.text).toContain('Задача DEMO-999 не существует.');
    expect(r.text).toContain(
      'Nothing was changed: the API checks the whole request before it changes any issue.',
    );
    expect(issue(t, 'DEMO-4')).toEqual(before);
    expect(t.emulator.state.bulkOperations.length).toBe(operations);
  });

  it('refuses a bad value for every issue up front (unknown component), leaving all of them unchanged', async () => {
    const before = [structuredClone(issue(t, 'DEMO-2')), structuredClone(issue(t, 'DEMO-11'))];
    const posts = bulkPosts(t).length;
    const r = await t.call('tracker_bulk_update_issues', {
      issueIds: ['DEMO-2', 'DEMO-11'],
      values: { priority: 'minor', components: ['Nope'] },
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- values.components.0: "Nope" is not a component of queue DEMO. Valid components: 1 (Backend), 2 (Frontend). Nothing was sent.',
    );
    expect(bulkPosts(t)).toHaveLength(posts);
    expect([issue(t, 'DEMO-2'), issue(t, 'DEMO-11')]).toEqual(before);
  });

  it('says how to name a change when `values` sets nothing, and that status is not a field', async () => {
    const posts = bulkPosts(t).length;
    const empty = await t.call('tracker_bulk_update_issues', { issueIds: ['DEMO-1'], values: {} });
    expect(empty.isError).toBe(true);
    expect(empty.text).toContain(
      'values: sets nothing. Name at least one field to change, e.g. {"priority": "critical"} or {"tags": {"add": ["backend"]}}.',
    );
    const status = await t.call('tracker_bulk_update_issues', {
      issueIds: ['DEMO-1'],
      values: { status: 'closed' },
    });
    expect(status.isError).toBe(true);
    expect(status.text).toContain(
      'values.status: is not a field: statuses change only through workflow transitions. Call tracker_bulk_transition_issues',
    );
    expect(bulkPosts(t)).toHaveLength(posts);
  });

  it('refuses more issues than YANDEX_TRACKER_MAX_BATCH before sending anything', async () => {
    const r = await slow.call('tracker_bulk_update_issues', {
      issueIds: ['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4'],
      values: { priority: 'minor' },
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      'issueIds: has 4 items; this server takes at most 3 per call (YANDEX_TRACKER_MAX_BATCH). Split the list into calls of 3 or fewer.',
    );
    expect(bulkPosts(slow)).toHaveLength(0);
  });

  it('refuses the whole change when one issue is in a read-only queue', async () => {
    const r = await slow.call('tracker_bulk_update_issues', {
      issueIds: ['DEMO-1', 'OPS-1'],
      values: { priority: 'minor' },
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      'Queue OPS is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES): it can be read but not changed. Nothing was changed.',
    );
    expect(bulkPosts(slow)).toHaveLength(0);
  });

  it('returns (not fails) with done: false and a polling hint when the operation outlives the time limit', async () => {
    const before = structuredClone(issue(slow, 'DEMO-9'));
    const r = await slow.call('tracker_bulk_update_issues', {
      issueIds: ['DEMO-9'],
      values: { priority: 'trivial' },
    });
    expect(r.isError).toBe(false);
    const result = r.json as BulkResult;
    expect(result).toMatchObject({ issues: 1, done: false });
    expect(['CREATED', 'RUNNING']).toContain(result.status);
    expect(result.hint).toContain('(YANDEX_TRACKER_BULK_TIMEOUT_MS) and continues on the server.');
    expect(result.hint).toContain(
      `Check it with tracker_get_bulk_change_status {"operationId": "${result.operationId}"}; do not start the change again.`,
    );
    expect(issue(slow, 'DEMO-9')).toEqual(before);

    // The status tool reports it still running…
    const running = await slow.call('tracker_get_bulk_change_status', { operationId: result.operationId });
    expect(running.isError).toBe(false);
    expect(running.json).toMatchObject({
      operationId: result.operationId,
      totalIssues: 1,
      done: false,
    });
    const percent = (running.json as { executionIssuePercent: number }).executionIssuePercent;
    expect(percent).toBeGreaterThanOrEqual(0);
    expect(percent).toBeLessThan(100);

    // …and once its time has come, the first read applies it, exactly once.
    slow.emulator.state.bulkOperations.find((o) => o.id === result.operationId)!.completesAt = 0;
    const complete = await slow.call('tracker_get_bulk_change_status', { operationId: result.operationId });
    expect(complete.json).toEqual({
      operationId: result.operationId,
      status: 'COMPLETE',
      statusText: 'Bulk change task completed successfully.',
      executionChunkPercent: 100,
      executionIssuePercent: 100,
      totalIssues: 1,
      totalCompletedIssues: 1,
      createdAt: expect.any(String),
      done: true,
    });
    expect(issue(slow, 'DEMO-9')).toMatchObject({ priority: 'trivial', version: before.version + 1 });
    await slow.call('tracker_get_bulk_change_status', { operationId: result.operationId });
    expect(issue(slow, 'DEMO-9').version).toBe(before.version + 1);
  });

  it('stops polling when the call is cancelled', async () => {
    t.emulator.state.bulkDurationMs = 60_000; // a loop that ignored the cancellation would poll past the checks below
    try {
      const controller = new AbortController();
      const pending = callWithProgress(
        t,
        'tracker_bulk_update_issues',
        { issueIds: ['DEMO-7'], values: { priority: 'minor' } },
        controller.signal,
      );
      // Abort once the operation exists and is being polled.
      const deadline = Date.now() + 15_000; // a loaded CI machine can take seconds to get there
      let id: string | undefined;
      while (Date.now() < deadline) {
        const operation = t.emulator.state.bulkOperations.at(-1);
        id = operation?.issues.includes('DEMO-7') ? operation.id : undefined;
        if (id && t.emulator.requests.some((r) => r.method === 'GET' && r.path.endsWith(id!))) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(id).toBeDefined();
      controller.abort('user changed their mind');
      await expect(pending).rejects.toThrow();
      const polls = () =>
        t.emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith(id!)).length;
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // The cancellation reaches the server a moment later: wait until 300 ms pass without a poll
      // (polls come every 20 ms while the loop runs; a loop that never stops fails here, at 10 s)…
      const quietBy = Date.now() + 10_000;
      let after = polls();
      for (await pause(300); polls() !== after && Date.now() < quietBy; await pause(300)) after = polls();
      expect(polls()).toBe(after);
      // …then none for 25 more poll intervals.
      await pause(500);
      expect(polls()).toBe(after);
      expect(issue(t, 'DEMO-7').priority).toBe('critical');
    } finally {
      t.emulator.state.bulkDurationMs = 300;
    }
  });
});

describe('tracker_bulk_transition_issues', () => {
  it('moves every issue through the transition, with a comment, and reports progress', async () => {
    const comments = t.emulator.state.comments.length;
    const r = await callWithProgress(t, 'tracker_bulk_transition_issues', {
      issueIds: ['OPS-1', 'OPS-3'],
      transitionId: 'start_progress',
      comment: 'Picked up in the ops sync.',
    });
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({ status: 'COMPLETE', issues: 2, changed: 2, done: true });
    expectRisingProgress(r.progress);
    expect(bulkPosts(t).at(-1)!.body).toEqual({
      transition: 'start_progress',
      issues: ['OPS-1', 'OPS-3'],
      values: { comment: 'Picked up in the ops sync.' },
    });
    expect(issue(t, 'OPS-1').status).toBe('inProgress');
    expect(issue(t, 'OPS-3').status).toBe('inProgress');
    const added = t.emulator.state.comments.slice(comments);
    expect(added.map((c) => c.text)).toEqual(['Picked up in the ops sync.', 'Picked up in the ops sync.']);
  });

  it('names the transitions available when the transition does not exist (and changes nothing)', async () => {
    const before = structuredClone(issue(t, 'WEB-2'));
    const r = await t.call('tracker_bulk_transition_issues', {
      issueIds: ['WEB-2'],
      transitionId: 'teleport',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- transitionId: "teleport" is not a transition of WEB-2 in its current status. Valid transitions: start_progress (→ inProgress), need_info (→ needInfo), close (→ closed). Nothing was sent.',
    );
    expect(issue(t, 'WEB-2')).toEqual(before);
  });

  it('refuses the whole change when some issues cannot take the transition now, naming their transitions (the API would change the others)', async () => {
    const posts = bulkPosts(t).length;
    const r = await t.call('tracker_bulk_transition_issues', {
      issueIds: ['DEMO-12', 'DEMO-11'],
      transitionId: 'resolve',
      resolution: 'fixed',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- issueIds: cannot all take transition "resolve" in their current status: DEMO-11 (its transitions: start_progress (→ inProgress), need_info (→ needInfo), close (→ closed)). Leave it out, or transition it separately. Nothing was changed.',
    );
    expect(bulkPosts(t)).toHaveLength(posts);
    expect(issue(t, 'DEMO-11').status).toBe('open');
    expect(issue(t, 'DEMO-12').status).toBe('inProgress');
  });
});

describe('tracker_bulk_move_issues', () => {
  it('moves issues with initialStatus, clears components without moveAllFields, and gives new keys', async () => {
    const r = await callWithProgress(t, 'tracker_bulk_move_issues', {
      issueIds: ['OPS-2', 'OPS-5'],
      targetQueueId: 'WEB',
      initialStatus: true,
      values: { assignee: 'carol' },
    });
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({ status: 'COMPLETE', issues: 2, changed: 2, done: true });
    expectRisingProgress(r.progress);
    expect(bulkPosts(t).at(-1)!.body).toEqual({
      queue: 'WEB',
      issues: ['OPS-2', 'OPS-5'],
      values: { assignee: 'carol' },
      initialStatus: true,
    });
    const moved = issue(t, 'OPS-2');
    expect(moved).toMatchObject({ queue: 'WEB', status: 'open', assignee: 'carol', components: [] });
    expect(moved.key).toMatch(/^WEB-\d+$/);
    expect(moved.previousKeys).toContain('OPS-2');
    expect(issue(t, 'OPS-5').queue).toBe('WEB');
  });

  it('names the valid queues when the target queue does not exist', async () => {
    const before = structuredClone(issue(t, 'WEB-3'));
    const r = await t.call('tracker_bulk_move_issues', { issueIds: ['WEB-3'], targetQueueId: 'NOPE' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- targetQueueId: "NOPE" is not a queue. Valid queues: DEMO (Demo), OPS (Operations), WEB (Website). Nothing was sent.',
    );
    expect(issue(t, 'WEB-3')).toEqual(before);
    const there = await t.call('tracker_bulk_move_issues', {
      issueIds: ['WEB-3', 'DEMO-9'],
      targetQueueId: 'WEB',
    });
    expect(there.text).toContain('- issueIds: WEB-3 is in WEB already. Leave it out. Nothing was changed.');
  });

  it('refuses a read-only target queue before sending anything', async () => {
    const r = await slow.call('tracker_bulk_move_issues', { issueIds: ['DEMO-1'], targetQueueId: 'OPS' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Queue OPS is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES)');
    expect(bulkPosts(slow).filter((p) => p.path.endsWith('/_move'))).toHaveLength(0);
  });
});

describe('tracker_get_bulk_change_status', () => {
  it('reads a finished operation; with `fields` returns the API object projected', async () => {
    const started = (
      await t.call('tracker_bulk_update_issues', { issueIds: ['DEMO-3'], values: { tags: ['epic'] } })
    ).json as BulkResult;
    const r = await t.call('tracker_get_bulk_change_status', { operationId: started.operationId });
    expect(r.isError).toBe(false);
    expect(r.json).toMatchObject({
      operationId: started.operationId,
      status: 'COMPLETE',
      executionChunkPercent: 100,
      executionIssuePercent: 100,
      totalIssues: 1,
      totalCompletedIssues: 1,
      done: true,
    });
    const raw = await t.call('tracker_get_bulk_change_status', {
      operationId: started.operationId,
      fields: ['id', 'createdBy.display', 'status'],
    });
    expect(raw.json).toEqual({
      id: started.operationId,
      createdBy: { display: 'Alice Ivanova' },
      status: 'COMPLETE',
    });
    expect(issue(t, 'DEMO-3').tags).toEqual(['epic']);
  });

  it('says where operation ids come from when the id is unknown', async () => {
    const r = await t.call('tracker_get_bulk_change_status', { operationId: 'ffffffffffffffffffffffff' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('failed with HTTP 404');
    expect(r.text).toContain(
      'No bulk change has the id ffffffffffffffffffffffff. Use the operationId exactly as tracker_bulk_update_issues, tracker_bulk_transition_issues or tracker_bulk_move_issues returned it.',
    );
  });

  it('refuses an id that cannot be one', async () => {
    const r = await t.call('tracker_get_bulk_change_status', { operationId: '../issues/DEMO-1' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Use the operationId a bulk tool returned, e.g. "593cd211ef7e8a33c7e3bb1a"');
  });
});
