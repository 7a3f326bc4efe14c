/**
 * Calls of every ClickUp tool that succeed against a fresh emulator seed (tools/emulators/clickup,
 * seed.ts): the starting points the generated adversary (@toolsmith/testing/adversary) derives its
 * malformed calls from, and a check of their own (valid-calls.e2e.test.ts runs each one after
 * `emulator.reset()`). They use the seed's exact ids and set the optional entity, date and duration
 * parameters a tool has, so each can be mutated; dates carry an explicit offset (the adversary
 * derives the same instant as wall time in the user's zone, America/New_York, from it).
 */

import type { ClickUpState } from '@toolsmith/clickup-emulator';

/** Seed ids (tools/emulators/clickup/src/seed.ts). */
export const SEED = {
  team: '9015123456',
  spaces: { development: '90151000001', marketing: '90151000002', operations: '90151000003' },
  folder: '90152000001',
  lists: {
    sprint: '901510000001',
    bugs: '901510000002',
    roadmap: '901510000003',
    campaigns: '901510000004',
  },
  members: { alice: 81000001, bob: 81000002, carol: 81000003, dave: 81000004 },
  /** DEV-1's task id ("Set up CI pipeline", Sprint 1). */
  ciTaskId: '86a4nq4np',
  fields: {
    priorityLevel: 'c1c0a000-0000-4000-8000-000100000001',
    components: 'c1c0a000-0000-4000-8000-000100000002',
    storyPoints: 'c1c0a000-0000-4000-8000-000100000004',
    notes: 'c1c0a000-0000-4000-8000-000100000005',
  },
  checklist: 'b9d3c1a0-0000-4000-8000-000000000001',
  checklistItems: [
    'b9d3c1a0-0000-4000-8000-000000000100',
    'b9d3c1a0-0000-4000-8000-000000000101',
    'b9d3c1a0-0000-4000-8000-000000000102',
  ],
  /** "Which browsers are affected?" on DEV-3, with two replies. */
  threadComment: '90150000031',
  comments: ['90150000001', '90150000002'],
  timeEntry: '4015000000000000001',
  view: '6-901510000001-1',
  goal: 'c1c0a000-0000-4000-8000-000300000001',
  doc: '8cnw8r7-15',
  docPage: '8cnw8r7-35',
} as const;

const { spaces, lists, members, fields } = SEED;

/** The webhook, the running timer and the key result `addSeedExtras` adds. */
export const EXTRAS = {
  webhook: 'e5a0c000-0000-4000-8000-000000000001',
  timer: '4015000000000000099',
  /** The key result of the seed's goal added for the key result tools. */
  keyResult: 'c1c0a000-0000-4000-8000-000500000001',
  /** A text file on DEV-1, for clickup_get_attachment. */
  attachment: 'c1c0a000-0000-4000-8000-000600000001.txt',
} as const;

