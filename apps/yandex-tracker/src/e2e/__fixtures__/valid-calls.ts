/**
 * At least one call per tool (every toolset, `search_tools` included) that succeeds against a fresh
 * emulator seed, each on its own fresh seed: the generated adversary (packages/testing/src/adversary)
 * derives its malformed calls from these. They use the seed's exact ids and keys and set the
 * optional entity, date and duration parameters a tool has, so every declared parameter is mutated;
 * dates carry an explicit offset. Checked by valid-calls.e2e.test.ts.
 *
 * The seed world (tools/emulators/yandex-tracker/src/seed.ts): queues DEMO, OPS, WEB; users alice (the
 * token owner, Europe/Moscow), bob, carol, dave, erin (dismissed); components 1 Backend and 2
 * Frontend (DEMO), 3 Infrastructure (OPS); boards 1 (DEMO, sprints 1–3) and 2 (OPS); projects 1
 * LAUNCH (DEMO, WEB) and 2 MIGRATE (OPS); comments 101–103 on DEMO-1 (102 by alice), 104 on DEMO-7,
 * 105 on OPS-2; links 501 (DEMO-4 subtask of DEMO-3), 502 (DEMO-1 relates DEMO-5), 503 (DEMO-11
 * depends on DEMO-1); worklogs 301, 302 (DEMO-1, bob), 303 (DEMO-7), 304 (OPS-2); checklist of
 * DEMO-2 (items …0001–…0003). No attachment and no bulk operation is seeded.
 *
 * Deletes, moves and archiving carry `confirm: true` (the user's yes; confirmation.ts), as a client
 * that cannot ask its user sends them once the user agreed.
 *
 * No call renames the entity it names (a component, project, queue or checklist item by its name):
 * mutations use the names of the seed.
 */

import type { TrackerState } from '@toolsmith/yandex-tracker-emulator';

