/**
 * The composition of the ClickUp server (as github-mcp-server's pkg/github/tools.go): its toolsets
 * and the one list of tools it registers, area by area: createRegistry() registers exactly these, so
 * tools/list and tools/call cannot disagree. Each area lists its own tools in tools/<area>/index.ts;
 * a tool that is not listed there does not exist for clients.
 */
import { defineToolset, type AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../deps.ts';
import { taskTools } from './tasks/index.ts';
import { customFieldTools } from './custom-fields/index.ts';
import { commentTools } from './comments/index.ts';
import { workspaceTools } from './workspace/index.ts';
import { memberTools } from './members/index.ts';
import { userGroupTools } from './user-groups/index.ts';
import { guestTools } from './guests/index.ts';
import { checklistTools } from './checklists/index.ts';
import { tagTools } from './tags/index.ts';
import { spaceTagTools } from './space-tags/index.ts';
import { timeEntryWriteTools, timeTools } from './time/index.ts';
import { timeInStatusTools } from './time-in-status/index.ts';
import { taskListTools } from './task-lists/index.ts';
import { taskMergeTools } from './task-merge/index.ts';
import { bulkTaskTools } from './bulk-tasks/index.ts';
import { sprintTools } from './sprints/index.ts';
import { templateTools } from './templates/index.ts';
import { attachmentTools } from './attachments/index.ts';
import { relationTools } from './relations/index.ts';
import { viewTools, viewWriteTools } from './views/index.ts';
import { goalTools } from './goals/index.ts';
import { goalWriteTools } from './goal-writes/index.ts';
import { docTools, docWriteTools } from './docs/index.ts';
import { webhookTools } from './webhooks/index.ts';
import { knowledgeTools } from './knowledge/index.ts';
import { rawTools } from './raw/index.ts';
import { chatTools } from './chat/index.ts';

/** Areas of the API, for `--toolsets`; the default set is what most sessions need. */
export const TOOLSETS = [
  defineToolset({
    id: 'tasks',
    description: 'Find, read, create, update, move and delete tasks.',
    default: true,
  }),
  defineToolset({
    id: 'custom_fields',
    description: "A list's custom fields, and setting or clearing a task's values.",
    default: true,
  }),
  defineToolset({ id: 'comments', description: 'Task comments and threaded replies.', default: false }),
  defineToolset({
    id: 'context',
    description: 'Where you work: the workspaces, and spaces → folders → lists with their ids.',
    default: true,
  }),
  defineToolset({
    id: 'workspace',
    description: 'Spaces, folders and lists one by one, with their statuses and settings.',
    default: false,
  }),
  defineToolset({
    id: 'workspace_write',
    description: 'Create, rename and delete spaces, folders and lists.',
    default: false,
  }),
  defineToolset({
    id: 'members',
    description: 'Workspace members and who is on a list or task.',
    default: false,
  }),
  defineToolset({
    id: 'user_groups',
    description: 'User groups of workspace members (Business plan).',
    default: false,
  }),
  defineToolset({
    id: 'guests',
    description: 'Invite guests and share tasks, lists or folders with them (Enterprise plan).',
    default: false,
  }),
  defineToolset({ id: 'checklists', description: 'Checklists and their items.', default: false }),
  defineToolset({ id: 'tags', description: 'Space tags, and tags on tasks.', default: false }),
  defineToolset({ id: 'time', description: 'Time entries and the timer.', default: false }),
  defineToolset({
    id: 'time_entry_writes',
    description: 'Change logged time entries and their labels.',
    default: false,
  }),
  defineToolset({
    id: 'time_in_status',
    description: 'How long tasks have been in each status.',
    default: false,
  }),
  defineToolset({
    id: 'task_lists',
    description: 'A task in more lists than its home list (Tasks in Multiple Lists).',
    default: false,
  }),
  defineToolset({
    id: 'bulk_tasks',
    description: 'Create, update, move or delete many tasks in one call, each checked first.',
    default: false,
  }),
  defineToolset({
    id: 'sprints',
    description: 'The current sprint of a Sprint folder; tasks into it.',
    default: false,
  }),
  defineToolset({
    id: 'task_merge',
    description: 'Merge duplicate tasks into one (the merged ones are deleted).',
    default: false,
  }),
  defineToolset({
    id: 'templates',
    description: 'Task templates; tasks and lists made from templates.',
    default: false,
  }),
  defineToolset({ id: 'attachments', description: 'Files attached to tasks.', default: false }),
  defineToolset({
    id: 'relations',
    description: 'Dependencies (waiting on / blocking) and task links.',
    default: false,
  }),
  defineToolset({ id: 'views', description: 'Views and the tasks they show.', default: false }),
  defineToolset({ id: 'view_writes', description: 'Create, change and delete views.', default: false }),
  defineToolset({ id: 'goals', description: 'Goals and key results.', default: false }),
  defineToolset({ id: 'docs', description: 'Docs and their pages.', default: false }),
  defineToolset({
    id: 'chat',
    description: 'Chat channels, messages, threads and reactions.',
    default: false,
  }),
  defineToolset({
    id: 'doc_writes',
    description: 'Create docs and pages; write a page (replace, append, prepend).',
    default: false,
  }),
  defineToolset({ id: 'webhooks', description: 'Webhooks and the events they delivered.', default: false }),
  defineToolset({
    id: 'raw',
    description: 'Read-only GET of ClickUp API paths the other tools do not cover.',
    default: false,
  }),
];

/** Every tool of the server, area by area, in the order tools/list shows them. */
export function createTools(): AnyTool<ClickUpDeps>[] {
  return [
    ...taskTools(),
    ...customFieldTools(),
    ...commentTools(),
    ...workspaceTools(),
    ...memberTools(),
    ...userGroupTools(),
    ...guestTools(),
    ...checklistTools(),
    ...tagTools(),
    ...spaceTagTools(),
    ...timeTools(),
    ...timeEntryWriteTools(),
    ...timeInStatusTools(),
    ...taskListTools(),
    ...taskMergeTools(),
    ...bulkTaskTools(),
    ...sprintTools(),
    ...templateTools(),
    ...attachmentTools(),
    ...relationTools(),
    ...viewTools(),
    ...viewWriteTools(),
    ...goalTools(),
    ...goalWriteTools(),
    ...docTools(),
    ...chatTools(),
    ...docWriteTools(),
    ...webhookTools(),
    ...knowledgeTools(),
    ...rawTools(),
  ];
}
