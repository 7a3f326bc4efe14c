/**
 * The emulator's in-memory model of one Tracker organisation. Shapes follow the API's JSON
 * (../../../../../shared/research/yandex-tracker.md §3.8): references are `{ self, id, key?, display }`,
 * dates are `YYYY-MM-DDThh:mm:ss.sss+0000`, every mutable entity carries a `version`.
 */
import type { AutomationState } from './automation-state.ts';
import type { DashboardRecord } from './dashboards-state.ts';
import type { EntitiesState } from './entities-state.ts';

export interface UserRecord {
  uid: number;
  login: string;
  display: string;
  email: string;
  firstName: string;
  lastName: string;
  dismissed: boolean;
  /**
   * The user's time zone, an IANA id (`Europe/Moscow`). Assumed name and form: the research does
   * not name the profile's time-zone field; rendered as `timezone` (DEFAULT_TIMEZONE when unset).
   */
  timezone?: string;
}

export interface StatusRecord {
  id: number;
  key: string;
  display: string;
  /** new | inProgress | paused | done */
  type: string;
  order: number;
}

export interface NamedRecord {
  id: number;
  key: string;
  display: string;
  order?: number;
  description?: string;
}

export interface TransitionRecord {
  /** Transition id as the API uses it in `/transitions/{id}/_execute`, e.g. `start_progress`. */
  id: string;
  display: string;
  from: readonly string[];
  to: string;
}

export interface QueueRecord {
  id: number;
  key: string;
  name: string;
  description: string;
  lead: string;
  defaultType: string;
  defaultPriority: string;
  issueTypes: string[];
  version: number;
  transitions: TransitionRecord[];
  /** Local fields: `{ id: '<queue-id>--<key>', key, name, type }`. */
  localFields: LocalFieldRecord[];
  permissions: Record<
    'create' | 'write' | 'read' | 'grant',
    { users: string[]; groups: number[]; roles: string[] }
  >;
}

export interface LocalFieldRecord {
  id: string;
  key: string;
  name: string;
  type: string;
  category: string;
}

export interface GlobalFieldRecord {
  id: string;
  key: string;
  name: string;
  version: number;
  schema: { type: string; items?: string; required: boolean };
  readonly: boolean;
  category: string;
}

export interface IssueRecord {
  id: string;
  key: string;
  version: number;
  queue: string;
  summary: string;
  description?: string;
  type: string;
  priority: string;
  status: string;
  resolution?: string;
  assignee?: string;
  createdBy: string;
  updatedBy?: string;
  createdAt: string;
  updatedAt: string;
  followers: string[];
  tags: string[];
  components: number[];
  sprint: number[];
  unique?: string;
  parent?: string;
  deadline?: string;
  storyPoints?: number;
  /** Custom and local field values by field id. */
  extra: Record<string, unknown>;
  previousKeys: string[];
}

export interface CommentRecord {
  id: number;
  longId: string;
  issue: string;
  text: string;
  createdBy: string;
  updatedBy?: string;
  createdAt: string;
  updatedAt: string;
  summonees: string[];
  maillistSummonees: string[];
  attachmentIds: string[];
  version: number;
  type: 'standard';
  transport: 'internal';
}

export interface LinkRecord {
  id: number;
  /** Issue ids (not keys) of both ends; `type` says which way. */
  from: string;
  to: string;
  type: 'relates' | 'depends' | 'duplicates' | 'subtask' | 'epic';
  createdBy: string;
  createdAt: string;
}

export interface AttachmentRecord {
  id: string;
  issue: string | undefined;
  name: string;
  mimetype: string;
  size: number;
  content: Uint8Array;
  createdBy: string;
  createdAt: string;
}

export interface ChecklistItemRecord {
  id: string;
  text: string;
  checked: boolean;
  assignee?: string;
  deadline?: { date: string; deadlineType: 'date' | 'dateTime' };
}

