/**
 * Docs, v3 only (research §2.7 "v3 extras"): `GET/POST /api/v3/workspaces/{ws}/docs`,
 * `GET /…/docs/{doc_id}`, `GET/POST /…/docs/{doc_id}/pages`, `GET/PUT /…/docs/{doc_id}/pages/{page_id}`
 * (PUT `content_edit_mode`: replace, append or prepend). Page content is markdown (`content_format`
 * text/md, or text/plain). Create Doc takes `parent: {id, type}` (4 space, 5 folder, 6 list,
 * 7 everything, 12 workspace), `visibility` and `create_page` (default true); Create Page takes
 * `parent_page_id` for a sub-page. The error texts for a missing or unknown parent, an unknown
 * parent page and a bad format or mode are the emulator's choice: the research names none.
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { DocPageRecord, DocRecord } from '../clickup-state.ts';
import { nextCounter } from '../ids.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import { objectBody, queryString, v3, type ClickUpRoute, type RouteContext } from '../router.ts';

const PARENT_TYPES = [4, 5, 6, 7, 12] as const;
const VISIBILITIES = ['PUBLIC', 'PRIVATE', 'PERSONAL', 'HIDDEN'] as const;
const FORMATS = ['text/md', 'text/plain'];
const EDIT_MODES = ['replace', 'append', 'prepend'];

export function docRoutes(): ClickUpRoute[] {
  const renderDoc = (ctx: RouteContext, d: DocRecord) => ({
    id: d.id,
    date_created: d.dateCreated,
    name: d.name,
    parent: d.parent,
    public: d.visibility === 'PUBLIC',
    workspace_id: Number(ctx.state.team.id),
    creator: d.creator,
    deleted: false,
    type: 1,
  });
  /** A page with its sub-pages nested under `pages`, as Get Doc Pages answers. */
  const renderPage = (ctx: RouteContext, d: DocRecord, p: DocPageRecord): Record<string, unknown> => ({
    id: p.id,
    doc_id: d.id,
    ...(p.parentPageId ? { parent_page_id: p.parentPageId } : {}),
    workspace_id: Number(ctx.state.team.id),
    name: p.name,
    date_created: p.dateCreated,
    date_updated: p.dateUpdated,
    content: contentIn(ctx, p.content),
    creator_id: p.creator,
    deleted: false,
    archived: false,
    protected: false,
    pages: d.pages.filter((c) => c.parentPageId === p.id).map((c) => renderPage(ctx, d, c)),
  });
  /** `content_format=text/plain` answers the text without markdown marks. */
  const contentIn = (ctx: RouteContext, markdown: string) =>
    format(queryString(ctx.request, 'content_format')) === 'text/plain'
      ? markdown.replace(/^#+\s+/gm, '').replace(/[*_`]/g, '')
      : markdown;
  const format = (value: unknown) => {
    if (value === undefined) return 'text/md';
    if (typeof value !== 'string' || !FORMATS.includes(value))
      throw badRequest('content_format must be text/md or text/plain');
    return value;
  };
  const findDoc = (ctx: RouteContext) => {
    requireTeam(ctx, 'workspace_id');
    const doc = ctx.state.docs.find((d) => d.id === ctx.params['doc_id']);
    if (!doc) throw notFound('Doc');
    return doc;
  };
  const findPage = (doc: DocRecord, id: string | undefined) => {
    const page = doc.pages.find((p) => p.id === id);
    if (!page) throw notFound('Page');
    return page;
  };
  const optionalString = (body: Record<string, unknown>, key: string) => {
    const value = body[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw badRequest(`${key} must be a string`);
    return value;
  };
  /** The parent a new doc names: required, of a known type, and existing in this workspace. */
  const parentOf = (ctx: RouteContext, value: unknown): DocRecord['parent'] => {
    if (typeof value !== 'object' || value === null) throw badRequest('parent is required: {id, type}');
    const { id, type } = value as { id?: unknown; type?: unknown };
    if (typeof id !== 'string' || !PARENT_TYPES.includes(type as (typeof PARENT_TYPES)[number]))
      throw badRequest('parent must be {id: string, type: 4, 5, 6, 7 or 12}');
    const exists =
      type === 4
        ? ctx.state.spaces.some((s) => s.id === id)
        : type === 5
          ? ctx.state.folders.some((f) => f.id === id)
          : type === 6
            ? ctx.state.lists.some((l) => l.id === id)
            : id === ctx.state.team.id;
    if (!exists) throw notFound('Parent');
    return { id, type: type as number };
  };
  const newPage = (
    ctx: RouteContext,
    doc: DocRecord,
    fields: { name: string; content: string; parentPageId?: string | undefined },
  ): DocPageRecord => {
    const page: DocPageRecord = {
      id: `${doc.id.split('-')[0]}-${nextCounter(ctx.state, 'docPage', 100)}`,
      name: fields.name,
      ...(fields.parentPageId ? { parentPageId: fields.parentPageId } : {}),
      content: fields.content,
      dateCreated: ctx.now,
      dateUpdated: ctx.now,
      creator: ctx.me,
    };
    doc.pages.push(page);
    return page;
  };
  return [
    v3('GET', '/workspaces/:workspace_id/docs', (ctx) => {
      if (!readTeam(ctx, 'workspace_id')) return { docs: [], next_cursor: null };
      const parentId = queryString(ctx.request, 'parent_id');
      const docs = ctx.state.docs.filter((d) => parentId === undefined || d.parent.id === parentId);
      return { docs: docs.map((d) => renderDoc(ctx, d)), next_cursor: null };
    }),
    v3('POST', '/workspaces/:workspace_id/docs', (ctx) => {
      requireTeam(ctx, 'workspace_id');
      const body = objectBody(ctx.request);
      const name = optionalString(body, 'name') ?? '';
      const parent = parentOf(ctx, body['parent']);
      const visibility = body['visibility'] ?? 'PUBLIC';
      if (!VISIBILITIES.includes(visibility as DocRecord['visibility']))
        throw badRequest('visibility must be PUBLIC, PRIVATE, PERSONAL or HIDDEN');
      const doc: DocRecord = {
        id: `8cnw${nextCounter(ctx.state, 'doc', 100).toString(36)}-${nextCounter(ctx.state, 'docPage', 100)}`,
        name,
        parent,
        creator: ctx.me,
        dateCreated: ctx.now,
        visibility: visibility as DocRecord['visibility'],
        pages: [],
      };
      ctx.state.docs.push(doc);
      if (body['create_page'] !== false) newPage(ctx, doc, { name, content: '' });
      return renderDoc(ctx, doc);
    }),
    v3('GET', '/workspaces/:workspace_id/docs/:doc_id', (ctx) => renderDoc(ctx, findDoc(ctx))),
    v3('GET', '/workspaces/:workspace_id/docs/:doc_id/pages', (ctx) => {
      const doc = findDoc(ctx);
      return doc.pages.filter((p) => !p.parentPageId).map((p) => renderPage(ctx, doc, p));
    }),
    v3('POST', '/workspaces/:workspace_id/docs/:doc_id/pages', (ctx) => {
      const doc = findDoc(ctx);
      const body = objectBody(ctx.request);
      format(body['content_format']);
      const parentPageId = optionalString(body, 'parent_page_id');
      if (parentPageId !== undefined) findPage(doc, parentPageId);
      const page = newPage(ctx, doc, {
        name: optionalString(body, 'name') ?? '',
        content: optionalString(body, 'content') ?? '',
        parentPageId,
      });
      return renderPage(ctx, doc, page);
    }),
    v3('GET', '/workspaces/:workspace_id/docs/:doc_id/pages/:page_id', (ctx) => {
      const doc = findDoc(ctx);
      return renderPage(ctx, doc, findPage(doc, ctx.params['page_id']));
    }),
    v3('PUT', '/workspaces/:workspace_id/docs/:doc_id/pages/:page_id', (ctx) => {
      const doc = findDoc(ctx);
      const page = findPage(doc, ctx.params['page_id']);
      const body = objectBody(ctx.request);
      format(body['content_format']);
      const name = optionalString(body, 'name');
      const content = optionalString(body, 'content');
      const mode = body['content_edit_mode'] ?? 'replace';
      if (typeof mode !== 'string' || !EDIT_MODES.includes(mode))
        throw badRequest('content_edit_mode must be replace, append or prepend');
      if (name !== undefined) page.name = name;
      if (content !== undefined) {
        if (mode === 'append') page.content = `${page.content}${content}`;
        else if (mode === 'prepend') page.content = `${content}${page.content}`;
        else page.content = content;
      }
      page.dateUpdated = ctx.now;
      return {};
    }),
  ];
}
