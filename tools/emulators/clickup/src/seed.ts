/**
 * The seed workspace: one team "Emulator Workspace" with five members (the token's owner, Alice,
 * in the time zone `SEED_TIMEZONE`); Spaces Development (custom
 * task ids DEV-n), Marketing and Operations; a folder "Sprint work" with lists "Sprint 1" and
 * "Bugs"; folderless lists "Roadmap", "Campaigns" and "Ticket archive" (120 tasks: more than one
 * page); lists with their own statuses (closed and done types included); custom fields of the
 * common types (drop_down and labels with option UUIDs and orderindex, date, number, text,
 * currency, emoji, checkbox, url); subtasks, comments (30 on DEV-1: two pages), threaded replies,
 * a checklist, tags, dependencies and a link, time entries, views, a goal and a doc.
 * Every id and date is deterministic. `createSeedState({ workspaces: 2 })` adds empty workspaces the
 * token also sees (`GET /team` lists them), for a server started without CLICKUP_TEAM_ID.
 */
import type {
  ClickUpState,
  OtherTeamRecord,
  CommentRecord,
  CustomFieldRecord,
  ListRecord,
  SpaceRecord,
  StatusRecord,
  TaskRecord,
  UserRecord,
} from './clickup-state.ts';
import { taskIdFor, uuidFor, UUID_KIND } from './ids.ts';
import { withSprintFolder } from './seed-sprints.ts';

