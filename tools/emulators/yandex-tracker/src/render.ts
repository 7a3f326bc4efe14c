/** JSON as the API renders it: references `{ self, id, key?, display }` and full entities. */
import type {
  ChecklistItemRecord,
  CommentRecord,
  IssueRecord,
  ProjectRecord,
  TrackerState,
  UserRecord,
} from './tracker-state.ts';
import { notFound, unprocessable } from './tracker-error.ts';

export const API_ORIGIN = 'https://api.tracker.yandex.net';

export function findUser(state: TrackerState, idOrLogin: string | number): UserRecord | undefined {
  const text = String(idOrLogin);
  return state.users.find((u) => u.login === text || String(u.uid) === text);
}

export function userRef(state: TrackerState, login: string | undefined) {
  if (login === undefined) return undefined;
  const user = findUser(state, login);
  if (!user) return { self: `${API_ORIGIN}/v2/users/${login}`, id: login, display: login };
  return { self: `${API_ORIGIN}/v2/users/${user.uid}`, id: String(user.uid), display: user.display };
}

/** The zone of a user without one (assumed: Tracker's default for an organisation in Russia). */
export const DEFAULT_TIMEZONE = 'Europe/Moscow';

/** A user as `GET /myself`, `/users` and `/users/{id}` answer, with the profile's time zone. */
export function renderUser(user: UserRecord) {
  return {
    self: `${API_ORIGIN}/v2/users/${user.uid}`,
    uid: user.uid,
    login: user.login,
    trackerUid: user.uid,
    passportUid: user.uid,
    firstName: user.firstName,
    lastName: user.lastName,
    display: user.display,
    email: user.email,
    external: false,
    hasLicense: true,
    dismissed: user.dismissed,
    timezone: user.timezone ?? DEFAULT_TIMEZONE,
  };
}

export function statusRef(state: TrackerState, key: string) {
  const status = state.statuses.find((s) => s.key === key);
  return status
    ? { self: `${API_ORIGIN}/v2/statuses/${status.id}`, id: String(status.id), key, display: status.display }
    : undefined;
}

export function namedRef(
  kind: 'issuetypes' | 'priorities' | 'resolutions',
  list: readonly { id: number; key: string; display: string }[],
  key: string | undefined,
) {
  if (key === undefined) return undefined;
  const item = list.find((x) => x.key === key);
  return item
    ? { self: `${API_ORIGIN}/v2/${kind}/${item.id}`, id: String(item.id), key, display: item.display }
    : undefined;
}

export function queueRef(state: TrackerState, key: string) {
  const queue = state.queues.find((q) => q.key === key);
  return {
    self: `${API_ORIGIN}/v2/queues/${key}`,
    id: String(queue?.id ?? key),
    key,
    display: queue?.name ?? key,
  };
}

/** The project as `GET /v2/projects/{id}[?expand=queues]` answers. */
export function renderProject(state: TrackerState, project: ProjectRecord, expand?: string) {
  const parts = (expand ?? '').split(',').map((s) => s.trim());
  return {
    self: `${API_ORIGIN}/v2/projects/${project.id}`,
    id: String(project.id),
    version: project.version,
    key: project.key,
    name: project.name,
    ...(project.description !== undefined ? { description: project.description } : {}),
    ...(project.lead ? { lead: userRef(state, project.lead) } : {}),
    status: project.status.toLowerCase(),
    ...(project.startDate ? { startDate: project.startDate } : {}),
    ...(project.endDate ? { endDate: project.endDate } : {}),
    ...(parts.includes('queues') || parts.includes('all')
      ? { queues: project.queues.map((key) => queueRef(state, key)) }
      : {}),
  };
}

export function issueRef(state: TrackerState, idOrKey: string) {
  const issue = state.issues.find((i) => i.id === idOrKey || i.key === idOrKey);
  return issue
    ? { self: `${API_ORIGIN}/v2/issues/${issue.key}`, id: issue.id, key: issue.key, display: issue.summary }
    : undefined;
}

