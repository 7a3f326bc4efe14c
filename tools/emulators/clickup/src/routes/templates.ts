/**
 * Templates (research §2.5; [doc: Get Task Templates; Create Task From Template; Create List From
 * Template in Folder; … in Space]): `GET /team/{team_id}/taskTemplate?page=` (`page` required),
 * `POST /list/{list_id}/taskTemplate/{template_id}` `{name}`, `POST /folder|space/{id}/list_template/
 * {template_id}` `{name, options}`. The templates are ../templates.ts.
 *
 * Answers: the task templates `{templates: [{id, name}]}`, 100 a page (the page size is the
 * emulator's choice; the reference documents only `templates`); a task from a template is
 * documented as an object: `{id, task}` here; a list from a template is `{id, list}` as documented.
 * A list template's 400 is documented with an `error` key (not `err`): `{"error": "Name is
 * required", "ECODE": "OAUTH_117"}`; a name its folder or Space already has is the same 400 ("Name
 * is required, or is already taken"). An unknown template is 404 (the emulator's code).
 */
import { ClickUpHttpError, badRequest, notFound } from '../clickup-error.ts';
import type { ChecklistRecord, ListRecord, SpaceRecord, TaskRecord } from '../clickup-state.ts';
import { nextTaskId, nextUuid, numericId } from '../ids.ts';
import { findFolder, findList, findSpace, renderList, renderTask } from '../render.ts';
import { requireTeam } from '../route-helpers.ts';
import { objectBody, queryNumber, v2, type ClickUpRoute, type RouteContext } from '../router.ts';
import { templatesOf, type TaskTemplateContent, type TemplateRecord } from '../templates.ts';

const PAGE = 100;

/** The list-template 400, with the documented `error` key. */
class ListTemplateError extends ClickUpHttpError {
  override toResponse() {
    return { status: this.status, headers: this.headers, json: { error: this.message, ECODE: this.ecode } };
  }
}

export function templateRoutes(): ClickUpRoute[] {
  const findTemplate = (ctx: RouteContext, kind: TemplateRecord['kind']) => {
    const template = templatesOf(ctx.state).find(
      (t) => t.id === ctx.params['template_id'] && t.kind === kind,
    );
    if (!template) throw notFound('Template');
    return template;
  };
  /** A task of the template in `list`, named `name` (else the template's name). */
  const makeTask = (ctx: RouteContext, list: ListRecord, content: TaskTemplateContent, name: string) => {
    const { state } = ctx;
    const space = findSpace(state, list.spaceId);
    const task: TaskRecord = {
      id: nextTaskId(state),
      customId: null,
      name,
      description: content.description,
      markdownDescription: content.description,
      listId: list.id,
      parent: null,
      status: list.statuses[0]!.status,
      creator: ctx.me,
      assignees: [],
      watchers: [ctx.me],
      tags: [],
      priority: content.priority,
      dueDate: null,
      dueDateTime: false,
      startDate: null,
      startDateTime: false,
      timeEstimate: null,
      points: null,
      dateCreated: ctx.now,
      dateUpdated: ctx.now,
      dateClosed: null,
      dateDone: null,
      archived: false,
      orderindex: state.tasks.length + 1,
      customFields: {},
      deleted: false,
    };
    for (const tag of content.tags) {
      if (!space.tags.some((t) => t.name === tag))
        space.tags.push({ name: tag, tag_fg: '#000000', tag_bg: '#d3d3d3', creator: ctx.me });
      task.tags.push(tag);
    }
    if (space.customIdPrefix !== null) task.customId = `${space.customIdPrefix}-${space.customIdCounter++}`;
    state.tasks.push(task);
    if (content.checklist) {
      const checklist: ChecklistRecord = {
        id: nextUuid(state, 'checklist'),
        taskId: task.id,
        name: content.checklist.name,
        orderindex: 0,
        dateCreated: ctx.now,
        items: content.checklist.items.map((item, n) => ({
          id: nextUuid(state, 'checklistItem'),
          name: item,
          orderindex: n,
          assignee: null,
          resolved: false,
          parent: null,
          dateCreated: ctx.now,
        })),
      };
      state.checklists.push(checklist);
    }
    ctx.webhooks.taskCreated(task, ctx.me);
    return task;
  };
  const listFromTemplate = (ctx: RouteContext, space: SpaceRecord, folderId: string | null) => {
    const template = findTemplate(ctx, 'list');
    const body = objectBody(ctx.request);
    const name = typeof body['name'] === 'string' ? body['name'].trim() : '';
    if (name === '') throw new ListTemplateError(400, 'Name is required', 'OAUTH_117');
    const siblings = ctx.state.lists.filter((l) => l.spaceId === space.id && l.folderId === folderId);
    if (siblings.some((l) => l.name.toLowerCase() === name.toLowerCase()))
      throw new ListTemplateError(400, 'Name is already taken', 'OAUTH_117');
    const options = body['options'];
    if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options)))
      throw badRequest('options must be an object');
    const content = (options as { content?: unknown } | undefined)?.content;
    const id = numericId(ctx.state, 'list', '9015101');
    const list: ListRecord = {
      id,
      name,
      spaceId: space.id,
      folderId,
      orderindex: siblings.length,
      content: typeof content === 'string' ? content : template.content,
      statuses: space.statuses.map((s) => ({ ...s, id: `p${id}_${s.id.split('_')[1] ?? s.status}` })),
      archived: false,
    };
    ctx.state.lists.push(list);
    ctx.webhooks.resourceEvent('listCreated', 'list_id', id, { spaceId: space.id, folderId, listId: id });
    for (const content of template.tasks) makeTask(ctx, list, content, content.name);
    return { id, list: renderList(ctx.state, list) };
  };
  return [
    v2('GET', '/team/:team_id/taskTemplate', (ctx) => {
      requireTeam(ctx);
      const page = queryNumber(ctx.request, 'page');
      if (page === undefined || !Number.isInteger(page) || page < 0)
        throw badRequest('page is required: 0 for the first page');
      const all = templatesOf(ctx.state).filter((t) => t.kind === 'task');
      return { templates: all.slice(page * PAGE, (page + 1) * PAGE).map(({ id, name }) => ({ id, name })) };
    }),
    v2('POST', '/list/:list_id/taskTemplate/:template_id', (ctx) => {
      const list = findList(ctx.state, ctx.params['list_id']!);
      const template = findTemplate(ctx, 'task');
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('Task name invalid');
      const task = makeTask(ctx, list, template.tasks[0]!, body['name']);
      return { id: task.id, task: renderTask(ctx.state, task) };
    }),
    v2('POST', '/folder/:folder_id/list_template/:template_id', (ctx) => {
      const folder = findFolder(ctx.state, ctx.params['folder_id']!);
      return listFromTemplate(ctx, findSpace(ctx.state, folder.spaceId), folder.id);
    }),
    v2('POST', '/space/:space_id/list_template/:template_id', (ctx) =>
      listFromTemplate(ctx, findSpace(ctx.state, ctx.params['space_id']!), null),
    ),
  ];
}
