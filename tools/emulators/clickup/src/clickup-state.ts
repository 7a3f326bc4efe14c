/**
 * The emulator's in-memory workspace. Records hold what the API stores (dates as epoch ms numbers,
 * users by id); render.ts turns them into the API's JSON (dates as ms strings, users as objects).
 */
import type { GroupRecord, GuestRecord } from './group-records.ts';
import type { TemplateRecord } from './template-records.ts';

export interface UserRecord {
  id: number;
  username: string;
  email: string;
  color: string;
  initials: string;
  /** 1 owner, 2 admin, 3 member, 4 guest. */
  role: number;
  /**
   * The user's IANA time zone, what `GET /user` answers as `timezone` (the OpenAPI AuthorizedUser
   * has it; the members of `GET /team` do not). Unset: the emulator answers `SEED_TIMEZONE`.
   */
  timezone?: string;
}

/**
 * Another workspace the token is authorized for: listed by `GET /team` with its members, and empty
 * (no Spaces, tasks, goals…) — its team-scoped reads answer empty lists, its writes are refused.
 */
export interface OtherTeamRecord {
  id: string;
  name: string;
  color: string;
  members: UserRecord[];
}

export interface StatusRecord {
  id: string;
  status: string;
  color: string;
  orderindex: number;
  type: 'open' | 'custom' | 'done' | 'closed';
}

export interface TagRecord {
  name: string;
  tag_fg: string;
  tag_bg: string;
  creator: number;
}

export interface SpaceRecord {
  id: string;
  name: string;
  private: boolean;
  statuses: StatusRecord[];
  multipleAssignees: boolean;
  archived: boolean;
  tags: TagRecord[];
  /** Prefix of the custom task ids of the Space's tasks (`DEV` → `DEV-1`); null when the Space has none. */
  customIdPrefix: string | null;
  customIdCounter: number;
}

export interface FolderRecord {
  id: string;
  name: string;
  spaceId: string;
  orderindex: number;
  hidden: boolean;
  archived: boolean;
}

export interface ListRecord {
  id: string;
  name: string;
  spaceId: string;
  /** null for a folderless list. */
  folderId: string | null;
  orderindex: number;
  content: string;
  statuses: StatusRecord[];
  archived: boolean;
  /** A sprint's dates (ms), shown as `start_date` / `due_date`; null or absent: none. */
  startDate?: number | null;
  dueDate?: number | null;
}

export interface DropDownOption {
  id: string;
  name: string;
  color: string | null;
  orderindex: number;
}

export interface LabelOption {
  id: string;
  label: string;
  color: string | null;
  orderindex: number;
}

export interface CustomFieldRecord {
  id: string;
  name: string;
  type: string;
  type_config: Record<string, unknown>;
  dateCreated: number;
  hideFromGuests: boolean;
  required: boolean;
  /** Where the field was created: it is accessible on every list below. */
  location: { type: 'space' | 'folder' | 'list'; id: string };
}

export interface TaskRecord {
  id: string;
  customId: string | null;
  name: string;
  description: string;
  markdownDescription: string;
  listId: string;
  parent: string | null;
  /** Name of the status on the task's list. */
  status: string;
  creator: number;
  assignees: number[];
  watchers: number[];
  tags: string[];
  priority: 1 | 2 | 3 | 4 | null;
  dueDate: number | null;
  dueDateTime: boolean;
  startDate: number | null;
  startDateTime: boolean;
  timeEstimate: number | null;
  points: number | null;
  dateCreated: number;
  dateUpdated: number;
  dateClosed: number | null;
  dateDone: number | null;
  archived: boolean;
  orderindex: number;
  /** Custom field id → value in the API's READ form. */
  customFields: Record<string, unknown>;
  deleted: boolean;
}

export interface DependencyRecord {
  /** The task that waits. */
  taskId: string;
  /** The task it waits on. */
  dependsOn: string;
  userId: number;
  date: number;
}

export interface LinkRecord {
  taskId: string;
  linksTo: string;
  userId: number;
  date: number;
}

export interface CommentRecord {
  id: string;
  /** Set for task comments. */
  taskId: string | null;
  /** Set for list (chat) comments. */
  listId: string | null;
  /** Set for threaded replies: the comment replied to. */
  parentId: string | null;
  text: string;
  /** The rich text (`comment: [{text, attributes} | {type: "tag", user}]`) when it was sent so. */
  blocks?: Record<string, unknown>[];
  userId: number;
  assignee: number | null;
  resolved: boolean;
  date: number;
}

export interface ChecklistItemRecord {
  id: string;
  name: string;
  orderindex: number;
  assignee: number | null;
  resolved: boolean;
  parent: string | null;
  dateCreated: number;
}

export interface ChecklistRecord {
  id: string;
  taskId: string;
  name: string;
  orderindex: number;
  dateCreated: number;
  items: ChecklistItemRecord[];
}

export interface TimeEntryRecord {
  id: string;
  taskId: string | null;
  userId: number;
  start: number;
  /** null while the timer runs. */
  end: number | null;
  billable: boolean;
  description: string;
  tags: TagRecord[];
  at: number;
}

