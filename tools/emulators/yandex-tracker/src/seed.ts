/**
 * Seed data: one organisation with three queues (DEMO, OPS, WEB) sharing a workflow, 20 issues, users,
 * comments, links, worklogs, a checklist, components, projects, boards and sprints. Deterministic, so
 * tests and the demo can name what they expect.
 */
import { createAutomationSeed } from './automation-state.ts';
import { createDashboardsSeed } from './dashboards-state.ts';
import { createEntitiesSeed } from './entities-state.ts';
import {
  nextId,
  trackerDate,
  type IssueRecord,
  type QueueRecord,
  type TrackerState,
  type TransitionRecord,
} from './tracker-state.ts';

/** Issue ids look like the API's 24-hex-digit ids. */
export function issueIdFor(n: number): string {
  return `6a${n.toString(16).padStart(22, '0')}`;
}

const WORKFLOW: TransitionRecord[] = [
  { id: 'start_progress', display: 'Start progress', from: ['open', 'needInfo'], to: 'inProgress' },
  { id: 'need_info', display: 'Need info', from: ['open', 'inProgress'], to: 'needInfo' },
  { id: 'stop_progress', display: 'Stop progress', from: ['inProgress'], to: 'open' },
  { id: 'send_to_review', display: 'Send to review', from: ['inProgress'], to: 'inReview' },
  { id: 'resolve', display: 'Resolve', from: ['inProgress', 'inReview'], to: 'resolved' },
  {
    id: 'close',
    display: 'Close',
    from: ['open', 'inProgress', 'needInfo', 'inReview', 'resolved'],
    to: 'closed',
  },
  { id: 'reopen', display: 'Reopen', from: ['resolved', 'closed'], to: 'open' },
];

function queue(id: number, key: string, name: string, lead: string): QueueRecord {
  return {
    id,
    key,
    name,
    description: `${name} queue`,
    lead,
    defaultType: 'task',
    defaultPriority: 'normal',
    issueTypes: ['task', 'bug', 'epic', 'story'],
    version: 1,
    transitions: WORKFLOW.map((t) => ({ ...t })),
    localFields: [],
    permissions: {
      create: { users: [], groups: [], roles: ['author'] },
      write: { users: [lead], groups: [], roles: ['author', 'assignee'] },
      read: { users: [], groups: [1], roles: ['follower', 'access'] },
      grant: { users: [lead], groups: [], roles: [] },
    },
  };
}