export const VALID_CALLS: Record<string, Record<string, unknown>[]> = {
  // issues
  tracker_get_issues: [{ issueIds: ['DEMO-1', 'OPS-2'], fields: ['key', 'status.key'] }],
  tracker_find_issues: [
    {
      query: 'Queue: DEMO Status: inProgress Priority: critical Assignee: bob',
      perPage: 10,
      fields: ['key'],
    },
    { filter: { queue: 'DEMO', status: 'open', type: 'bug' }, order: '-updated', fields: ['key'] },
    { queueId: 'OPS', perPage: 5, fields: ['key'] },
  ],
  tracker_count_issues: [
    { query: 'Queue: DEMO Assignee: bob Status: !closed' },
    { filter: { queue: 'OPS', priority: 'blocker', assignee: 'dave' } },
  ],
  tracker_get_issue_transitions: [{ issueId: 'DEMO-5' }],
  tracker_get_issue_urls: [{ issueIds: ['DEMO-1', 'WEB-2'] }],
  tracker_raw_get: [{ path: '/v3/issues/DEMO-1/comments', query: { perPage: 2 } }],
  tracker_create_issue: [
    {
      queueId: 'DEMO',
      summary: 'Session cookie is not renewed',
      description: 'Seen after the login change.',
      type: 'bug',
      priority: 'critical',
      assignee: 'bob',
      followers: ['carol'],
      tags: ['auth'],
      components: [1],
      sprint: [2],
      deadline: '2026-12-15',
      storyPoints: 3,
      parentId: 'DEMO-3',
    },
  ],
  tracker_update_issue: [
    {
      issueId: 'DEMO-5',
      summary: 'Password reset link expires after 5 minutes',
      type: 'bug',
      priority: 'minor',
      assignee: 'carol',
      followers: { add: ['dave'] },
      tags: { add: ['triage'], remove: ['auth'] },
      components: [2],
      sprint: [3],
      deadline: '2026-12-20',
      storyPoints: 2,
      parentId: 'DEMO-3',
      version: 1,
    },
  ],
  tracker_transition_issue: [
    { issueId: 'DEMO-1', transitionId: 'resolve', resolution: 'fixed', comment: 'Fixed in review.' },
  ],
  tracker_move_issue: [
    {
      issueId: 'DEMO-10',
      targetQueueId: 'WEB',
      moveAllFields: false,
      initialStatus: true,
      notify: false,
      confirm: true,
    },
  ],
  tracker_get_issue_changelog: [{ issueId: 'DEMO-1', field: 'status', type: 'IssueWorkflow' }],
  // links
  tracker_get_issue_links: [{ issueIds: ['DEMO-1', 'DEMO-11'] }],
  tracker_create_issue_link: [{ issueId: 'DEMO-6', relationship: 'relates', targetIssueId: 'DEMO-9' }],
  tracker_delete_issue_link: [{ issueId: 'DEMO-1', linkId: 502, confirm: true }],
  // comments
  tracker_get_comments: [{ issueId: 'DEMO-1', perPage: 2 }],
  tracker_add_comment: [
    {
      issueId: 'DEMO-1',
      text: 'Looks good to me.',
      summonees: ['bob'],
      markdown: true,
      isAddToFollowers: false,
    },
  ],
  tracker_edit_comment: [
    { issueId: 'DEMO-1', commentId: 102, text: 'Thanks! Please add a regression test today.', version: 1 },
  ],
  tracker_delete_comment: [{ issueId: 'DEMO-7', commentId: 104, confirm: true }],
  // attachments
  tracker_get_attachments: [{ issueIds: ['DEMO-1'] }],
  tracker_download_attachment: [{ issueId: 'DEMO-1', attachmentId: '3999' }],
  tracker_get_attachment_thumbnail: [{ issueId: 'DEMO-1', attachmentId: '4000' }],
  tracker_delete_attachment: [{ issueId: 'DEMO-1', attachmentId: '3999', confirm: true }],
  tracker_get_bulk_change_status: [{ operationId: '5e0000000000000000000000' }],
  tracker_upload_attachment: [
    {
      issueId: 'DEMO-1',
      filename: 'notes.txt',
      contentBase64: 'aGVsbG8sIHRyYWNrZXI=',
      mimetype: 'text/plain',
    },
  ],
  // checklists
  tracker_get_checklist: [{ issueId: 'DEMO-2' }],
  tracker_add_checklist_item: [
    {
      issueId: 'DEMO-2',
      text: 'Check the contrast',
      checked: false,
      assignee: 'carol',
      deadline: '2026-12-01',
    },
  ],
  tracker_update_checklist_item: [
    {
      issueId: 'DEMO-2',
      checklistItemId: '5fde5f0a1aee261d00000002',
      checked: true,
      assignee: 'dave',
      deadline: '2026-12-05',
    },
  ],
  tracker_delete_checklist_item: [
    { issueId: 'DEMO-2', checklistItemId: '5fde5f0a1aee261d00000003', confirm: true },
  ],
  // worklogs
  tracker_get_worklogs: [{ issueId: 'DEMO-1' }],
  tracker_add_worklog: [
    { issueId: 'DEMO-1', start: '2026-11-20T10:00:00+03:00', duration: 'PT1H30M', comment: 'Pairing' },
  ],
  tracker_update_worklog: [
    {
      issueId: 'DEMO-1',
      worklogId: 302,
      start: '2026-11-03T14:00:00+03:00',
      duration: 'PT2H',
      comment: 'Fix, tests and review',
    },
  ],
  tracker_delete_worklog: [{ issueId: 'OPS-2', worklogId: 304, confirm: true }],
  tracker_search_worklogs: [
    // A range wide enough that a word for either end ("tomorrow") still leaves it in order.
    { userId: 'bob', from: '2026-11-02T00:00:00+03:00', to: '2027-12-31T00:00:00+03:00', perPage: 10 },
  ],
  // components
  tracker_get_components: [{ queueId: 'DEMO' }],
  tracker_create_component: [
    { queueId: 'WEB', name: 'Landing', description: 'Landing pages', lead: 'carol', assignAuto: false },
  ],
  tracker_update_component: [
    { componentId: 1, description: 'Public API', lead: 'dave', assignAuto: true, version: 1 },
  ],
  tracker_delete_component: [{ componentId: 3, confirm: true }],
  // projects
  tracker_get_projects: [{ queueId: 'OPS' }],
  tracker_get_project: [{ projectId: '1', expand: ['queues'] }],
  tracker_create_project: [
    {
      name: 'Spring launch',
      queueIds: ['DEMO', 'WEB'],
      lead: 'alice',
      description: 'The spring release',
      status: 'DRAFT',
      startDate: '2026-11-01',
      endDate: '2027-05-31',
    },
  ],
  tracker_update_project: [
    {
      projectId: '1',
      description: 'Ship the new onboarding and the landing page',
      lead: 'bob',
      status: 'LAUNCHED',
      startDate: '2026-11-01',
      endDate: '2026-12-24',
      queueIds: ['DEMO', 'WEB'],
      version: 1,
    },
  ],
  tracker_delete_project: [{ projectId: '2', confirm: true }],
  // queues
  tracker_get_queues: [{ perPage: 10 }],
  tracker_get_queue: [{ queueId: 'DEMO', expand: ['components'] }],
  tracker_get_queue_fields: [{ queueId: 'DEMO', requiredOnly: true }],
  tracker_get_queue_local_fields: [{ queueId: 'OPS' }],
  tracker_get_queue_permissions: [{ queueId: 'OPS' }],
  tracker_create_queue: [
    {
      key: 'DESIGN',
      name: 'Design',
      lead: 'bob',
      defaultType: 'task',
      defaultPriority: 'normal',
      description: 'Design requests',
      issueTypesConfig: [
        { issueType: 'task', workflow: 'developmentPresetWorkflow', resolutions: ['fixed', 'wontFix'] },
      ],
    },
  ],
  tracker_update_queue: [
    {
      queueId: 'WEB',
      lead: 'dave',
      defaultType: 'bug',
      defaultPriority: 'minor',
      description: 'The public site',
      version: 1,
    },
  ],
  tracker_manage_queue_access: [
    { queueId: 'OPS', write: { users: { add: ['carol'] } }, read: { roles: ['follower', 'access'] } },
  ],
  // bulk
  tracker_bulk_update_issues: [
    {
      issueIds: ['DEMO-3', 'DEMO-4'],
      values: {
        priority: 'minor',
        assignee: 'dave',
        tags: { add: ['q4'] },
        followers: { add: ['erin'] },
        components: [2],
        deadline: '2026-12-31',
      },
      notify: false,
    },
  ],
  tracker_bulk_transition_issues: [
    {
      issueIds: ['OPS-1', 'OPS-3'],
      transitionId: 'start_progress',
      comment: 'Picked up in the ops sync.',
      values: { priority: 'critical', assignee: 'bob' },
    },
    { issueIds: ['WEB-2', 'WEB-3'], transitionId: 'close', resolution: 'wontFix' },
  ],
  tracker_bulk_move_issues: [
    {
      issueIds: ['OPS-2', 'OPS-5'],
      targetQueueId: 'WEB',
      initialStatus: true,
      values: { assignee: 'carol', priority: 'minor', deadline: '2026-12-24' },
      confirm: true,
    },
  ],
  // reference
  tracker_get_statuses: [{ localized: false }],
  tracker_get_issue_types: [{ localized: false }],
  tracker_get_priorities: [{ perPage: 10 }],
  tracker_get_resolutions: [{}],
  tracker_get_global_fields: [{}],
  tracker_get_link_types: [{}],
  // users and meta
  tracker_find_users: [{ query: 'petrov' }, {}],
  tracker_get_users: [{ userIds: ['alice', 'bob'] }],
  tracker_get_current_user: [{ fields: ['login', 'display'] }],
  tracker_ping: [{}],
  // boards
  tracker_get_boards: [{}],
  tracker_get_board: [{ boardId: 1 }],
  tracker_get_board_columns: [{ boardId: 2 }],
  tracker_get_sprints: [{ boardId: 1, status: 'in_progress' }],
  tracker_get_sprint: [{ sprintId: 2 }],
  // sprints: board, column and sprint writes
  tracker_create_board: [{ name: 'Web board', queueId: 'WEB', query: 'Queue: WEB' }],
  tracker_update_board: [
    { boardId: 1, version: 1, name: 'Demo board', queueId: 'DEMO', query: 'Queue: DEMO' },
  ],
  tracker_delete_board: [{ boardId: 2, confirm: true }],
  tracker_create_board_column: [{ boardId: 1, version: 1, name: 'Review', statuses: ['inReview'] }],
  tracker_update_board_column: [
    { boardId: 1, columnId: 2, version: 1, name: 'In progress', statuses: ['inProgress'] },
  ],
  tracker_delete_board_column: [{ boardId: 1, columnId: 3, version: 1, confirm: true }],
  tracker_create_sprint: [{ boardId: 1, name: 'Sprint 48', startDate: '2026-11-01', endDate: '2026-12-31' }],
  tracker_update_sprint: [
    { sprintId: 3, version: 1, name: 'Sprint 47', startDate: '2026-11-01', endDate: '2026-12-31' },
  ],
  tracker_delete_sprint: [{ sprintId: 3, confirm: true }],
  tracker_start_sprint: [{ sprintId: 3, version: 1 }],
  tracker_archive_sprint: [{ sprintId: 1, version: 1, confirm: true }],
  tracker_move_issues_to_sprint: [{ sprintId: 3, issueIds: ['DEMO-1', 'DEMO-2'] }],
  // filters (seed: 1 "My open issues" by alice, the token owner; 2 "Ops blockers" by bob)
  tracker_get_filters: [{ perPage: 10, fields: ['filterId', 'name'] }],
  tracker_get_filter: [{ filterId: 2 }],
  tracker_create_filter: [
    { name: 'Demo bugs', query: 'Queue: DEMO Type: bug Assignee: bob' },
    { name: 'Web open', filter: { queue: 'WEB', status: 'open' } },
  ],
  tracker_update_filter: [{ filterId: 1, name: 'My open issues', query: 'Assignee: me() Status: !closed' }],
  tracker_delete_filter: [{ filterId: 1, confirm: true }],
  // versions (seed: 1 "1.0" released and 2 "1.1" of DEMO, 3 "2026.4" of OPS)
  tracker_get_queue_versions: [{ queueId: 'DEMO', fields: ['name', 'released'] }],
  tracker_create_version: [
    { queueId: 'DEMO', name: '1.2', description: 'Reports', startDate: '2026-11-01', dueDate: '2027-02-28' },
  ],
  tracker_update_version: [
    {
      versionId: 2,
      version: 1,
      name: '1.1',
      description: 'Onboarding',
      startDate: '2026-11-01',
      dueDate: '2027-02-28',
      released: false,
      archived: false,
    },
  ], // fields (categories ...01 System, ...02 Time tracking, ...03 Agile; the DEMO local field customer from addSeedExtras)
  tracker_get_field_categories: [{}],
  tracker_create_field: [
    {
      fieldId: 'releaseNotes',
      name: 'Release notes',
      type: 'text',
      categoryId: '000000000000000000000001',
      readonly: false,
    },
  ],
  tracker_update_field: [
    {
      fieldId: 'storyPoints',
      version: 1,
      name: 'Story points',
      categoryId: '000000000000000000000003',
      readonly: false,
    },
  ],
  tracker_create_local_field: [
    {
      queueId: 'DEMO',
      fieldKey: 'budget',
      name: 'Budget',
      type: 'float',
      categoryId: '000000000000000000000001',
    },
  ],
  tracker_update_local_field: [
    { queueId: 'DEMO', fieldKey: 'customer', name: 'Customer', categoryId: '000000000000000000000001' },
  ],

  // entities (seed: portfolio …01 "Platform 2027"; projects …02 "Checkout redesign" (shortId 2, DEMO,
  // in the portfolio) and …03 "Monitoring revamp" (3, OPS); goals …04 "Halve checkout time" (shortId
  // 1) and …05 "Zero P1 incidents" (2, under …04); comment 1 on …02; …02 relates to …04)
  tracker_find_entities: [
    {
      entityType: 'project',
      text: 'checkout',
      filter: { lead: 'bob', entityStatus: 'in_progress' },
      orderBy: '-end',
      rootOnly: false,
      perPage: 10,
    },
  ],
  tracker_get_entity: [
    { entityType: 'project', entityId: '656000000000000000000002', fields: ['version', 'fields.summary'] },
  ],
  tracker_create_entity: [
    {
      entityType: 'project',
      summary: 'Search revamp',
      description: 'Faster search.',
      lead: 'carol',
      queueId: 'WEB',
      teamAccess: false,
      start: '2026-11-20',
      end: '2027-03-31',
      parentId: '656000000000000000000001',
    },
    {
      entityType: 'goal',
      summary: 'Faster search',
      lead: 'dave',
      end: '2027-03-31',
      parentId: '656000000000000000000004',
    },
  ],
  tracker_update_entity: [
    {
      entityType: 'project',
      entityId: '656000000000000000000003',
      version: 1,
      summary: 'Monitoring revamp',
      description: 'Alerts first.',
      lead: 'bob',
      status: 'in_progress',
      start: '2026-12-01',
      end: '2027-02-28',
      parentId: '656000000000000000000001',
    },
  ],
  tracker_update_key_results: [
    {
      goalId: '656000000000000000000004',
      version: 1,
      add: [
        {
          text: 'Cart errors below 1%',
          assignee: 'dave',
          deadline: '2026-12-20',
          start: 3,
          end: 1,
          current: 2,
        },
      ],
      remove: ['656200000000000000000002'],
    },
  ],
  tracker_delete_entity: [
    { entityType: 'project', entityId: '656000000000000000000003', withBoard: false, confirm: true },
  ],
  tracker_get_entity_comments: [{ entityType: 'project', entityId: '656000000000000000000002', perPage: 10 }],
  tracker_add_entity_comment: [
    {
      entityType: 'project',
      entityId: '656000000000000000000002',
      text: 'Please review.',
      summonees: ['carol'],
    },
  ],
  tracker_get_entity_links: [{ entityType: 'project', entityId: '656000000000000000000002' }],
  tracker_link_entities: [
    {
      entityType: 'project',
      entityId: '656000000000000000000002',
      relationship: 'depends on',
      targetId: '656000000000000000000005',
      targetType: 'goal',
    },
  ],
  tracker_unlink_entities: [
    {
      entityType: 'project',
      entityId: '656000000000000000000002',
      targetId: '656000000000000000000004',
      targetType: 'goal',
      confirm: true,
    },
  ],

  // automation (seed: DEMO, administered by alice: macro 1, triggers 1–2, auto-action 1; OPS: trigger 3)
  tracker_get_automations: [
    { queueId: 'DEMO', kind: 'triggers', automationId: 1 },
    { queueId: 'DEMO', kind: 'macros' },
  ],
  tracker_create_macro: [
    {
      queueId: 'DEMO',
      name: 'Close as duplicate',
      body: 'Duplicate, closing.',
      issueUpdate: { resolution: 'duplicate' },
    },
  ],
  tracker_create_trigger: [
    {
      queueId: 'DEMO',
      name: 'Start on comment',
      actions: [{ type: 'Transition', status: 'inProgress' }],
      conditions: [{ type: 'CommentStringMatchCondition', word: 'start' }],
      active: true,
    },
  ],
  tracker_create_autoaction: [
    {
      queueId: 'DEMO',
      name: 'Close resolved',
      query: 'Status: resolved',
      actions: [{ type: 'Transition', status: 'closed' }],
      every: 'PT2H',
      active: false,
    },
  ],

  // dashboards (seed: 1 "Team overview" by alice, widgets 11–12; 2 "Ops health" by bob, widget 21)
  tracker_get_dashboards: [{ perPage: 10 }],
  tracker_get_dashboard: [{ dashboardId: 1, fields: ['name', 'widgets.description'] }],

  // core
  search_tools: [{ query: 'log time on an issue', limit: 5 }],
};

