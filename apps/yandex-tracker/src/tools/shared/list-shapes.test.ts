/**
 * A list field given one string gets the exact form to send, through a real client against the
 * emulator, and nothing is sent.
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

describe('a list field given one string', () => {
  it('shows the {add: [...]} form for {add: "x"}', async () => {
    const text = await refused('tracker_update_issue', { issueId: 'DEMO-1', tags: { add: 'backend' } });
    expect(text).toContain('- tags: takes a list, even of one value: write "tags": {"add": ["backend"]}.');
    expect(text).not.toContain('Expected array');
  });

  it('shows both forms for a bare string where a list or an edit fits', async () => {
    const text = await refused('tracker_update_issue', { issueId: 'DEMO-1', followers: 'bob' });
    expect(text).toContain(
      '- followers: takes a list, even of one value: write "followers": ["bob"] to replace them all, or "followers": {"add": ["bob"]} to add to them.',
    );
  });

  it('shows only the list form where the field takes only a list', async () => {
    const text = await refused('tracker_create_issue', { queueId: 'DEMO', summary: 'x', tags: 'backend' });
    expect(text).toContain('- tags: takes a list, even of one value: write "tags": ["backend"].');
  });

  it('finds the field inside bulk values and keeps the other problems', async () => {
    const text = await refused('tracker_bulk_update_issues', {
      issueIds: ['DEMO-1'],
      values: { tags: { remove: 'old', add: ['new'] }, storyPoints: 3 },
    });
    expect(text).toContain(
      '- values.tags: takes a list, even of one value: write "values": {"tags": {"remove": ["old"], "add": ["new"]}}.',
    );
    expect(text).toContain('- values.storyPoints: Unknown field.');
    const transition = await refused('tracker_bulk_transition_issues', {
      issueIds: ['DEMO-1'],
      transitionId: 'close',
      values: { followers: 'bob' },
    });
    expect(transition).toContain(
      '- values.followers: takes a list, even of one value: write "values": {"followers": ["bob"]} to replace them all, or "values": {"followers": {"add": ["bob"]}} to add to them.',
    );
  });
});