/** The issue as `GET /v2/issues/{key}` answers. */
export function renderIssue(state: TrackerState, issue: IssueRecord) {
  const sprints = issue.sprint
    .map((id) => state.sprints.find((s) => s.id === id))
    .filter((s) => s !== undefined)
    .map((s) => ({ self: `${API_ORIGIN}/v2/sprints/${s.id}`, id: String(s.id), display: s.name }));
  const components = issue.components
    .map((id) => state.components.find((c) => c.id === id))
    .filter((c) => c !== undefined)
    .map((c) => ({ self: `${API_ORIGIN}/v2/components/${c.id}`, id: String(c.id), display: c.name }));
  const json: Record<string, unknown> = {
    self: `${API_ORIGIN}/v2/issues/${issue.key}`,
    id: issue.id,
    key: issue.key,
    version: issue.version,
    summary: issue.summary,
    ...(issue.description !== undefined ? { description: issue.description } : {}),
    type: namedRef('issuetypes', state.issueTypes, issue.type),
    priority: namedRef('priorities', state.priorities, issue.priority),
    status: statusRef(state, issue.status),
    ...(issue.resolution ? { resolution: namedRef('resolutions', state.resolutions, issue.resolution) } : {}),
    queue: queueRef(state, issue.queue),
    ...(issue.assignee ? { assignee: userRef(state, issue.assignee) } : {}),
    createdBy: userRef(state, issue.createdBy),
    ...(issue.updatedBy ? { updatedBy: userRef(state, issue.updatedBy) } : {}),
    createdAt: issue.createdAt,
    updatedAt: issue.updatedAt,
    followers: issue.followers.map((login) => userRef(state, login)),
    tags: issue.tags,
    ...(components.length > 0 ? { components } : {}),
    ...(sprints.length > 0 ? { sprint: sprints } : {}),
    ...(issue.parent ? { parent: issueRef(state, issue.parent) } : {}),
    ...(issue.deadline ? { deadline: issue.deadline } : {}),
    ...(issue.storyPoints !== undefined ? { storyPoints: issue.storyPoints } : {}),
    ...(issue.unique ? { unique: issue.unique } : {}),
    ...(issue.previousKeys.length > 0
      ? { previousQueue: queueRef(state, issue.previousKeys.at(-1)!.split('-')[0]!) }
      : {}),
    commentWithoutExternalMessageCount: state.comments.filter((c) => c.issue === issue.id).length,
    votes: 0,
    favorite: false,
    ...issue.extra,
  };
  const checklist = state.checklists.get(issue.id);
  if (checklist && checklist.length > 0) {
    json['checklistItems'] = checklist.map((item) => renderChecklistItem(state, item));
    json['checklistDone'] = checklist.filter((i) => i.checked).length;
    json['checklistTotal'] = checklist.length;
  }
  return json;
}

export function renderChecklistItem(state: TrackerState, item: ChecklistItemRecord) {
  return {
    id: item.id,
    text: item.text,
    textHtml: `<p>${item.text}</p>`,
    checked: item.checked,
    ...(item.assignee ? { assignee: userRef(state, item.assignee) } : {}),
    ...(item.deadline
      ? { deadline: { ...item.deadline, isExceeded: new Date(item.deadline.date) < new Date() } }
      : {}),
    checklistItemType: 'standard',
  };
}

export function renderComment(state: TrackerState, comment: CommentRecord) {
  return {
    self: `${API_ORIGIN}/v2/issues/${state.issues.find((i) => i.id === comment.issue)?.key}/comments/${comment.id}`,
    id: comment.id,
    longId: comment.longId,
    text: comment.text,
    createdBy: userRef(state, comment.createdBy),
    ...(comment.updatedBy ? { updatedBy: userRef(state, comment.updatedBy) } : {}),
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    summonees: comment.summonees.map((login) => userRef(state, login)),
    maillistSummonees: comment.maillistSummonees.map((m) => ({ id: m, display: m })),
    ...(comment.attachmentIds.length > 0
      ? { attachments: comment.attachmentIds.map((id) => ({ id, display: id })) }
      : {}),
    version: comment.version,
    type: comment.type,
    transport: comment.transport,
  };
}

/** The issue by key (current or previous) or id, or a 404 in the API's words. */
export function requireIssue(state: TrackerState, idOrKey: string): IssueRecord {
  const issue = state.issues.find(
    (i) => i.key === idOrKey || i.id === idOrKey || i.previousKeys.includes(idOrKey),
  );
  if (!issue) throw notFound('Задача не существует.');
  return issue;
}

/**
 * A user-valued field of a request body (`lead`, `assignee`, …): a login, a uid, or `{ id | login }`
 * (`{ set: … }` too). Returns the login; an unknown user is the API's 422 naming the field.
 */
export function requireUserField(state: TrackerState, value: unknown, field: string): string {
  let wanted = value;
  while (wanted !== null && typeof wanted === 'object' && !Array.isArray(wanted)) {
    const ref = wanted as Record<string, unknown>;
    wanted = ref['set'] ?? ref['login'] ?? ref['id'] ?? ref['key'];
  }
  const user = typeof wanted === 'string' || typeof wanted === 'number' ? findUser(state, wanted) : undefined;
  if (!user) {
    throw unprocessable(
      `Поле «${field}» содержит некорректное значение: пользователь «${String(wanted)}» не найден.`,
      {
        [field]: 'Пользователь не найден',
      },
    );
  }
  return user.login;
}
