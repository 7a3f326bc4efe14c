/**
 * The composition of the Tracker server (as github-mcp-server's pkg/github/tools.go): its toolsets
 * and the one list of its tools, area by area. Listing and dispatch both come from the registry
 * built from it; a tool not listed in its area's index.ts does not exist for clients.
 */
import { defineToolset } from '@toolsmith/core';
import { createAttachmentTools } from './attachments/index.ts';
import { createBoardTools } from './boards/index.ts';
import { createBulkTools } from './bulk/index.ts';
import { createChecklistTools } from './checklists/index.ts';
import { createCommentTools } from './comments/index.ts';
import { createAutomationTools } from './automation/index.ts';
import { createComponentTools } from './components/index.ts';
import { createDashboardTools } from './dashboards/index.ts';
import { createEntityTools } from './entities/index.ts';
import { createFieldTools } from './fields/index.ts';
import { createFilterTools } from './filters/index.ts';
import { createIssueTools } from './issues/index.ts';
import { createMetaTools } from './meta/index.ts';
import { createProjectTools } from './projects/index.ts';
import { createQueueTools } from './queues/index.ts';
import { createRawTools } from './raw/index.ts';
import { createReferenceTools } from './reference/index.ts';
import { createUserTools } from './users/index.ts';
import { createVersionTools } from './versions/index.ts';
import { createWorklogTools } from './worklogs/index.ts';

/** Toolsets for `--toolsets`; every tool's toolset (or category) is declared here. */
export const TOOLSETS = [
  defineToolset({
    id: 'issues',
    description: 'Find, count and read issues; their transitions and web links',
    default: true,
  }),
  defineToolset({
    id: 'issues_write',
    description: 'Create and update issues; change status through transitions',
    default: true,
  }),
  defineToolset({
    id: 'comments',
    description: 'Read issue comments and add new ones (with mentions)',
    default: true,
  }),
  defineToolset({ id: 'meta', description: 'Connection check, current user, tool search', default: true }),
  defineToolset({
    id: 'history',
    description: 'Issue history (changelog) and moving issues to another queue',
    default: false,
  }),
  defineToolset({ id: 'links', description: 'Links between issues: list, create, delete', default: false }),
  defineToolset({ id: 'comments_edit', description: 'Edit and delete comments', default: false }),
  defineToolset({
    id: 'attachments',
    description: 'List, upload, download and delete issue attachments',
    default: false,
  }),
  defineToolset({ id: 'checklists', description: 'Issue checklists', default: false }),
  defineToolset({
    id: 'worklogs',
    description: 'Time tracking: worklogs per issue and search by user and dates',
    default: false,
  }),
  defineToolset({ id: 'components', description: 'Queue components', default: false }),
  defineToolset({ id: 'projects', description: 'Projects', default: false }),
  defineToolset({ id: 'queues', description: 'Queues, their fields and access', default: false }),
  defineToolset({
    id: 'bulk',
    description: 'Bulk changes of many issues (update, transition, move) with progress',
    default: false,
  }),
  defineToolset({
    id: 'reference',
    description: 'Statuses, issue types, priorities, resolutions, fields, link types',
    default: false,
  }),
  defineToolset({ id: 'users', description: 'Find and read users', default: false }),
  defineToolset({ id: 'raw', description: 'Read-only GET of API paths no other tool reads', default: false }),
  defineToolset({ id: 'boards', description: 'Agile boards, columns and sprints', default: false }),
  defineToolset({
    id: 'sprints',
    description: 'Create, change, delete boards, columns, sprints; start, archive; issues into a sprint',
    default: false,
  }),
  defineToolset({
    id: 'filters',
    description: 'Saved issue filters: list, read, create, change, delete',
    default: false,
  }),
  defineToolset({
    id: 'versions',
    description: 'Queue versions (releases): list, create, change',
    default: false,
  }),
  defineToolset({
    id: 'entities',
    description: 'Projects, portfolios, goals (Entity API): search, read, write, comments, links',
    default: false,
  }),
  defineToolset({
    id: 'automation',
    description: "A queue's macros, triggers and auto-actions: read; create (queue admins)",
    default: false,
  }),
  defineToolset({ id: 'dashboards', description: 'Dashboards and their widgets (read)', default: false }),
  defineToolset({
    id: 'fields',
    description: 'Field definitions: categories; global and queue-local fields created and changed',
    default: false,
  }),
];

/** Every tool of the server, area by area, in the order tools/list shows them. */
export function createTools() {
  return [
    ...createIssueTools(),
    ...createCommentTools(),
    ...createAttachmentTools(),
    ...createChecklistTools(),
    ...createWorklogTools(),
    ...createComponentTools(),
    ...createProjectTools(),
    ...createEntityTools(),
    ...createAutomationTools(),
    ...createDashboardTools(),
    ...createQueueTools(),
    ...createBulkTools(),
    ...createReferenceTools(),
    ...createUserTools(),
    ...createBoardTools(),
    ...createFilterTools(),
    ...createVersionTools(),
    ...createFieldTools(),
    ...createMetaTools(),
    ...createRawTools(),
  ];
}
