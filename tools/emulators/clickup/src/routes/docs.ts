/**
 * Docs, v3 only (research §2.7 "v3 extras"): `GET/POST /api/v3/workspaces/{ws}/docs`,
 * `GET /…/docs/{doc_id}`, `GET/POST /…/docs/{doc_id}/pages`, `GET/PUT /…/docs/{doc_id}/pages/{page_id}`
 * (PUT `content_edit_mode`: replace, append or prepend). Page content is markdown.
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { DocPageRecord, DocRecord } from '../clickup-state.ts';
import { nextCounter } from '../ids.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import { objectBody, queryString, v3, type ClickUpRoute, type RouteContext } from '../router.ts';

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
  const renderPage = (ctx: RouteContext, d: DocRecord, p: DocPageRecord) => ({
    id: p.id,
    doc_id: d.id,
    workspace_id: Number(ctx.state.team.id),
    name: p.name,
    date_created: p.dateCreated,
    date_updated: p.dateUpdated,
    content: p.content,
    creator_id: p.creator,
    deleted: false,
    archived: false,
    protected: false,
    pages: [],
  });
  const findDoc = (ctx: RouteContext) => {
    requireTeam(ctx, 'workspace_id');
    const doc = ctx.state.docs.find((d) => d.id === ctx.params['doc_id']);
    if (!doc) throw notFound('Doc');
    return doc;
  };
  const findPage = (ctx: RouteContext, doc: DocRecord) => {
    const page = doc.pages.find((p) => p.id === ctx.params['page_id']);
    if (!page) throw notFound('Page');
    return page;
  };
  const newPage = (ctx: RouteContext, doc: DocRecord, name: string, content: string): DocPageRecord => {
    const page = {
      id: `${doc.id.split('-')[0]}-${nextCounter(ctx.state, 'docPage', 100)}`,
      name,
      content,
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
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('Doc name invalid');
      const parent = body['parent'] as { id?: unknown; type?: unknown } | undefined;
      const doc: DocRecord = {
        id: `8cnw${nextCounter(ctx.state, 'doc', 100).toString(36)}-${nextCounter(ctx.state, 'docPage', 100)}`,
        name: body['name'],
        parent:
          parent && typeof parent.id === 'string' && typeof parent.type === 'number'
            ? { id: parent.id, type: parent.type }
            : { id: ctx.state.team.id, type: 12 },
        creator: ctx.me,
        dateCreated: ctx.now,
        visibility: body['visibility'] === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC',
        pages: [],
      };
      ctx.state.docs.push(doc);
      if (body['create_page'] !== false) newPage(ctx, doc, doc.name, '');
      return renderDoc(ctx, doc);
    }),
    v3('GET', '/workspaces/:workspace_id/docs/:doc_id', (ctx) => renderDoc(ctx, findDoc(ctx))),
    v3('GET', '/workspaces/:workspace_id/docs/:doc_id/pages', (ctx) => {
      const doc = findDoc(ctx);
      return doc.pages.map((p) => renderPage(ctx, doc, p));
    }),
    v3('POST', '/workspaces/:workspace_id/docs/:doc_id/pages', (ctx) => {
      const doc = findDoc(ctx);
      const body = objectBody(ctx.request);
      const name = typeof body['name'] === 'string' ? body['name'] : '';
      const content = typeof body['content'] === 'string' ? body['content'] : '';
      return renderPage(ctx, doc, newPage(ctx, doc, name, content));
    }),
    v3('GET', '/workspaces/:workspace_id/docs/:doc_id/pages/:page_id', (ctx) => {
      const doc = findDoc(ctx);
      return renderPage(ctx, doc, findPage(ctx, doc));
    }),
    v3('PUT', '/workspaces/:workspace_id/docs/:doc_id/pages/:page_id', (ctx) => {
      const doc = findDoc(ctx);
      const page = findPage(ctx, doc);
      const body = objectBody(ctx.request);
      if (typeof body['name'] === 'string') page.name = body['name'];
      if (typeof body['content'] === 'string') {
        const mode = body['content_edit_mode'] ?? 'replace';
        if (mode === 'append') page.content = `${page.content}${body['content']}`;
        else if (mode === 'prepend') page.content = `${body['content']}${page.content}`;
        else if (mode === 'replace') page.content = body['content'];
        else throw badRequest('content_edit_mode must be replace, append or prepend');
      }
      page.dateUpdated = ctx.now;
      return {};
    }),
  ];
}