/** Tools with no valid call in the seed world, and why. */
export const UNCOVERED: Record<string, string> = {};

/** A 1×1 PNG: an image attachment has a thumbnail. */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/**
 * What the seed lacks for the attachment, bulk-status and local-field tools: an image and a text file
 * on DEMO-1 (attachments 4000, 3999), a finished bulk change (operation 5e0000000000000000000000) and
 * the DEMO local field `customer`, added
 * after every reset of the emulator the valid calls run against.
 */
export function addSeedExtras(state: TrackerState): void {
  state.queues
    .find((q) => q.key === 'DEMO')!
    .localFields.push({
      id: '000000000000000000000001--customer',
      key: 'customer',
      name: 'Customer',
      type: 'string',
      category: '000000000000000000000001',
    });
  const issue = state.issues.find((i) => i.key === 'DEMO-1')!;
  const at = '2026-11-02T10:00:00.000+0000';
  state.attachments.push(
    {
      id: '4000',
      issue: issue.id,
      name: 'screen.png',
      mimetype: 'image/png',
      size: PNG.length,
      content: PNG,
      createdBy: 'bob',
      createdAt: at,
    },
    {
      id: '3999',
      issue: issue.id,
      name: 'notes.txt',
      mimetype: 'text/plain',
      size: 5,
      content: new TextEncoder().encode('notes'),
      createdBy: 'alice',
      createdAt: at,
    },
  );
  state.bulkOperations.push({
    id: '5e0000000000000000000000',
    kind: 'update',
    issues: [issue.id],
    createdBy: 'alice',
    createdAt: at,
    completesAt: 0,
    startedAt: 0,
    apply: () => undefined,
    status: 'COMPLETE',
    statusText: 'Completed',
    applied: true,
  });
}
