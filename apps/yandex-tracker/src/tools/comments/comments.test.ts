import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONFLICT_HINT } from '../../api/tracker-client.ts';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
});
afterAll(() => t.close());

const issue = (key: string) => t.emulator.state.issues.find((i) => i.key === key)!;
const commentsOf = (key: string) => t.emulator.state.comments.filter((c) => c.issue === issue(key).id);

type Page = { items: Array<{ commentId: number; text: string; author: string }>; nextCursor?: string };

describe('tracker_get_comments', () => {
  it('pages with the id cursor and stops on a short page', async () => {
    const first = (await t.call('tracker_get_comments', { issueId: 'DEMO-1', perPage: 2 })).json as Page;
    expect(first.items).toEqual([
      expect.objectContaining({
        commentId: 101,
        author: 'Bob Petrov',
        text: 'Reproduced with user+test@example.org; the plus is decoded as a space.',
        version: 1,
      }),
      expect.objectContaining({ commentId: 102, author: 'Alice Ivanova' }),
    ]);
    expect(first.nextCursor).toBeDefined();
    const second = (
      await t.call('tracker_get_comments', { issueId: 'DEMO-1', perPage: 2, cursor: first.nextCursor })
    ).json as Page;
    expect(second.items.map((c) => c.commentId)).toEqual([103]);
    expect(second.nextCursor).toBeUndefined();
    const request = t.emulator.requests.filter((r) => r.path === '/v3/issues/DEMO-1/comments').at(-1)!;
    expect(request.query).toEqual(expect.objectContaining({ id: '102', perPage: '2' }));
  });

  it('ends after a full last page although the API still sends rel=next', async () => {
    const first = (await t.call('tracker_get_comments', { issueId: 'OPS-2', perPage: 1 })).json as Page;
    expect(first.items.map((c) => c.commentId)).toEqual([105]);
    expect(first.nextCursor).toBeDefined();
    const second = await t.call('tracker_get_comments', {
      issueId: 'OPS-2',
      perPage: 1,
      cursor: first.nextCursor,
    });
    expect(second.json).toEqual({ items: [] });
    const response = t.emulator.requests.filter((r) => r.path === '/v3/issues/OPS-2/comments').length;
    expect(response).toBe(2);
  });

  it('projects raw comments to `fields`', async () => {
    const result = await t.call('tracker_get_comments', {
      issueId: 'DEMO-7',
      fields: ['id', 'createdBy.display'],
    });
    expect(result.json).toEqual({ items: [{ id: 104, createdBy: { display: 'Carol Smirnova' } }] });
  });

  it('refuses a cursor of another issue', async () => {
    const first = (await t.call('tracker_get_comments', { issueId: 'DEMO-1', perPage: 1 })).json as Page;
    const result = await t.call('tracker_get_comments', {
      issueId: 'DEMO-7',
      perPage: 1,
      cursor: first.nextCursor,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('cursor: belongs to a request with different parameters');
  });
});

describe('tracker_add_comment', () => {
  it('summons people through summonees and can comment without following', async () => {
    expect(issue('WEB-2').followers).toEqual([]);
    const result = await t.call('tracker_add_comment', {
      issueId: 'WEB-2',
      text: 'Could you **check** the footer links?',
      summonees: ['bob'],
      markdown: true,
      isAddToFollowers: false,
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual(
      expect.objectContaining({
        author: 'Alice Ivanova',
        text: 'Could you **check** the footer links?',
        summonees: ['Bob Petrov'],
        version: 1,
      }),
    );
    const stored = commentsOf('WEB-2');
    expect(stored).toEqual([expect.objectContaining({ summonees: ['bob'], createdBy: 'alice' })]);
    const request = t.emulator.requests.at(-1)!;
    expect(request.query['isAddToFollowers']).toBe('false');
    expect(request.body).toEqual(expect.objectContaining({ markupType: 'md', summonees: ['bob'] }));
    expect(issue('WEB-2').followers).toEqual([]);
    await t.call('tracker_add_comment', { issueId: 'WEB-2', text: 'Following now.' });
    expect(issue('WEB-2').followers).toEqual(['alice']);
    expect(t.emulator.state.changelog.at(-1)).toEqual(
      expect.objectContaining({ issue: issue('WEB-2').id, type: 'IssueCommentAdded' }),
    );
  });

  it('says how to summon when a login does not exist, and posts nothing', async () => {
    const before = t.emulator.state.comments.length;
    const result = await t.call('tracker_add_comment', {
      issueId: 'WEB-2',
      text: 'Hi',
      summonees: ['nobody'],
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- summonees.0: "nobody" is not a user. Valid users: alice (Alice Ivanova), bob (Bob Petrov), carol (Carol Smirnova), dave (Dave Kuznetsov), erin (Erin Sokolova). Nothing was sent.',
    );
    expect(t.emulator.state.comments.length).toBe(before);
  });

  it('refuses an empty text before calling the API', async () => {
    const result = await t.call('tracker_add_comment', { issueId: 'WEB-2', text: '   ' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- text: A blank string is not a value here. Send a value.');
  });
});

describe('tracker_edit_comment', () => {
  it('edits your own comment with optimistic locking', async () => {
    const result = await t.call('tracker_edit_comment', {
      issueId: 'DEMO-1',
      commentId: 102,
      text: 'Thanks! Please add a regression test and a changelog entry.',
      version: 1,
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual(
      expect.objectContaining({
        commentId: 102,
        version: 2,
        text: expect.stringContaining('changelog entry'),
      }),
    );
    expect(t.emulator.state.comments.find((c) => c.id === 102)).toEqual(
      expect.objectContaining({
        version: 2,
        text: 'Thanks! Please add a regression test and a changelog entry.',
      }),
    );
  });

  it('answers a stale version with a conflict that says to re-read the comments', async () => {
    const result = await t.call('tracker_edit_comment', {
      issueId: 'DEMO-1',
      commentId: 102,
      text: 'Older edit',
      version: 1,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(CONFLICT_HINT);
    expect(result.text).toContain(
      "Read the comments again with tracker_get_comments to get comment 102's current text and version, then edit that.",
    );
    expect(t.emulator.state.comments.find((c) => c.id === 102)!.text).not.toBe('Older edit');
  });

  it("refuses to edit someone else's comment and suggests a new one", async () => {
    const result = await t.call('tracker_edit_comment', {
      issueId: 'DEMO-1',
      commentId: 101,
      text: 'Rewritten',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'Only the author of a comment can edit it: add a new comment with tracker_add_comment instead.',
    );
    expect(t.emulator.state.comments.find((c) => c.id === 101)!.version).toBe(1);
  });

  it('points to tracker_get_comments for an unknown commentId', async () => {
    const result = await t.call('tracker_edit_comment', { issueId: 'DEMO-1', commentId: 999, text: 'x' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- commentId: "999" is not a comment of DEMO-1. Valid comments: 101 (by Bob Petrov), 102 (by Alice Ivanova), 103 (by Bob Petrov). Nothing was sent.',
    );
  });
});

describe('tracker_delete_comment', () => {
  it('deletes a comment and records it in the changelog', async () => {
    const id = commentsOf('WEB-2').at(-1)!.id;
    const result = await t.call('tracker_delete_comment', { issueId: 'WEB-2', commentId: id });
    expect(result.json).toEqual({ deleted: true, issueId: 'WEB-2', commentId: id });
    expect(t.emulator.state.comments.some((c) => c.id === id)).toBe(false);
    expect(t.emulator.state.changelog.at(-1)).toEqual(
      expect.objectContaining({ type: 'IssueCommentRemoved' }),
    );
    const again = await t.call('tracker_delete_comment', { issueId: 'WEB-2', commentId: id });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(`- commentId: "${id}" is not a comment of WEB-2.`);
  });

  it('keeps the API message when the issue itself does not exist', async () => {
    const result = await t.call('tracker_delete_comment', { issueId: 'WEB-999', commentId: 101 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Задача не существует.');
    expect(result.text).not.toContain('has no comment');
  });
});