export function createSeedState(): TrackerState {
  const base = Date.parse('2026-11-02T09:00:00.000Z');
  const at = (hours: number) => trackerDate(new Date(base + hours * 3_600_000));
  const state: TrackerState = {
    orgName: 'Toolsmith Demo Org',
    me: 'alice',
    // Time zones differ and none is UTC, so a test can tell which zone a time was read in:
    // Moscow +03:00 (no DST), Yekaterinburg +05:00, Berlin +01:00 in November, New York −05:00 in
    // November, Kolkata +05:30.
    users: [
      ['alice', 'Alice', 'Ivanova', 'Europe/Moscow'],
      ['bob', 'Bob', 'Petrov', 'Asia/Yekaterinburg'],
      ['carol', 'Carol', 'Smirnova', 'Europe/Berlin'],
      ['dave', 'Dave', 'Kuznetsov', 'America/New_York'],
      ['erin', 'Erin', 'Sokolova', 'Asia/Kolkata'],
    ].map(([login, firstName, lastName, timezone], i) => ({
      uid: 1_120_000_000_000_001 + i,
      login: login!,
      firstName: firstName!,
      lastName: lastName!,
      display: `${firstName} ${lastName}`,
      email: `${login}@example.org`,
      dismissed: login === 'erin',
      timezone: timezone!,
    })),
    statuses: [
      { id: 1, key: 'open', display: 'Open', type: 'new', order: 1 },
      { id: 2, key: 'inProgress', display: 'In progress', type: 'inProgress', order: 2 },
      { id: 3, key: 'needInfo', display: 'Need info', type: 'paused', order: 3 },
      { id: 4, key: 'inReview', display: 'In review', type: 'inProgress', order: 4 },
      { id: 5, key: 'resolved', display: 'Resolved', type: 'done', order: 5 },
      { id: 6, key: 'closed', display: 'Closed', type: 'done', order: 6 },
    ],
    issueTypes: [
      { id: 1, key: 'bug', display: 'Bug', order: 1 },
      { id: 2, key: 'task', display: 'Task', order: 2 },
      { id: 3, key: 'epic', display: 'Epic', order: 3 },
      { id: 4, key: 'story', display: 'Story', order: 4 },
    ],
    priorities: [
      { id: 1, key: 'trivial', display: 'Trivial', order: 1 },
      { id: 2, key: 'minor', display: 'Minor', order: 2 },
      { id: 3, key: 'normal', display: 'Normal', order: 3 },
      { id: 4, key: 'critical', display: 'Critical', order: 4 },
      { id: 5, key: 'blocker', display: 'Blocker', order: 5 },
    ],
    resolutions: [
      { id: 1, key: 'fixed', display: 'Fixed', order: 1 },
      { id: 2, key: 'wontFix', display: "Won't fix", order: 2 },
      { id: 3, key: 'duplicate', display: 'Duplicate', order: 3 },
      { id: 4, key: 'invalid', display: 'Invalid', order: 4 },
    ],
    globalFields: [
      ['summary', 'Summary', 'string', true],
      ['description', 'Description', 'text', false],
      ['assignee', 'Assignee', 'user', false],
      ['priority', 'Priority', 'priority', true],
      ['storyPoints', 'Story points', 'float', false],
      ['deadline', 'Deadline', 'date', false],
      ['tags', 'Tags', 'array', false],
      ['status', 'Status', 'status', true],
    ].map(([key, name, type, required]) => ({
      id: key as string,
      key: key as string,
      name: name as string,
      version: 1,
      schema: { type: type as string, required: required as boolean },
      readonly: key === 'status',
      category: '000000000000000000000001',
    })),
    queues: [
      queue(1, 'DEMO', 'Demo', 'alice'),
      queue(2, 'OPS', 'Operations', 'bob'),
      queue(3, 'WEB', 'Website', 'carol'),
    ],
    issues: [],
    comments: [],
    links: [],
    attachments: [],
    checklists: new Map(),
    worklogs: [],
    components: [
      {
        id: 1,
        version: 1,
        queue: 'DEMO',
        name: 'Backend',
        description: 'API and services',
        lead: 'bob',
        assignAuto: false,
        archived: false,
      },
      {
        id: 2,
        version: 1,
        queue: 'DEMO',
        name: 'Frontend',
        description: 'Web client',
        lead: 'carol',
        assignAuto: true,
        archived: false,
      },
      {
        id: 3,
        version: 1,
        queue: 'OPS',
        name: 'Infrastructure',
        lead: 'dave',
        assignAuto: false,
        archived: false,
      },
    ],
    projects: [
      {
        id: 1,
        version: 1,
        key: 'LAUNCH',
        name: 'Winter launch',
        description: 'Ship the new onboarding',
        lead: 'alice',
        status: 'IN_PROGRESS',
        startDate: '2026-11-01',
        endDate: '2026-12-20',
        queues: ['DEMO', 'WEB'],
        createdBy: 'alice',
        createdAt: at(0),
      },
      {
        id: 2,
        version: 1,
        key: 'MIGRATE',
        name: 'Database migration',
        lead: 'dave',
        status: 'DRAFT',
        queues: ['OPS'],
        createdBy: 'dave',
        createdAt: at(1),
      },
    ],
    boards: [
      {
        id: 1,
        version: 1,
        name: 'Demo board',
        queue: 'DEMO',
        query: 'Queue: DEMO',
        columns: [
          { id: 1, name: 'To do', statuses: ['open', 'needInfo'] },
          { id: 2, name: 'In progress', statuses: ['inProgress', 'inReview'] },
          { id: 3, name: 'Done', statuses: ['resolved', 'closed'] },
        ],
        createdBy: 'alice',
        createdAt: at(0),
      },
      {
        id: 2,
        version: 1,
        name: 'Ops kanban',
        queue: 'OPS',
        query: 'Queue: OPS',
        columns: [{ id: 4, name: 'All', statuses: ['open', 'inProgress', 'closed'] }],
        createdBy: 'bob',
        createdAt: at(2),
      },
    ],
    sprints: [
      {
        id: 1,
        version: 1,
        name: 'Sprint 45',
        board: 1,
        status: 'released',
        startDate: '2026-10-19',
        endDate: '2026-11-01',
        createdBy: 'alice',
        createdAt: at(-400),
      },
      {
        id: 2,
        version: 1,
        name: 'Sprint 46',
        board: 1,
        status: 'in_progress',
        startDate: '2026-11-02',
        endDate: '2026-11-15',
        createdBy: 'alice',
        createdAt: at(0),
      },
      {
        id: 3,
        version: 1,
        name: 'Sprint 47',
        board: 1,
        status: 'draft',
        startDate: '2026-11-16',
        endDate: '2026-11-29',
        createdBy: 'alice',
        createdAt: at(1),
      },
    ],
    filters: [
      {
        id: 1,
        version: 1,
        name: 'My open issues',
        query: 'Assignee: me() Resolution: empty()',
        owner: 'alice',
        createdAt: at(0),
      },
      {
        id: 2,
        version: 1,
        name: 'Ops blockers',
        filter: { queue: 'OPS', priority: 'blocker' },
        owner: 'bob',
        createdAt: at(2),
      },
    ],
    versions: [
      {
        id: 1,
        version: 1,
        queue: 'DEMO',
        name: '1.0',
        description: 'First public release',
        startDate: '2026-09-01',
        dueDate: '2026-10-31',
        released: true,
        archived: false,
      },
      {
        id: 2,
        version: 1,
        queue: 'DEMO',
        name: '1.1',
        dueDate: '2026-12-15',
        released: false,
        archived: false,
      },
      { id: 3, version: 1, queue: 'OPS', name: '2026.4', released: false, archived: false },
    ],
    bulkOperations: [],
    changelog: [],
    sequences: new Map(),
    bulkDurationMs: 300,
    entities: createEntitiesSeed(at),
    automation: createAutomationSeed(at),
    dashboards: createDashboardsSeed(at),
  };

  const issues: Array<[string, string, string, string, string | undefined, Partial<IssueRecord>?]> = [
    [
      'DEMO',
      'Login page returns 500 for emails with a plus sign',
      'bug',
      'critical',
      'bob',
      { status: 'inProgress', tags: ['auth', 'backend'], components: [1], sprint: [2] },
    ],
    [
      'DEMO',
      'Add dark mode to the settings page',
      'story',
      'normal',
      'carol',
      { tags: ['ui'], components: [2], sprint: [2], storyPoints: 5 },
    ],
    ['DEMO', 'Onboarding epic', 'epic', 'normal', 'alice', { status: 'inProgress' }],
    ['DEMO', 'Write onboarding emails', 'task', 'minor', 'dave', { parent: 'DEMO-3' }],
    ['DEMO', 'Password reset link expires too early', 'bug', 'normal', undefined, { tags: ['auth'] }],
    [
      'DEMO',
      'Update the privacy policy page',
      'task',
      'trivial',
      'carol',
      { status: 'resolved', resolution: 'fixed' },
    ],
    [
      'DEMO',
      'Search is slow for long queries',
      'bug',
      'critical',
      'bob',
      { status: 'inReview', sprint: [2], deadline: '2026-11-20' },
    ],
    ['DEMO', 'Export reports as CSV', 'story', 'normal', undefined, { sprint: [3], storyPoints: 3 }],
    ['DEMO', 'Flaky test in checkout flow', 'bug', 'minor', 'dave', { status: 'needInfo' }],
    [
      'DEMO',
      'Translate the help centre into Russian',
      'task',
      'normal',
      'erin',
      { status: 'closed', resolution: 'wontFix' },
    ],
    ['DEMO', 'Two-factor authentication', 'story', 'critical', 'bob', { sprint: [3], storyPoints: 8 }],
    [
      'DEMO',
      'Crash when uploading an empty avatar',
      'bug',
      'blocker',
      'carol',
      { status: 'inProgress', sprint: [2] },
    ],
    ['OPS', 'Rotate TLS certificates', 'task', 'critical', 'dave', { deadline: '2026-11-30' }],
    ['OPS', 'Disk almost full on db-2', 'bug', 'blocker', 'dave', { status: 'inProgress', components: [3] }],
    ['OPS', 'Upgrade Postgres to 18', 'task', 'normal', 'bob'],
    [
      'OPS',
      'Set up nightly backups check',
      'task',
      'minor',
      undefined,
      { status: 'resolved', resolution: 'fixed' },
    ],
    ['OPS', 'Alert fatigue: tune thresholds', 'story', 'normal', 'erin'],
    ['WEB', 'New landing page', 'epic', 'normal', 'carol', { status: 'inProgress' }],
    ['WEB', 'Broken link in the footer', 'bug', 'trivial', undefined],
    ['WEB', 'Cookie banner text review', 'task', 'minor', 'alice', { status: 'inReview' }],
  ];
  issues.forEach(([queueKey, summary, type, priority, assignee, extra], index) => {
    const number = nextId(state, `key:${queueKey}`);
    const n = nextId(state, 'issue');
    const createdAt = at(index * 3);
    state.issues.push({
      id: issueIdFor(n),
      key: `${queueKey}-${number}`,
      version: 1,
      queue: queueKey,
      summary,
      description: `${summary}. Seeded by the emulator.`,
      type,
      priority,
      status: 'open',
      ...(assignee ? { assignee } : {}),
      createdBy: index % 3 === 0 ? 'alice' : 'bob',
      createdAt,
      updatedAt: createdAt,
      followers: assignee && assignee !== 'alice' ? ['alice'] : [],
      tags: [],
      components: [],
      sprint: [],
      extra: {},
      previousKeys: [],
      ...extra,
    });
  });

  for (const issue of state.issues) {
    state.changelog.push({
      id: `65${nextId(state, 'changelog').toString(16).padStart(22, '0')}`,
      issue: issue.id,
      updatedAt: issue.createdAt,
      updatedBy: issue.createdBy,
      type: 'IssueCreated',
      fields: [],
    });
    if (issue.status !== 'open') {
      state.changelog.push({
        id: `65${nextId(state, 'changelog').toString(16).padStart(22, '0')}`,
        issue: issue.id,
        updatedAt: issue.createdAt,
        updatedBy: issue.createdBy,
        type: 'IssueWorkflow',
        fields: [{ field: 'status', from: 'open', to: issue.status }],
      });
    }
  }

  const byKey = (key: string) => state.issues.find((i) => i.key === key)!;
  const comment = (key: string, author: string, text: string, hours: number) => {
    const id = nextId(state, 'comment', 101);
    state.comments.push({
      id,
      longId: `64${id.toString(16).padStart(22, '0')}`,
      issue: byKey(key).id,
      text,
      createdBy: author,
      createdAt: at(hours),
      updatedAt: at(hours),
      summonees: [],
      maillistSummonees: [],
      attachmentIds: [],
      version: 1,
      type: 'standard',
      transport: 'internal',
    });
  };
  comment('DEMO-1', 'bob', 'Reproduced with user+test@example.org; the plus is decoded as a space.', 5);
  comment('DEMO-1', 'alice', 'Thanks! Please add a regression test.', 6);
  comment('DEMO-1', 'bob', 'Fix is in review: encode the address before the lookup.', 9);
  comment('DEMO-7', 'carol', 'Profiling shows the tokenizer is quadratic.', 30);
  comment('OPS-2', 'dave', 'Freed 40 GB by dropping old WAL segments.', 50);

  const link = (
    from: string,
    to: string,
    type: 'relates' | 'depends' | 'duplicates' | 'subtask' | 'epic',
  ) => {
    state.links.push({
      id: nextId(state, 'link', 501),
      from: byKey(from).id,
      to: byKey(to).id,
      type,
      createdBy: 'alice',
      createdAt: at(10),
    });
  };
  link('DEMO-4', 'DEMO-3', 'subtask');
  link('DEMO-1', 'DEMO-5', 'relates');
  link('DEMO-11', 'DEMO-1', 'depends');

  const worklog = (key: string, author: string, start: number, duration: string, text?: string) => {
    const id = nextId(state, 'worklog', 301);
    state.worklogs.push({
      id,
      issue: byKey(key).id,
      start: at(start),
      duration,
      ...(text ? { comment: text } : {}),
      createdBy: author,
      createdAt: at(start),
      updatedAt: at(start),
      version: 1,
    });
  };
  worklog('DEMO-1', 'bob', 4, 'PT3H', 'Investigation');
  worklog('DEMO-1', 'bob', 28, 'PT1H30M', 'Fix and tests');
  worklog('DEMO-7', 'carol', 31, 'P1D', 'Profiling');
  worklog('OPS-2', 'dave', 49, 'PT45M');

  state.checklists.set(byKey('DEMO-2').id, [
    { id: '5fde5f0a1aee261d00000001', text: 'Design tokens for dark colours', checked: true },
    {
      id: '5fde5f0a1aee261d00000002',
      text: 'Toggle in settings',
      checked: false,
      assignee: 'carol',
      deadline: { date: '2026-11-25T00:00:00.000+0000', deadlineType: 'date' },
    },
    { id: '5fde5f0a1aee261d00000003', text: 'Persist the choice', checked: false },
  ]);
  return state;
}
