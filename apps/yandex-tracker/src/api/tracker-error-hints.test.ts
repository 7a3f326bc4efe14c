/**
 * What the agent reads when the Tracker API refuses a call: the API's own words, the field it
 * blames, and the next step — against the emulator, through the real client.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, AuthError, NotFoundError } from '@toolsmith/core';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { CONFLICT_HINT, createTrackerClient, type TrackerClient } from './tracker-client.ts';

let tracker: TrackerEmulator;
let client: TrackerClient;
beforeAll(async () => {
  tracker = await createTrackerEmulator();
  client = createTrackerClient({
    baseUrl: tracker.url,
    auth: { scheme: 'OAuth', token: tracker.token },
    org: { header: 'X-Org-ID', id: tracker.orgId },
    retries: 0,
  });
});
beforeEach(() => tracker.reset());
afterAll(() => tracker.close());

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!ApiError.isInstance(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('404', () => {
  it('a missing issue names the key, the case rule and the tool that finds issues', async () => {
    const error = await failure(client.get('/v3/issues/DEMO-999'));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toContain('failed with HTTP 404');
    expect(error.message).toContain('Задача не существует.');
    expect(error.message).toContain('No issue DEMO-999 exists or is visible to this account.');
    expect(error.message).toContain('tracker_find_issues');
    expect(error.message).not.toContain('check the id or key (search or list');
  });

  it('a lower-case key is answered with the key it probably meant', async () => {
    const error = await failure(client.get('/v3/issues/demo-1'));
    expect(error.message).toContain('did you mean DEMO-1?');
  });

  it('a missing issue under a sub-resource is the issue; a missing comment of an existing issue is not', async () => {
    const issue = await failure(client.post('/v2/issues/DEMO-999/worklog', { json: {} }));
    expect(issue.message).toContain('No issue DEMO-999');
    const comment = await failure(client.get('/v2/issues/DEMO-1/comments/999999'));
    expect(comment.message).not.toContain('No issue');
  });

  it('a missing queue names it and the tool that lists queues', async () => {
    const error = await failure(client.post('/v3/issues/_search', { json: { queue: 'NOPE' } }));
    expect(error.message).toContain('No queue NOPE exists');
    expect(error.message).toContain('tracker_get_queues');
  });
});

describe('400 and 422', () => {
  it('a bad reference value names the field and where its valid values are listed', async () => {
    const error = await failure(client.patch('/v3/issues/DEMO-1', { json: { priority: 'high' } }));
    expect(error.message).toContain('failed with HTTP 422');
    expect(error.message).toContain('priority: Значение не найдено');
    expect(error.message).toContain('The API refused the field priority (the request was not applied).');
    expect(error.message).toContain('tracker_get_priorities');
    expect(error.message).not.toContain('Fix the request parameters and call again.');
  });

  it('status is read-only: the next step is a transition', async () => {
    const error = await failure(client.patch('/v3/issues/DEMO-1', { json: { status: 'closed' } }));
    expect(error.message).toContain('Поля [status] только для чтения.');
    expect(error.message).toContain('tracker_transition_issue');
  });

  it('an unknown field points at the queue fields; an unknown list operation at the valid ones', async () => {
    const unknown = await failure(client.patch('/v3/issues/DEMO-1', { json: { dueDate: '2026-12-01' } }));
    expect(unknown.message).toContain('`dueDate` is not a field here: tracker_get_queue_fields');
    const operation = await failure(client.patch('/v3/issues/DEMO-1', { json: { tags: { delete: ['x'] } } }));
    expect(operation.message).toContain('add, remove, set, replace');
    expect(operation.message).toContain(
      '`tags` takes a list, or an edit object with add, remove, set or replace',
    );
  });

  it('an impossible date and a duration in words say which form is expected', async () => {
    const date = await failure(
      client.post('/v2/issues/DEMO-1/worklog', {
        json: { start: '2026-13-01T10:00:00.000+0000', duration: 'PT1H' },
      }),
    );
    expect(date.message).toContain('`start` needs a real date');
    const duration = await failure(
      client.post('/v2/issues/DEMO-1/worklog', {
        json: { start: '2026-11-21T10:00:00.000+0000', duration: '1h 30m' },
      }),
    );
    expect(duration.message).toContain('`duration` needs an ISO 8601 duration such as PT1H30M');
  });

  it('a 422 without field errors keeps the generic hint', async () => {
    const error = await failure(client.post('/v2/bulkchange/_update', { json: { issues: [] } }));
    expect(error.status).toBe(422);
    expect(error.message).toContain('issues');
  });
});

describe('403 and 409', () => {
  it('a wrong organisation blames the organisation setting, not the token', async () => {
    const wrongOrg = createTrackerClient({
      baseUrl: tracker.url,
      auth: { scheme: 'OAuth', token: tracker.token },
      org: { header: 'X-Org-ID', id: '1' },
      retries: 0,
    });
    const error = await failure(wrongOrg.get('/v3/myself'));
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.message).toContain('YANDEX_ORG_ID');
    expect(error.message).not.toContain('scopes');
  });

  it('a conflict says a blind retry will not help', async () => {
    const error = await failure(
      client.patch('/v3/issues/DEMO-1', { query: { version: 99 }, json: { summary: 'x' } }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toContain(CONFLICT_HINT);
  });
});