/** 2026-01-05T09:00:00Z: the seed's "now". */
export const SEED_EPOCH = Date.UTC(2026, 0, 5, 9, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SEED_TEAM_ID = '9015123456';

/**
 * The token owner's time zone (`GET /user` → `timezone`): not UTC and never at offset 0 (UTC−5 in
 * winter, UTC−4 in summer), so a date read in UTC instead of the user's zone shows.
 */
export const SEED_TIMEZONE = 'America/New_York';

/** The extra workspaces of `createSeedState({ workspaces })`, in order (ids follow SEED_TEAM_ID). */
export const SEED_OTHER_TEAMS = [
  { id: '9015123457', name: 'Client Projects', color: '#e91e63' },
  { id: '9015123458', name: 'Personal', color: '#4caf50' },
  { id: '9015123459', name: 'Archive 2025', color: '#9e9e9e' },
] as const;

export interface SeedOptions {
  /**
   * How many workspaces the token sees: 1 (default) is the seed workspace alone; 2 to 4 add the
   * empty workspaces of SEED_OTHER_TEAMS (Alice and one member of their own in each).
   */
  workspaces?: number;
  /** The token owner's IANA time zone. Default SEED_TIMEZONE. */
  timezone?: string;
}

export const SEED_USERS = {
  alice: 81000001,
  bob: 81000002,
  carol: 81000003,
  dave: 81000004,
  erin: 81000005,
} as const;

function statuses(owner: string, spec: Array<[string, StatusRecord['type'], string]>): StatusRecord[] {
  return spec.map(([status, type, color], orderindex) => ({
    id: `p${owner}_${status.replace(/\W+/g, '').slice(0, 8).padEnd(8, 'x')}`,
    status,
    color,
    orderindex,
    type,
  }));
}

const field = (
  n: number,
  name: string,
  type: string,
  location: CustomFieldRecord['location'],
  type_config: Record<string, unknown> = {},
): CustomFieldRecord => ({
  id: uuidFor(UUID_KIND.field, n),
  name,
  type,
  type_config,
  dateCreated: SEED_EPOCH - 30 * DAY,
  hideFromGuests: false,
  required: false,
  location,
});

const option = (n: number) => uuidFor(UUID_KIND.option, n);

function otherTeams(count: number, alice: UserRecord): OtherTeamRecord[] {
  if (!Number.isInteger(count) || count < 1 || count > SEED_OTHER_TEAMS.length + 1) {
    throw new Error(`workspaces must be 1 to ${SEED_OTHER_TEAMS.length + 1}, not ${count}.`);
  }
  return SEED_OTHER_TEAMS.slice(0, count - 1).map((team, n) => ({
    ...team,
    members: [
      { ...alice, role: 3 },
      {
        id: 81000101 + n,
        username: `Guest Owner ${n + 2}`,
        email: `owner${n + 2}@elsewhere.example`,
        color: '#607d8b',
        initials: 'GO',
        role: 1,
      },
    ],
  }));
}

export function createSeedState(options: SeedOptions = {}): ClickUpState {
  const { alice, bob, carol, dave, erin } = SEED_USERS;
  const users: UserRecord[] = [
    {
      id: alice,
      username: 'Alice Martin',
      email: 'alice@example.com',
      color: '#7b68ee',
      initials: 'AM',
      role: 1,
      timezone: options.timezone ?? SEED_TIMEZONE,
    },
    { id: bob, username: 'Bob Chen', email: 'bob@example.com', color: '#e91e63', initials: 'BC', role: 2 },
    {
      id: carol,
      username: 'Carol Diaz',
      email: 'carol@example.com',
      color: '#03a9f4',
      initials: 'CD',
      role: 3,
    },
    {
      id: dave,
      username: 'Dave Okafor',
      email: 'dave@example.com',
      color: '#4caf50',
      initials: 'DO',
      role: 3,
    },
    {
      id: erin,
      username: 'Erin Guest',
      email: 'erin@partner.example',
      color: '#ff9800',
      initials: 'EG',
      role: 4,
    },
  ];

  const space = (
    id: string,
    name: string,
    prefix: string | null,
    tags: SpaceRecord['tags'],
  ): SpaceRecord => ({
    id,
    name,
    private: false,
    statuses: statuses(id, [
      ['to do', 'open', '#d3d3d3'],
      ['in progress', 'custom', '#4194f6'],
      ['complete', 'closed', '#6bc950'],
    ]),
    multipleAssignees: true,
    archived: false,
    tags,
    customIdPrefix: prefix,
    customIdCounter: 1,
  });
  const spaces = [
    space('90151000001', 'Development', 'DEV', [
      { name: 'bug', tag_fg: '#ffffff', tag_bg: '#e50000', creator: alice },
      { name: 'feature', tag_fg: '#ffffff', tag_bg: '#04a9f4', creator: alice },
      { name: 'tech-debt', tag_fg: '#000000', tag_bg: '#ffeb3b', creator: bob },
    ]),
    space('90151000002', 'Marketing', null, [
      { name: 'campaign', tag_fg: '#ffffff', tag_bg: '#9c27b0', creator: carol },
    ]),
    space('90151000003', 'Operations', 'OPS', []),
  ];
  const [dev, marketing, ops] = spaces as [SpaceRecord, SpaceRecord, SpaceRecord];

  const folders = [
    {
      id: '90152000001',
      name: 'Sprint work',
      spaceId: dev.id,
      orderindex: 0,
      hidden: false,
      archived: false,
    },
  ];

  const list = (
    id: string,
    name: string,
    spaceId: string,
    folderId: string | null,
    orderindex: number,
    spec: Array<[string, StatusRecord['type'], string]>,
  ): ListRecord => ({
    id,
    name,
    spaceId,
    folderId,
    orderindex,
    content: '',
    statuses: statuses(id, spec),
    archived: false,
  });
  const lists = [
    list('901510000001', 'Sprint 1', dev.id, '90152000001', 0, [
      ['to do', 'open', '#d3d3d3'],
      ['in progress', 'custom', '#4194f6'],
      ['in review', 'custom', '#a875ff'],
      ['done', 'done', '#6bc950'],
      ['closed', 'closed', '#008844'],
    ]),
    list('901510000002', 'Bugs', dev.id, '90152000001', 1, [
      ['open', 'open', '#d3d3d3'],
      ['triaged', 'custom', '#ff7800'],
      ['fixing', 'custom', '#4194f6'],
      ['closed', 'closed', '#008844'],
    ]),
    list('901510000003', 'Roadmap', dev.id, null, 2, [
      ['idea', 'open', '#d3d3d3'],
      ['planned', 'custom', '#4194f6'],
      ['shipped', 'closed', '#6bc950'],
    ]),
    list('901510000004', 'Campaigns', marketing.id, null, 0, [
      ['open', 'open', '#d3d3d3'],
      ['in progress', 'custom', '#4194f6'],
      ['complete', 'closed', '#6bc950'],
    ]),
    list('901510000005', 'Ticket archive', ops.id, null, 0, [
      ['new', 'open', '#d3d3d3'],
      ['answered', 'custom', '#4194f6'],
      ['resolved', 'closed', '#6bc950'],
    ]),
  ];
  const [sprint, bugs, roadmap, campaigns, archive] = lists as [
    ListRecord,
    ListRecord,
    ListRecord,
    ListRecord,
    ListRecord,
  ];

  const fields = [
    field(
      1,
      'Priority Level',
      'drop_down',
      { type: 'space', id: dev.id },
      {
        sorting: 'manual',
        default: 0,
        placeholder: null,
        options: [
          { id: option(1), name: 'High', color: '#e50000', orderindex: 0 },
          { id: option(2), name: 'Medium', color: '#ff7800', orderindex: 1 },
          { id: option(3), name: 'Low', color: '#04a9f4', orderindex: 2 },
        ],
      },
    ),
    field(
      2,
      'Components',
      'labels',
      { type: 'folder', id: '90152000001' },
      {
        sorting: 'manual',
        options: [
          { id: option(11), label: 'API', color: '#7b68ee', orderindex: 0 },
          { id: option(12), label: 'UI', color: '#e91e63', orderindex: 1 },
          { id: option(13), label: 'Docs', color: '#4caf50', orderindex: 2 },
        ],
      },
    ),
    field(3, 'Deadline', 'date', { type: 'list', id: sprint.id }),
    field(4, 'Story Points', 'number', { type: 'space', id: dev.id }, { precision: 0 }),
    field(5, 'Notes', 'text', { type: 'space', id: dev.id }),
    field(6, 'Confidence', 'emoji', { type: 'space', id: dev.id }, { code_point: '1f525', count: 5 }),
    field(7, 'Approved', 'checkbox', { type: 'space', id: dev.id }),
    field(
      8,
      'Budget',
      'currency',
      { type: 'space', id: marketing.id },
      {
        precision: 2,
        currency_type: 'USD',
        default: null,
      },
    ),
    field(9, 'Landing page', 'url', { type: 'space', id: marketing.id }),
  ];
  const [priorityLevel, components, deadline, storyPoints, notes, , , budget] =
    fields as CustomFieldRecord[] as [
      CustomFieldRecord,
      CustomFieldRecord,
      CustomFieldRecord,
      CustomFieldRecord,
      CustomFieldRecord,
      CustomFieldRecord,
      CustomFieldRecord,
      CustomFieldRecord,
    ];

  const tasks: TaskRecord[] = [];
  let taskNumber = 0;
  const task = (
    listRecord: ListRecord,
    name: string,
    status: string,
    extra: Partial<TaskRecord> = {},
  ): TaskRecord => {
    taskNumber += 1;
    const spaceRecord = spaces.find((s) => s.id === listRecord.spaceId)!;
    const customId = spaceRecord.customIdPrefix
      ? `${spaceRecord.customIdPrefix}-${spaceRecord.customIdCounter++}`
      : null;
    const created = SEED_EPOCH - (200 - taskNumber) * HOUR;
    const statusType = listRecord.statuses.find((s) => s.status === status)!.type;
    const record: TaskRecord = {
      id: taskIdFor(taskNumber, 9),
      customId,
      name,
      description: '',
      markdownDescription: '',
      listId: listRecord.id,
      parent: null,
      status,
      creator: alice,
      assignees: [],
      watchers: [alice],
      tags: [],
      priority: null,
      dueDate: null,
      dueDateTime: false,
      startDate: null,
      startDateTime: false,
      timeEstimate: null,
      points: null,
      dateCreated: created,
      dateUpdated: created + HOUR,
      dateClosed: statusType === 'closed' || statusType === 'done' ? created + 2 * HOUR : null,
      dateDone: statusType === 'closed' || statusType === 'done' ? created + 2 * HOUR : null,
      archived: false,
      orderindex: taskNumber,
      customFields: {},
      deleted: false,
      ...extra,
    };
    tasks.push(record);
    return record;
  };

  const ci = task(sprint, 'Set up CI pipeline', 'in progress', {
    description: 'Build, lint and test on every push.',
    markdownDescription: 'Build, **lint** and test on every push.',
    assignees: [alice, bob],
    watchers: [alice, bob],
    tags: ['feature'],
    priority: 2,
    dueDate: SEED_EPOCH + 3 * DAY,
    startDate: SEED_EPOCH - 2 * DAY,
    timeEstimate: 8 * HOUR,
    customFields: {
      [priorityLevel.id]: 0,
      [components.id]: [option(11)],
      [storyPoints.id]: 5,
      [deadline.id]: String(SEED_EPOCH + 5 * DAY),
      [notes.id]: 'Use the shared runners.',
    },
  });
  const docs = task(sprint, 'Write onboarding docs', 'to do', {
    assignees: [carol],
    priority: 3,
    dueDate: SEED_EPOCH + 10 * DAY,
    customFields: { [priorityLevel.id]: 2 },
  });
  const login = task(sprint, 'Fix login redirect', 'in review', {
    assignees: [dave],
    tags: ['bug'],
    priority: 1,
    dueDate: SEED_EPOCH + DAY,
  });
  task(sprint, 'Release 1.0', 'done', { assignees: [alice], priority: 2 });
  task(sprint, 'Old spike: evaluate runners', 'closed', { tags: ['tech-debt'] });
  task(sprint, 'Add lint step', 'to do', { parent: ci.id, assignees: [bob] });
  task(sprint, 'Add test step', 'in progress', { parent: ci.id, assignees: [bob] });
  task(bugs, 'Crash on empty search', 'triaged', { tags: ['bug'], priority: 1, assignees: [dave] });
  task(bugs, 'Typo on settings page', 'open', { tags: ['bug'], priority: 4 });
  task(bugs, 'Timeout on export', 'closed', { tags: ['bug'], priority: 2, assignees: [carol] });
  task(roadmap, 'Public API', 'planned', { priority: 2 });
  task(roadmap, 'Mobile app', 'idea');
  const spring = task(campaigns, 'Spring campaign', 'in progress', {
    assignees: [carol],
    tags: ['campaign'],
    creator: carol,
    watchers: [carol],
    customFields: { [budget.id]: '1250.5' },
  });
  task(campaigns, 'Newsletter #12', 'open', { assignees: [erin], creator: carol, watchers: [carol] });
  for (let n = 1; n <= 120; n += 1) {
    task(archive, `Ticket ${String(n).padStart(3, '0')}`, n % 3 === 0 ? 'answered' : 'new', {
      creator: dave,
      watchers: [dave],
      assignees: n % 2 === 0 ? [dave] : [],
    });
  }

  const comments: CommentRecord[] = [];
  let commentNumber = 0;
  const comment = (
    taskId: string,
    text: string,
    userId: number,
    date: number,
    parentId: string | null = null,
  ) => {
    commentNumber += 1;
    const record: CommentRecord = {
      id: String(90150000000 + commentNumber),
      taskId: parentId === null ? taskId : null,
      listId: null,
      parentId,
      text,
      userId,
      assignee: null,
      resolved: false,
      date,
    };
    comments.push(record);
    return record;
  };
  for (let n = 1; n <= 30; n += 1) {
    comment(ci.id, `Progress note ${n}`, n % 2 === 0 ? bob : alice, SEED_EPOCH - (31 - n) * HOUR);
  }
  const question = comment(login.id, 'Which browsers are affected?', carol, SEED_EPOCH - 5 * HOUR);
  comment(login.id, 'Safari and Firefox.', dave, SEED_EPOCH - 4 * HOUR, question.id);
  comment(login.id, 'Chrome too, on iOS.', bob, SEED_EPOCH - 3 * HOUR, question.id);
  comment(spring.id, 'Budget approved.', carol, SEED_EPOCH - 2 * HOUR);

  return {
    team: { id: SEED_TEAM_ID, name: 'Emulator Workspace', color: '#7b68ee' },
    otherTeams: otherTeams(options.workspaces ?? 1, users[0]!),
    users,
    me: alice,
    spaces,
    ...withSprintFolder(folders, lists),
    fields,
    tasks,
    dependencies: [{ taskId: login.id, dependsOn: ci.id, userId: alice, date: SEED_EPOCH - DAY }],
    links: [{ taskId: docs.id, linksTo: ci.id, userId: alice, date: SEED_EPOCH - DAY }],
    comments,
    checklists: [
      {
        id: 'b9d3c1a0-0000-4000-8000-000000000001',
        taskId: ci.id,
        name: 'Definition of done',
        orderindex: 0,
        dateCreated: SEED_EPOCH - 2 * DAY,
        items: [
          ['Pipeline green on main', true],
          ['Cache dependencies', false],
          ['Document the setup', false],
        ].map(([name, resolved], orderindex) => ({
          id: `b9d3c1a0-0000-4000-8000-0000000001${String(orderindex).padStart(2, '0')}`,
          name: name as string,
          orderindex,
          assignee: null,
          resolved: resolved as boolean,
          parent: null,
          dateCreated: SEED_EPOCH - 2 * DAY,
        })),
      },
    ],
    timeEntries: [
      { taskId: ci.id, userId: alice, start: SEED_EPOCH - 2 * DAY, hours: 2 },
      { taskId: ci.id, userId: alice, start: SEED_EPOCH - DAY, hours: 1.5 },
      { taskId: ci.id, userId: bob, start: SEED_EPOCH - DAY, hours: 3 },
      { taskId: login.id, userId: dave, start: SEED_EPOCH - 5 * HOUR, hours: 1 },
    ].map((e, n) => ({
      id: String(4015000000000000000n + BigInt(n + 1)),
      taskId: e.taskId,
      userId: e.userId,
      start: e.start,
      end: e.start + e.hours * HOUR,
      billable: n % 2 === 0,
      description: '',
      tags: [],
      at: e.start + e.hours * HOUR,
    })),
    timeEntryTags: [{ name: 'billing', tag_fg: '#ffffff', tag_bg: '#7b68ee', creator: alice }],
    attachments: [],
    views: lists.flatMap((l, n) => [
      {
        id: `6-${l.id}-1`,
        name: 'List',
        type: 'list' as const,
        parent: { id: l.id, type: 6 as const },
        creator: alice,
        dateCreated: SEED_EPOCH - 30 * DAY + n,
      },
      ...(l === sprint
        ? [
            {
              id: `6-${l.id}-2`,
              name: 'Board',
              type: 'board' as const,
              parent: { id: l.id, type: 6 as const },
              creator: alice,
              dateCreated: SEED_EPOCH - 30 * DAY,
            },
          ]
        : []),
    ]),
    goals: [
      {
        id: uuidFor(UUID_KIND.goal, 1),
        prettyId: '1',
        name: 'Ship 1.0',
        creator: alice,
        owners: [alice],
        color: '#32a852',
        description: 'Everything in Sprint 1 done.',
        dueDate: SEED_EPOCH + 30 * DAY,
        startDate: SEED_EPOCH - 10 * DAY,
        dateCreated: SEED_EPOCH - 10 * DAY,
        multipleOwners: false,
      },
    ],
    docs: [
      {
        id: '8cnw8r7-15',
        name: 'Engineering handbook',
        parent: { id: SEED_TEAM_ID, type: 12 },
        creator: alice,
        dateCreated: SEED_EPOCH - 20 * DAY,
        visibility: 'PUBLIC',
        pages: [
          {
            id: '8cnw8r7-35',
            name: 'Getting started',
            content: '# Getting started\n\nClone the repository and run `npm ci`.',
            dateCreated: SEED_EPOCH - 20 * DAY,
            dateUpdated: SEED_EPOCH - 20 * DAY,
            creator: alice,
          },
          {
            id: '8cnw8r7-55',
            name: 'Code review',
            content: '# Code review\n\nTwo approvals for changes to main.',
            dateCreated: SEED_EPOCH - 19 * DAY,
            dateUpdated: SEED_EPOCH - 19 * DAY,
            creator: bob,
          },
        ],
      },
    ],
    webhooks: [],
    counters: {},
  };
}
