/**
 * The Tracker read endpoints tracker_raw_get may call, from the API root, each under `/v2` and `/v3`
 * (the API takes the same paths under both, research §3.1), with the dedicated tool of each one that
 * has one. Reads only: nothing here changes Tracker. Files (attachment contents, thumbnails) are not
 * JSON and are left out; so are the POST-only reads (`_search`, `_count`).
 */
import type { RawEndpoint } from '@toolsmith/core';

const READS: readonly RawEndpoint[] = [
  { path: '/myself', tool: 'tracker_get_current_user' },
  { path: '/users', tool: 'tracker_get_users' },
  { path: '/users/{id}', tool: 'tracker_get_users' },
  { path: '/groups' },
  { path: '/maillists' },
  { path: '/issues/{key}', tool: 'tracker_get_issues' },
  { path: '/issues/{key}/comments', tool: 'tracker_get_comments' },
  { path: '/issues/{key}/comments/{id}', tool: 'tracker_get_comments' },
  { path: '/issues/{key}/attachments', tool: 'tracker_get_attachments' },
  { path: '/issues/{key}/changelog', tool: 'tracker_get_issue_changelog' },
  { path: '/issues/{key}/checklistItems', tool: 'tracker_get_checklist' },
  { path: '/issues/{key}/links', tool: 'tracker_get_issue_links' },
  { path: '/issues/{key}/remotelinks' },
  { path: '/issues/{key}/transitions', tool: 'tracker_get_issue_transitions' },
  { path: '/issues/{key}/worklog', tool: 'tracker_get_worklogs' },
  { path: '/worklog', tool: 'tracker_search_worklogs' },
  { path: '/queues', tool: 'tracker_get_queues' },
  { path: '/queues/{key}', tool: 'tracker_get_queue' },
  { path: '/queues/{key}/components', tool: 'tracker_get_components' },
  { path: '/queues/{key}/fields', tool: 'tracker_get_queue_fields' },
  { path: '/queues/{key}/localFields', tool: 'tracker_get_queue_local_fields' },
  { path: '/queues/{key}/permissions', tool: 'tracker_get_queue_permissions' },
  { path: '/queues/{key}/projects' },
  { path: '/queues/{key}/tags' },
  { path: '/queues/{key}/versions' },
  { path: '/components', tool: 'tracker_get_components' },
  { path: '/components/{id}' },
  { path: '/projects', tool: 'tracker_get_projects' },
  { path: '/projects/{id}', tool: 'tracker_get_project' },
  { path: '/projects/{id}/queues' },
  { path: '/boards', tool: 'tracker_get_boards' },
  { path: '/boards/{id}', tool: 'tracker_get_board' },
  { path: '/boards/{id}/columns', tool: 'tracker_get_board_columns' },
  { path: '/boards/{id}/columns/{columnId}' },
  { path: '/boards/{id}/sprints', tool: 'tracker_get_sprints' },
  { path: '/sprints/{id}', tool: 'tracker_get_sprint' },
  { path: '/filters' },
  { path: '/filters/{id}' },
  { path: '/fields', tool: 'tracker_get_global_fields' },
  { path: '/fields/categories' },
  { path: '/fields/{id}', tool: 'tracker_get_global_fields' },
  { path: '/statuses', tool: 'tracker_get_statuses' },
  { path: '/issuetypes', tool: 'tracker_get_issue_types' },
  { path: '/priorities', tool: 'tracker_get_priorities' },
  { path: '/resolutions', tool: 'tracker_get_resolutions' },
  { path: '/linktypes', tool: 'tracker_get_link_types' },
  { path: '/bulkchange/{id}', tool: 'tracker_get_bulk_change_status' },
];

export const TRACKER_READ_ENDPOINTS: readonly RawEndpoint[] = ['/v2', '/v3'].flatMap((version) =>
  READS.map((endpoint) => ({ ...endpoint, path: `${version}${endpoint.path}` })),
);