export interface WorklogRecord {
  id: number;
  issue: string;
  start: string;
  duration: string;
  comment?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ComponentRecord {
  id: number;
  version: number;
  queue: string;
  name: string;
  description?: string;
  lead?: string;
  assignAuto: boolean;
  archived: boolean;
}

export interface ProjectRecord {
  id: number;
  version: number;
  key: string;
  name: string;
  description?: string;
  lead?: string;
  status: 'DRAFT' | 'IN_PROGRESS' | 'LAUNCHED' | 'POSTPONED';
  startDate?: string;
  endDate?: string;
  queues: string[];
  createdBy: string;
  createdAt: string;
}

export interface BoardColumnRecord {
  id: number;
  name: string;
  statuses: string[];
}

export interface BoardRecord {
  id: number;
  version: number;
  name: string;
  queue?: string;
  query?: string;
  columns: BoardColumnRecord[];
  createdBy: string;
  createdAt: string;
}

export interface SprintRecord {
  id: number;
  version: number;
  name: string;
  board: number;
  status: 'draft' | 'in_progress' | 'released' | 'archived';
  startDate: string;
  endDate: string;
  createdBy: string;
  createdAt: string;
}

/** A saved issue filter: a YQL `query` or a `filter` object (one of them), owned by its creator. */
export interface FilterRecord {
  id: number;
  version: number;
  name: string;
  query?: string;
  filter?: Record<string, unknown>;
  owner: string;
  createdAt: string;
}

/** A queue version (release): dates are `YYYY-MM-DD`. */
export interface VersionRecord {
  id: number;
  version: number;
  queue: string;
  name: string;
  description?: string;
  startDate?: string;
  dueDate?: string;
  released: boolean;
  archived: boolean;
}

export interface BulkOperationRecord {
  id: string;
  kind: 'update' | 'transition' | 'move';
  issues: string[];
  createdBy: string;
  createdAt: string;
  /** Emulator clock ms at which the operation completes. */
  completesAt: number;
  startedAt: number;
  /** Applied to the issues when the operation completes. */
  apply: () => void;
  status: 'CREATED' | 'RUNNING' | 'COMPLETE' | 'FAILED';
  statusText: string;
  applied: boolean;
}

export interface ChangelogRecord {
  id: string;
  issue: string;
  updatedAt: string;
  updatedBy: string;
  /** IssueCreated | IssueUpdated | IssueWorkflow | IssueMoved | IssueCommentAdded | IssueWorklogAdded | … */
  type: string;
  fields: { field: string; from: unknown; to: unknown }[];
}

export interface TrackerState {
  orgName: string;
  /** The login of the token's owner. */
  me: string;
  users: UserRecord[];
  statuses: StatusRecord[];
  issueTypes: NamedRecord[];
  priorities: NamedRecord[];
  resolutions: NamedRecord[];
  globalFields: GlobalFieldRecord[];
  queues: QueueRecord[];
  issues: IssueRecord[];
  comments: CommentRecord[];
  links: LinkRecord[];
  attachments: AttachmentRecord[];
  checklists: Map<string, ChecklistItemRecord[]>;
  worklogs: WorklogRecord[];
  components: ComponentRecord[];
  projects: ProjectRecord[];
  boards: BoardRecord[];
  sprints: SprintRecord[];
  filters: FilterRecord[];
  versions: VersionRecord[];
  bulkOperations: BulkOperationRecord[];
  changelog: ChangelogRecord[];
  /** Next number for each id sequence (`issue`, `comment`, `QUEUE` for issue keys, …). */
  sequences: Map<string, number>;
  /** Milliseconds a bulk operation takes to complete (default 300). */
  bulkDurationMs: number;
  entities: EntitiesState;
  automation: AutomationState;
  dashboards: DashboardRecord[];
}

/** Next value of a named id sequence, starting at `start`. */
export function nextId(state: TrackerState, sequence: string, start = 1): number {
  const value = state.sequences.get(sequence) ?? start;
  state.sequences.set(sequence, value + 1);
  return value;
}

/** The API's date format: `2026-11-21T10:00:00.000+0000`. */
export function trackerDate(date: Date = new Date()): string {
  return date.toISOString().replace('Z', '+0000');
}

/** Appends a changelog entry for an issue (ids are 24 hex digits, increasing). */
export function recordChange(
  state: TrackerState,
  issueId: string,
  by: string,
  type: string,
  fields: ChangelogRecord['fields'] = [],
): void {
  const n = nextId(state, 'changelog', 1);
  state.changelog.push({
    id: `65${n.toString(16).padStart(22, '0')}`,
    issue: issueId,
    updatedAt: trackerDate(),
    updatedBy: by,
    type,
    fields,
  });
}

/**
 * A deep copy of a state for `reset()`: plain objects, arrays, Maps and byte arrays are copied;
 * functions (a pending bulk operation's `apply`) are shared. About twice as fast as building the
 * seed again, and unlike `structuredClone` it takes a state holding functions.
 */
export function cloneState(state: TrackerState): TrackerState {
  return deepCopy(state) as TrackerState;
}

/** Copies an object, array, Map or byte array; primitives are copied inline (no call per value). */
function deepCopy(value: object): unknown {
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = typeof item === 'object' && item !== null ? deepCopy(item) : item;
    }
    return out;
  }
  if (value instanceof Map) {
    const out = new Map<unknown, unknown>();
    for (const [key, item] of value as Map<unknown, unknown>) {
      out.set(key, typeof item === 'object' && item !== null ? deepCopy(item) : item);
    }
    return out;
  }
  if (value instanceof Uint8Array) return value.slice();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    out[key] = typeof item === 'object' && item !== null ? deepCopy(item) : item;
  }
  return out;
}
