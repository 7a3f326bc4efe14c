/**
 * `status` (and `resolution`, `queue`) in bulk `values` is answered with the call that changes it,
 * through a real client against the emulator, and nothing is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  refusedUnsent,
  startInProcess,
  type TrackerHarness,
} from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startInProcess();
});
afterAll(() => t.close());

const refused = (name: string, args: Record<string, unknown>) => refusedUnsent(t, name, args);

describe('fields a bulk change cannot set', () => {
  it('sends a status change of a bulk update to a bulk transition, saying how to find the transition', async () => {
    const text = await refused('tracker_bulk_update_issues', {
      issueIds: ['DEMO-3', 'DEMO-4'],
      values: { status: 'closed', priority: 'minor' },
    });
    expect(text).toContain(
      '- values.status: is not a field: statuses change only through workflow transitions. Call tracker_bulk_transition_issues with the same `issueIds` and a `transitionId` — tracker_get_issue_transitions {"issueId": "DEMO-3"} lists the transitions available to an issue and the status each leads to, e.g. {"issueIds": ["DEMO-3"], "transitionId": "close"}.',
    );
    expect(text).not.toContain('Unknown field');
  });

  it('says the same of a status hidden in customFields, and sends a resolution to the transition', async () => {
    const text = await refused('tracker_bulk_update_issues', {
      issueIds: ['DEMO-3'],
      values: { customFields: { status: 'closed' }, resolution: 'fixed' },
    });
    expect(text).toContain('- values.customFields.status: is not a field: statuses change only through');
    expect(text).toContain(
      '- values.resolution: is not a field: the resolution is set by a transition into a done status. Call tracker_bulk_transition_issues with `transitionId` and `resolution`',
    );
  });

  it('in a bulk transition, points at transitionId and the top-level resolution', async () => {
    const text = await refused('tracker_bulk_transition_issues', {
      issueIds: ['DEMO-3'],
      transitionId: 'close',
      values: { status: 'closed', resolution: 'fixed' },
    });
    expect(text).toContain('- values.status: is not a field: the status is what the transition sets.');
    expect(text).toContain('- values.resolution: goes in the top-level `resolution` parameter');
  });

  it('in a bulk move, points at targetQueueId', async () => {
    const text = await refused('tracker_bulk_move_issues', {
      issueIds: ['DEMO-3'],
      targetQueueId: 'OPS',
      values: { queue: 'WEB' },
    });
    expect(text).toContain(
      '- values.queue: is not a field here: the target queue is the top-level `targetQueueId`',
    );
  });
});