export const VALID_CALLS: Record<string, Record<string, unknown>[]> = {
  // tasks
  clickup_search_tasks: [
    {
      statuses: ['in progress'],
      assignees: [members.bob],
      tags: ['feature'],
      list_ids: [lists.sprint],
      due_after: '2026-01-01T00:00:00-05:00',
      due_before: '2026-02-01T00:00:00-05:00',
      custom_fields: [{ field: fields.storyPoints, operator: '>', value: 1 }],
      include_closed: true,
      subtasks: true,
    },
    {
      space_ids: [spaces.development],
      folder_ids: [SEED.folder],
      created_after: '2025-12-01T00:00:00+00:00',
    },
  ],
  clickup_get_task: [{ task_id: 'DEV-1', include: ['checklists', 'custom_fields', 'dates'] }],
  clickup_raw_get: [{ path: `/v2/list/${SEED.lists.sprint}/task`, query: { page: 0 } }],
  clickup_get_list_tasks: [
    { list_id: lists.sprint, statuses: ['to do', 'in progress'], include_closed: true, subtasks: true },
  ],
  clickup_create_task: [
    {
      list_id: lists.sprint,
      name: 'Cache the dependencies',
      markdown_content: 'Cut the **install** step.',
      status: 'in progress',
      priority: 2,
      due_date: '2026-03-10T17:00:00-04:00',
      start_date: '2026-03-09T09:00:00-04:00',
      time_estimate: 'PT2H',
      points: 3,
      assignees: [members.bob],
      tags: ['bug'],
      parent: SEED.ciTaskId,
      custom_fields: [{ id: fields.storyPoints, value: 5 }],
      notify_all: false,
    },
  ],
  clickup_update_task: [
    {
      task_id: 'DEV-2',
      name: 'Write the onboarding docs',
      markdown_content: 'Setup, then the first task.',
      status: 'in review',
      priority: 1,
      due_date: '2026-03-10T17:00:00-04:00',
      start_date: '2026-03-02',
      time_estimate: 'PT3H',
      points: 2,
      assignees: { add: [members.bob], rem: [members.carol] },
      watchers: { add: [members.dave] },
      parent: SEED.ciTaskId,
      archived: false,
    },
  ],
  clickup_move_task: [{ task_id: 'DEV-2', list_id: lists.bugs }],
  clickup_duplicate_task: [{ task_id: 'DEV-2', list_id: lists.bugs, name: 'Write onboarding docs (copy)' }],
  clickup_delete_task: [{ task_id: 'DEV-12' }],

  // custom fields
  clickup_list_custom_fields: [{ list_id: lists.sprint }],
  clickup_set_custom_field_value: [
    { task_id: 'DEV-2', field_id: fields.storyPoints, value: 8, labels: 'merge' },
    { task_id: 'DEV-1', field_id: fields.priorityLevel, value: 'c1c0a000-0000-4000-8000-000200000003' },
  ],
  clickup_remove_custom_field_value: [{ task_id: 'DEV-1', field_id: fields.notes }],

  // context
  clickup_get_workspaces: [{}],
  clickup_get_hierarchy: [{ space_id: spaces.development }],
  clickup_search_knowledge: [{ query: 'custom task id', type: ['example'], limit: 3 }],

  // comments
  clickup_get_comments: [{ task_id: 'DEV-3' }],
  clickup_create_comment: [
    { task_id: 'DEV-2', text: 'Looks good.', notify_all: false, assignee: members.bob },
    { list_id: lists.bugs, text: 'Triage on Monday.' },
  ],
  clickup_get_comment_replies: [{ comment_id: SEED.threadComment }],
  clickup_create_comment_reply: [
    { comment_id: SEED.threadComment, text: 'Fixed in 1.0.1.', notify_all: false, assignee: members.dave },
  ],
  clickup_update_comment: [
    { comment_id: SEED.comments[0], text: 'Progress note 1 (edited)', assignee: members.bob, resolved: true },
  ],
  clickup_delete_comment: [{ comment_id: SEED.comments[1] }],

  // workspace
  clickup_get_spaces: [{ archived: false }],
  clickup_get_space: [{ space_id: spaces.development }],
  clickup_create_space: [{ name: 'Research', multiple_assignees: true }],
  clickup_update_space: [
    { space_id: spaces.marketing, name: 'Growth', private: false, multiple_assignees: true },
  ],
  clickup_delete_space: [{ space_id: spaces.operations }],
  clickup_get_folders: [{ space_id: spaces.development, archived: false }],
  clickup_get_folder: [{ folder_id: SEED.folder }],
  clickup_create_folder: [{ space_id: spaces.development, name: 'Sprint 2 work' }],
  clickup_update_folder: [{ folder_id: SEED.folder, name: 'Sprints' }],
  clickup_delete_folder: [{ folder_id: SEED.folder }],
  clickup_get_lists: [{ folder_id: SEED.folder, archived: false }, { space_id: spaces.development }],
  clickup_get_list: [{ list_id: lists.sprint }],
  clickup_create_list: [
    { folder_id: SEED.folder, name: 'Sprint 2', content: 'Next sprint' },
    { space_id: spaces.development, name: 'Ideas' },
  ],
  clickup_update_list: [{ list_id: lists.roadmap, name: 'Roadmap 2026', content: 'What ships when' }],
  clickup_delete_list: [{ list_id: lists.roadmap }],

  // members
  clickup_get_workspace_members: [{ role: 'member' }],
  clickup_find_member: [{ query: 'bob' }],
  clickup_get_list_members: [{ list_id: lists.sprint }],
  clickup_get_task_members: [{ task_id: 'DEV-1' }],

  // user groups (the seed's group Backend) and guests (the seed's guest Erin, 81000005)
  clickup_get_user_groups: [{}],
  clickup_create_user_group: [{ name: 'Design', handle: 'design', members: [members.carol, members.alice] }],
  clickup_update_user_group: [
    {
      group_id: 'A1B2C3D4-0000-4000-8000-000000000001',
      name: 'Platform',
      add: [members.carol],
      rem: [members.bob],
    },
  ],
  clickup_delete_user_group: [{ group_id: 'A1B2C3D4-0000-4000-8000-000000000001' }],
  clickup_invite_guest: [
    {
      email: 'pat@partner.example',
      can_edit_tags: true,
      can_see_time_spent: true,
      can_see_time_estimated: false,
      can_create_views: false,
    },
  ],
  clickup_get_guest: [{ guest_id: 81000005 }],
  clickup_edit_guest: [
    {
      guest_id: 81000005,
      can_edit_tags: true,
      can_see_time_spent: true,
      can_see_time_estimated: true,
      can_create_views: true,
    },
  ],
  clickup_remove_guest: [{ guest_id: 81000005 }],
  clickup_share_with_guest: [
    { guest_id: 81000005, list_id: lists.roadmap, permission: 'read' },
    { guest_id: 81000005, task_id: 'DEV-1', permission: 'edit' },
    { guest_id: 81000005, folder_id: SEED.folder, permission: 'comment' },
  ],
  clickup_unshare_with_guest: [{ guest_id: 81000005, list_id: lists.roadmap }],

  // checklists
  clickup_create_checklist: [{ task_id: 'DEV-2', name: 'Review' }],
  clickup_update_checklist: [{ checklist_id: SEED.checklist, name: 'Done means', position: 0 }],
  clickup_delete_checklist: [{ checklist_id: SEED.checklist }],
  clickup_create_checklist_item: [
    { checklist_id: SEED.checklist, name: 'Run it on a fork', assignee: members.bob },
  ],
  clickup_update_checklist_item: [
    {
      checklist_id: SEED.checklist,
      item_id: SEED.checklistItems[1],
      resolved: true,
      name: 'Cache the dependencies',
      assignee: members.carol,
      parent: SEED.checklistItems[0],
    },
  ],
  clickup_delete_checklist_item: [{ checklist_id: SEED.checklist, item_id: SEED.checklistItems[2] }],

  // tags
  clickup_get_space_tags: [{ space_id: spaces.development }],
  clickup_create_space_tag: [{ space_id: spaces.development, name: 'perf', fg: '#ffffff', bg: '#00aa00' }],
  clickup_add_tag_to_task: [{ task_id: 'DEV-2', tag: 'bug' }],
  clickup_remove_tag_from_task: [{ task_id: 'DEV-1', tag: 'feature' }],
  clickup_update_space_tag: [
    { space_id: spaces.development, tag: 'tech-debt', name: 'debt', fg: '#ffffff', bg: '#123456' },
  ],
  clickup_delete_space_tag: [{ space_id: spaces.development, tag: 'tech-debt' }],

  // time
  clickup_get_time_entries: [
    {
      // The range ends far ahead: a start given in words ("tomorrow 9am") stays before it.
      start: '2025-12-26T00:00:00-05:00',
      end: '2035-01-01T00:00:00+00:00',
      assignee: [members.alice, members.bob],
      task_id: 'DEV-1',
      limit: 50,
    },
    { start: '2025-12-26T00:00:00-05:00', end: '2035-01-01T00:00:00+00:00', list_id: lists.sprint },
  ],
  clickup_create_time_entry: [
    {
      task_id: 'DEV-2',
      start: '2026-01-05T10:00:00-05:00',
      duration: 'PT1H30M',
      description: 'Docs outline',
      billable: true,
      assignee: members.alice,
    },
    // Ends far ahead, so that either end given in words ("tomorrow 9am") keeps the order.
    { start: '2026-01-05T13:00:00-05:00', end: '2035-01-05T14:15:00-05:00' },
  ],
  clickup_start_timer: [{ task_id: 'DEV-2', description: 'Writing', billable: false }],
  clickup_get_running_timer: [{}],
  clickup_stop_timer: [{}],
  clickup_delete_time_entry: [{ entry_id: SEED.timeEntry }],
  clickup_get_time_entry_history: [{ entry_id: SEED.timeEntry }],
  clickup_get_time_entry_tags: [{}],
  clickup_update_time_entry: [
    {
      entry_id: SEED.timeEntry,
      start: '2026-01-05T10:00:00-05:00',
      duration: 'PT45M',
      description: 'Pairing',
      billable: true,
      task_id: 'DEV-2',
    },
  ],
  clickup_tag_time_entries: [{ entry_ids: [SEED.timeEntry], add: ['overtime'], remove: ['billing'] }],

  // time in status
  clickup_get_time_in_status: [{ task_id: 'DEV-1' }],
  clickup_get_bulk_time_in_status: [{ task_ids: ['DEV-3', SEED.ciTaskId] }],

  // tasks in multiple lists
  clickup_add_task_to_list: [{ task_id: 'DEV-2', list_id: lists.roadmap }],
  clickup_remove_task_from_list: [{ task_id: 'DEV-2', list_id: lists.bugs }],

  // templates
  clickup_get_task_templates: [{}],
  clickup_create_task_from_template: [
    { list_id: lists.sprint, template_id: 't-86a0bug01', name: 'Login fails on Safari' },
  ],
  clickup_create_list_from_template: [
    { template_id: 't-90150sprint', name: 'Sprint 2', folder_id: SEED.folder },
    { template_id: 't-90150sprint', name: 'Launch sprint', space_id: spaces.marketing },
  ],

  // task merge
  clickup_merge_tasks: [{ task_id: 'DEV-8', source_task_ids: ['DEV-9', 'DEV-10'] }],

  // bulk tasks (one create: a lost answer must be sent once, see ambiguous-writes)
  clickup_bulk_create_tasks: [
    { list_id: '901510000001', tasks: [{ name: 'Bulk one', status: 'in progress', priority: 2 }] },
  ],
  clickup_bulk_update_tasks: [
    {
      tasks: [
        { task_id: 'DEV-2', status: 'in review' },
        { task_id: 'DEV-8', status: 'fixing' },
      ],
    },
  ],
  clickup_bulk_move_tasks: [{ task_ids: ['DEV-9', 'DEV-10'], list_id: '901510000003' }],
  clickup_bulk_delete_tasks: [{ task_ids: ['DEV-11', 'DEV-12'] }],

  // sprints (the seed's Sprint folder: Sprint 8 holds 2026-01-06)
  clickup_get_active_sprint: [{ folder_id: '90152000009', at: '2026-01-06T12:00:00-05:00' }],
  clickup_add_tasks_to_sprint: [
    { folder_id: '90152000009', task_ids: ['DEV-2', 'DEV-8'], at: '2026-01-06T12:00:00-05:00' },
  ],

  // attachments
  clickup_get_attachments: [{ task_id: 'DEV-1' }],
  clickup_get_attachment: [{ task_id: 'DEV-1', attachment_id: EXTRAS.attachment }],
  clickup_upload_attachment: [
    { task_id: 'DEV-1', content_base64: 'aGVsbG8gd29ybGQK', file_name: 'hello.txt' },
  ],

  // relations
  clickup_add_dependency: [{ task_id: 'DEV-2', type: 'waiting_on', other_task_id: 'DEV-1' }],
  clickup_remove_dependency: [{ task_id: 'DEV-3', type: 'waiting_on', other_task_id: 'DEV-1' }],
  clickup_add_task_link: [{ task_id: 'DEV-3', other_task_id: 'DEV-4' }],
  clickup_remove_task_link: [{ task_id: 'DEV-2', other_task_id: 'DEV-1' }],

  // views
  clickup_get_views: [{ list_id: lists.sprint }, {}],
  clickup_get_view_tasks: [{ view_id: SEED.view }],
  clickup_create_view: [
    { name: 'By priority', type: 'board', list_id: lists.sprint },
    { name: 'Everything', type: 'list' },
  ],
  clickup_update_view: [{ view_id: SEED.view, name: 'Sprint list', group_by: 'assignee', show_closed: true }],
  clickup_delete_view: [{ view_id: SEED.view }],

  // goals
  clickup_get_goals: [{ include_completed: true }],
  clickup_get_goal: [{ goal_id: SEED.goal }],
  clickup_create_goal: [
    {
      name: 'Halve build time',
      due_date: '2026-03-31T17:00:00-04:00',
      description: 'CI under five minutes.',
      owners: [members.bob],
    },
  ],
  clickup_update_goal: [
    {
      goal_id: SEED.goal,
      name: 'Ship 1.0 GA',
      due_date: '2026-04-30T17:00:00-04:00',
      description: 'The GA release.',
      color: '#32a852',
      owners: { add: [members.bob], rem: [members.alice] },
    },
  ],
  clickup_delete_goal: [{ goal_id: SEED.goal }],
  clickup_create_key_result: [
    {
      goal_id: SEED.goal,
      name: 'Build minutes',
      type: 'number',
      start: 10,
      target: 5,
      unit: 'min',
      owners: [members.bob],
    },
  ],
  clickup_update_key_result: [
    { key_result_id: EXTRAS.keyResult, current: 7, note: 'Cached deps', name: 'CI minutes' },
  ],
  clickup_delete_key_result: [{ key_result_id: EXTRAS.keyResult }],

  // docs
  clickup_search_docs: [{ query: 'handbook', parent_id: SEED.team }],
  clickup_get_doc_pages: [{ doc_id: SEED.doc, page_id: SEED.docPage }, { doc_id: SEED.doc }],
  clickup_create_doc: [{ name: 'Runbook', parent_id: spaces.development }, { name: 'Team notes' }],
  clickup_create_doc_page: [
    { doc_id: SEED.doc, name: 'Releases', content: '# Releases\n\n- tag', parent_page_id: SEED.docPage },
  ],
  clickup_update_doc_page: [
    { doc_id: SEED.doc, page_id: SEED.docPage, name: 'Start here', content: '\n\nMore.', mode: 'append' },
    { doc_id: SEED.doc, page_id: SEED.docPage, content: '# New', mode: 'replace' },
  ],

  // webhooks
  clickup_list_webhook_events: [
    {
      event: 'taskStatusUpdated',
      list_id: lists.sprint,
      since: '2026-01-01T00:00:00+00:00',
      until: '2026-12-31T00:00:00+00:00',
      order: 'oldest',
      include: ['changes'],
      perPage: 20,
    },
  ],
  clickup_list_webhooks: [{}],
  clickup_update_webhook: [
    {
      webhook_id: EXTRAS.webhook,
      endpoint: 'https://hooks.example.com/moved',
      events: ['taskCreated', 'taskDeleted'],
    },
  ],
  clickup_delete_webhook: [{ webhook_id: EXTRAS.webhook }],
  clickup_create_webhook: [
    {
      endpoint: 'https://mcp.example.com/webhooks/clickup',
      events: ['taskCreated', 'taskStatusUpdated'],
      list_id: lists.sprint,
    },
  ],

  // chat (API v3): the emulator's chat seed (tools/emulators/clickup/src/chat-state.ts): #general,
  // #dev-team, Bob's standup message (2 replies, 2 reactions), Carol's post (Alice's "heart")
  clickup_get_chat_channels: [{ include_closed: true }],
  clickup_get_chat_messages: [{ channel_id: '8cnzy-101', limit: 10 }],
  clickup_get_chat_replies: [{ message_id: '80150000000002', limit: 10 }],
  clickup_send_chat_message: [
    { channel_id: '8cnzy-102', text: 'Deploying now' },
    { channel_id: '8cnzy-101', text: 'Details inside.', title: 'Q4 plan', post_type: '8015000904' },
  ],
  clickup_send_chat_reply: [{ message_id: '80150000000002', text: 'See you there' }],
  clickup_get_chat_reactions: [{ message_id: '80150000000002' }],
  clickup_add_chat_reaction: [{ message_id: '80150000000002', reaction: 'tada' }],
  clickup_remove_chat_reaction: [{ message_id: '80150000000003', reaction: 'heart' }],

  // core's tool, served by this server
  search_tools: [{ query: 'tags of a task' }],
};