export interface AttachmentRecord {
  id: string;
  taskId: string;
  title: string;
  extension: string;
  mimetype: string;
  size: number;
  userId: number;
  date: number;
  bytes: Uint8Array;
}

export interface ViewRecord {
  id: string;
  name: string;
  type: 'list' | 'board' | 'calendar' | 'gantt';
  /** parent.type: 7 workspace, 4 space, 5 folder, 6 list (research §2.8). */
  parent: { id: string; type: 4 | 5 | 6 | 7 };
  creator: number;
  dateCreated: number;
  /** grouping, divide, sorting, filters, columns, team_sidebar, settings as last sent (else the defaults). */
  config?: Record<string, unknown>;
}

export interface GoalRecord {
  id: string;
  prettyId: string;
  name: string;
  creator: number;
  owners: number[];
  color: string;
  description: string;
  dueDate: number;
  startDate: number | null;
  dateCreated: number;
  multipleOwners: boolean;
}

export interface DocPageRecord {
  id: string;
  name: string;
  /** The page it is nested under; absent for a root page. */
  parentPageId?: string;
  content: string;
  dateCreated: number;
  dateUpdated: number;
  creator: number;
}

export interface DocRecord {
  id: string;
  name: string;
  /** Parent type (research §1.2): 4 space, 5 folder, 6 list, 7 everything, 12 workspace. */
  parent: { id: string; type: number };
  creator: number;
  dateCreated: number;
  visibility: 'PUBLIC' | 'PRIVATE' | 'PERSONAL' | 'HIDDEN';
  pages: DocPageRecord[];
}

export interface WebhookRecord {
  id: string;
  userId: number;
  endpoint: string;
  events: string[];
  taskId: string | null;
  listId: string | null;
  folderId: string | null;
  spaceId: string | null;
  status: 'active' | 'failing' | 'suspended';
  failCount: number;
  secret: string;
}

/** A key result of a goal (research §2.8 goals; [doc: Create Key Result]). */
export interface KeyResultRecord {
  id: string;
  goalId: string;
  name: string;
  type: 'number' | 'currency' | 'boolean' | 'percentage' | 'automatic';
  unit: string;
  stepsStart: number;
  stepsEnd: number;
  stepsCurrent: number;
  owners: number[];
  creator: number;
  dateCreated: number;
  note: string;
}

/** A task's status changed (research §2.5 time in status): what `GET /task/{id}/time_in_status` adds up. */
export interface StatusChangeRecord {
  taskId: string;
  from: string;
  to: string;
  at: number;
}

/** A task added to a list besides its home list (Tasks in Multiple Lists, research §2.4). */
export interface TaskLocationRecord {
  taskId: string;
  listId: string;
}

/**
 * The Workspace's ClickApps the API depends on; a missing one is on. `tasksInMultipleLists: false`:
 * adding a task to a second list (or removing it) is refused; `timeInStatus: false`: time in status
 * is refused.
 */
export interface ClickAppsRecord {
  tasksInMultipleLists?: boolean;
  timeInStatus?: boolean;
}

export interface ClickUpState {
  /** The workspace that holds everything below. */
  team: { id: string; name: string; color: string };
  /** More workspaces the token sees (`GET /team`), each empty; none by default. */
  otherTeams?: OtherTeamRecord[];
  users: UserRecord[];
  /** The user the personal token belongs to. */
  me: number;
  spaces: SpaceRecord[];
  folders: FolderRecord[];
  lists: ListRecord[];
  fields: CustomFieldRecord[];
  tasks: TaskRecord[];
  dependencies: DependencyRecord[];
  links: LinkRecord[];
  comments: CommentRecord[];
  checklists: ChecklistRecord[];
  timeEntries: TimeEntryRecord[];
  attachments: AttachmentRecord[];
  views: ViewRecord[];
  goals: GoalRecord[];
  docs: DocRecord[];
  webhooks: WebhookRecord[];
  /** Key results of the goals; none in the seed. */
  keyResults?: KeyResultRecord[];
  /** Status changes since the seed (a seed task has been in its status since it was created). */
  statusChanges?: StatusChangeRecord[];
  /** Tasks in lists besides their home list. */
  taskLocations?: TaskLocationRecord[];
  /** ClickApps switched off (all on when absent). */
  clickApps?: ClickAppsRecord;
  /** User groups and guests' permissions and shares (groups-and-guests.ts): absent, its defaults. */
  userGroups?: GroupRecord[];
  guests?: GuestRecord[];
  /** Task and list templates (templates.ts): absent, SEED_TEMPLATES. */
  templates?: TemplateRecord[];
  /** The Workspace's plan (plan.ts): absent, Enterprise. */
  plan?: 'free' | 'unlimited' | 'business' | 'business_plus' | 'enterprise';
  /** Time-tracking labels of the Workspace ([doc: Get all tags from time entries]); those on entries count too. */
  timeEntryTags?: TagRecord[];
  /** Changes made to time entries since the seed, newest last (time-tracking.ts, GET …/{timer_id}/history). */
  timeEntryHistory?: {
    entryId: string;
    field: string;
    before: unknown;
    after: unknown;
    date: number;
    userId: number;
  }[];
  /** Counters behind the deterministic ids (see ids.ts). */
  counters: Record<string, number>;
}
