/**
 * The two automation "Call webhook" payloads (research §4.3, §4.4; shapes of
 * apps/clickup/knowledge/__fixtures__/section-4-3-automation-call-webhook.json and
 * section-4-4-automation-legacy.json): no `event`, `webhook_id` or signature; `trigger_id`, an ISO
 * `date` and the task as `payload` — ClickUp's internal task model (list = `subcategory`, status by
 * `status_id`, people in `users[].type`, the misspelt `reccurence`) for "Call webhook", the public
 * v2 task object of GET /task for the legacy action, whose automation id is `id` instead of `auto_id`.
 */
import type { ClickUpState, TaskRecord } from '../clickup-state.ts';
import { ms, renderTask, statusOf } from '../render.ts';

export interface AutomationIds {
  /** The automation's id (a UUID); the payload carries it with the `:main` suffix. */
  automationId: string;
  triggerId: string;
  /** When the automation ran (ms). */
  date: number;
}

export function automationPayload(state: ClickUpState, task: TaskRecord, ids: AutomationIds) {
  const root = rootOf(state, task);
  return {
    auto_id: `${ids.automationId}:main`,
    trigger_id: ids.triggerId,
    date: new Date(ids.date).toISOString(),
    payload: {
      id: task.id,
      name: task.name,
      lower_name: task.name.toLowerCase(),
      content: JSON.stringify({ ops: [{ insert: `${task.description}\n` }] }),
      text_content: task.description,
      custom_id: task.customId,
      custom_type: null,
      status_id: statusOf(state, task).id,
      workspace_id: state.team.id,
      subcategory: task.listId,
      direct_parent: task.parent,
      root_parent: task.parent === null ? null : root.id,
      priority: task.priority,
      sprint_points: task.points,
      reccurence: { v1: {}, v2: {} },
      privacy: {},
      templating: {},
      states: { is_archived: task.archived, is_deleted: task.deleted, is_encrypted: false },
      time_mgmt: {
        start_date: ms(task.startDate),
        due_date: ms(task.dueDate),
        date_created: ms(task.dateCreated),
        date_updated: ms(task.dateUpdated),
        date_closed: ms(task.dateClosed),
        date_done: ms(task.dateDone),
        time_estimate: task.timeEstimate,
        time_spent: null,
      },
      ownership: { owner: task.creator, creator: task.creator, source: 'user' },
      checklists: state.checklists.filter((c) => c.taskId === task.id).map((c) => c.id),
      subtask_ids: state.tasks.filter((t) => t.parent === task.id && !t.deleted).map((t) => t.id),
      tags: task.tags,
      fields: Object.entries(task.customFields).map(([field_id, value]) => ({ field_id, value })),
      lists: [{ list_id: task.listId, type: 'home' }],
      users: [
        ...task.assignees.map((userid) => ({ userid, type: 'assignee' })),
        ...task.watchers.map((userid) => ({ userid, type: 'watcher' })),
        { userid: task.creator, type: 'owner' },
        { userid: task.creator, type: 'creator' },
      ],
      groups: [],
      related_tasks: [],
      related_tasks_count: {
        dependsOn: state.dependencies.filter((d) => d.taskId === task.id).length,
        dependedBy: state.dependencies.filter((d) => d.dependsOn === task.id).length,
      },
      attachments: [],
      docs: [],
      _version_vector: {
        workspace_id: Number(state.team.id),
        object_type: 'task',
        object_id: task.id,
        vector: [{ master_id: 11, version: task.dateUpdated * 1000, deleted: task.deleted }],
      },
    },
  };
}

export function legacyAutomationPayload(state: ClickUpState, task: TaskRecord, ids: AutomationIds) {
  return {
    id: `${ids.automationId}:main`,
    trigger_id: ids.triggerId,
    date: new Date(ids.date).toISOString(),
    payload: renderTask(state, task),
  };
}

function rootOf(state: ClickUpState, task: TaskRecord): TaskRecord {
  let root = task;
  while (root.parent !== null) {
    const parent = state.tasks.find((t) => t.id === root.parent);
    if (!parent) break;
    root = parent;
  }
  return root;
}