/** Tools no call can succeed on against the seed as it is, and why. */
export const UNCOVERED: Record<string, string> = {};

/** When the extra timer started: fixed for the run, so two answers about it are the same. */
const TIMER_START = Date.now() - 30 * 60_000;

/**
 * What the seed lacks for the webhook and timer tools: a webhook on the Sprint list (for every tool)
 * and, for the timer tools only, a timer of the token's user running since half an hour before the
 * run (elsewhere it would change what every time read answers from one minute to the next); for
 * the key result tools, a key result of the seed's goal; for clickup_remove_task_from_list, DEV-2 in
 * a second list. Added after every reset of the emulator the valid calls run against.
 */
export function addSeedExtras(state: ClickUpState, tool: string): void {
  state.webhooks.push({
    id: EXTRAS.webhook,
    userId: state.me,
    endpoint: 'https://hooks.example.com/seed',
    events: ['taskCreated'],
    taskId: null,
    listId: SEED.lists.sprint,
    folderId: null,
    spaceId: null,
    status: 'active',
    failCount: 0,
    secret: 'SEEDWEBHOOKSECRET',
  });
  // For clickup_remove_task_from_list, DEV-2 also in Bugs (Tasks in Multiple Lists): the list it leaves.
  const docs = state.tasks.find((t) => t.customId === 'DEV-2');
  if (docs && tool === 'clickup_remove_task_from_list') {
    state.taskLocations = [{ taskId: docs.id, listId: SEED.lists.bugs }];
  }
  if (tool === 'clickup_update_key_result' || tool === 'clickup_delete_key_result') {
    state.keyResults = [
      {
        id: EXTRAS.keyResult,
        goalId: SEED.goal,
        name: 'Build minutes',
        type: 'number',
        unit: 'min',
        stepsStart: 10,
        stepsEnd: 5,
        stepsCurrent: 10,
        owners: [SEED.members.bob],
        creator: state.me,
        dateCreated: state.goals[0]?.dateCreated ?? 0,
        note: '',
      },
    ];
  }
  if (tool === 'clickup_get_attachment') {
    state.attachments.push({
      id: EXTRAS.attachment,
      taskId: SEED.ciTaskId,
      title: 'build.log',
      extension: 'txt',
      mimetype: 'text/plain',
      size: 9,
      userId: state.me,
      date: Date.UTC(2026, 0, 2),
      bytes: new TextEncoder().encode('build ok\n'),
    });
  }
  // For clickup_add_tasks_to_sprint, the seed's last sprint runs on to a year from now: a day in
  // words ("tomorrow 9am") then finds a sprint, as it would in a live Sprint folder.
  const lastSprint = state.lists.find((l) => l.id === '901510000013');
  if (lastSprint && tool === 'clickup_add_tasks_to_sprint')
    lastSprint.dueDate = Date.now() + 365 * 86_400_000;
  if (tool !== 'clickup_stop_timer' && tool !== 'clickup_get_running_timer') return;
  const start = TIMER_START;
  state.timeEntries.push({
    id: EXTRAS.timer,
    taskId: SEED.ciTaskId,
    userId: state.me,
    start,
    end: null,
    billable: false,
    description: 'Reviewing',
    tags: [],
    at: start,
  });
}
