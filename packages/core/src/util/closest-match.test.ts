import { describe, expect, it } from '@jest/globals';
import { closestMatches, words } from './closest-match.ts';

/** Tool names of a server whose every tool shares a prefix, plus core's search_tools. */
const TOOLS = [
  'tracker_get_issues',
  'tracker_find_issues',
  'tracker_count_issues',
  'tracker_create_issue',
  'tracker_update_issue',
  'tracker_move_issue',
  'tracker_get_issue_links',
  'tracker_get_issue_urls',
  'tracker_get_issue_changelog',
  'tracker_get_issue_transitions',
  'tracker_get_issue_types',
  'tracker_get_queues',
  'tracker_get_users',
  'tracker_get_comments',
  'tracker_add_comment',
  'tracker_edit_comment',
  'search_tools',
];

describe('closestMatches', () => {
  it('splits names into words: separators, camelCase, plural s', () => {
    expect(words('tracker_get-issues.now')).toEqual(['tracker', 'get', 'issue', 'now']);
    expect(words('getIssues')).toEqual(['get', 'issue']);
    expect(words('issueID')).toEqual(['issue', 'id']);
    expect(words('access')).toEqual(['access']);
  });

  it.each([
    'tracker_get_issue',
    'get_issue',
    'get_issues',
    'getIssues',
    'tracker-get-issues',
    'tracker.get_issues',
    'TRACKER_GET_ISSUES',
    'tracker_issues_get',
    'tracker_issue_get',
    'tracker_getissues',
    'tracker_get_isues',
    'tracker_fetch_issues',
    'tracker_read_issues',
    'tracker_get_issue_details',
    'yandex_tracker_get_issues',
    'tracker_get_issues_by_keys',
  ])('offers tracker_get_issues first for %s', (input) => {
    expect(closestMatches(input, TOOLS)[0]).toBe('tracker_get_issues');
  });

  it('maps a search verb to find, and offers the singular for a plural', () => {
    expect(closestMatches('tracker_search_issues', TOOLS)[0]).toBe('tracker_find_issues');
    expect(closestMatches('tracker_create_issues', TOOLS)[0]).toBe('tracker_create_issue');
    expect(closestMatches('tracker_get_comment', TOOLS)[0]).toBe('tracker_get_comments');
  });

  it('keeps typos, prefixes and short candidate lists working', () => {
    expect(closestMatches('get_bok', ['get_book', 'list_books', 'add_book'])[0]).toBe('get_book');
    expect(closestMatches('book', ['books', 'books_write', 'utility'])).toEqual(['books']);
    expect(closestMatches('tracker_list_issues', TOOLS)).toEqual([
      'tracker_find_issues',
      'tracker_get_issues',
    ]);
    expect(closestMatches('issueID', ['issueId', 'status', 'filter', 'limit'], 1)).toEqual(['issueId']);
    expect(closestMatches('stauts', ['issueId', 'status', 'filter', 'limit'], 1)).toEqual(['status']);
  });

  it('offers nothing for an unrelated name, and respects the limit', () => {
    expect(closestMatches('weather_forecast', TOOLS)).toEqual([]);
    expect(closestMatches('tracker_get_issue', TOOLS)).toEqual(['tracker_get_issues']);
    expect(closestMatches('tracker_issue', TOOLS, 2)).toHaveLength(2);
    expect(closestMatches('anything', [])).toEqual([]);
  });

  it('does not take one shared word of two for a near name', () => {
    expect(closestMatches('gone.txt', ['keep.txt'])).toEqual([]);
    expect(closestMatches('delete_issue', ['get_issue', 'create_issue_link'])).toEqual([]);
    expect(closestMatches('notes.txt', ['note.txt', 'keep.txt'])).toEqual(['note.txt']);
  });
});
