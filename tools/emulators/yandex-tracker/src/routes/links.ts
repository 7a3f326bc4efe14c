/**
 * Issue links (research §3.8 "Links", docs `concepts/issues/link-issue`): list, create, delete.
 *
 * A stored link goes `from` → `to`, where `to` is the "main" end (the parent, the blocker, the
 * original, the epic). Seen from `from` the link is `inward` (the linked issue is the main one) and
 * reads `type.inward`; seen from `to` it is `outward` and reads `type.outward`.
 */
import { API_ORIGIN, issueRef, requireIssue, statusRef, userRef } from '../render.ts';
import { created, objectBody, route, type TrackerRoute } from '../router.ts';
import { conflict, notFound, unprocessable } from '../tracker-error.ts';
import { nextId, recordChange, trackerDate, type LinkRecord, type TrackerState } from '../tracker-state.ts';

type LinkType = LinkRecord['type'];

/** The API's link types: the current issue's relation when it is the `from` (inward) or `to` (outward) end. */
export const LINK_TYPES: Record<LinkType, { inward: string; outward: string }> = {
  relates: { inward: 'relates', outward: 'relates' },
  depends: { inward: 'depends on', outward: 'is dependent by' },
  subtask: { inward: 'is subtask for', outward: 'is parent task for' },
  duplicates: { inward: 'duplicates', outward: 'is duplicated by' },
  epic: { inward: 'has epic', outward: 'is epic of' },
};

/** `relationship` names `POST /issues/{key}/links` accepts, exactly as the docs list them. */
export const RELATIONSHIPS: Record<string, { type: LinkType; currentIs: 'from' | 'to' }> = {
  relates: { type: 'relates', currentIs: 'from' },
  'is dependent by': { type: 'depends', currentIs: 'to' },
  'depends on': { type: 'depends', currentIs: 'from' },
  'is subtask for': { type: 'subtask', currentIs: 'from' },
  'is parent task for': { type: 'subtask', currentIs: 'to' },
  duplicates: { type: 'duplicates', currentIs: 'from' },
  'is duplicated by': { type: 'duplicates', currentIs: 'to' },
  'is epic of': { type: 'epic', currentIs: 'to' },
  'has epic': { type: 'epic', currentIs: 'from' },
};

/** The link as `GET /v2/issues/{key}/links` renders it, seen from the issue with id `issueId`. */
export function renderLink(state: TrackerState, link: LinkRecord, issueId: string, issueKey: string) {
  const inward = link.from === issueId;
  const otherId = inward ? link.to : link.from;
  const other = state.issues.find((i) => i.id === otherId);
  const names = LINK_TYPES[link.type];
  return {
    self: `${API_ORIGIN}/v2/issues/${issueKey}/links/${link.id}`,
    id: link.id,
    type: { self: `${API_ORIGIN}/v2/linktypes/${link.type}`, id: link.type, ...names },
    direction: inward ? 'inward' : 'outward',
    object: issueRef(state, otherId),
    createdBy: userRef(state, link.createdBy),
    updatedBy: userRef(state, link.createdBy),
    createdAt: link.createdAt,
    updatedAt: link.createdAt,
    ...(other?.assignee ? { assignee: userRef(state, other.assignee) } : {}),
    ...(other ? { status: statusRef(state, other.status) } : {}),
  };
}

export function linksRoutes(): TrackerRoute[] {
  return [
    route('GET', '/issues/:key/links', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      return ctx.state.links
        .filter((l) => l.from === issue.id || l.to === issue.id)
        .map((l) => renderLink(ctx.state, l, issue.id, issue.key));
    }),
    route('POST', '/issues/:key/links', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const body = objectBody(ctx.request);
      const relationship = body['relationship'];
      const spec = typeof relationship === 'string' ? RELATIONSHIPS[relationship] : undefined;
      if (!spec) {
        throw unprocessable(
          `Неизвестный тип связи «${String(relationship ?? '')}». Допустимые значения: ${Object.keys(RELATIONSHIPS).join(', ')}.`,
          { relationship: 'Недопустимое значение' },
        );
      }
      const targetKey = body['issue'];
      if (typeof targetKey !== 'string' || targetKey === '') {
        throw unprocessable('Поле issue обязательно.', { issue: 'required' });
      }
      const target = state.issues.find(
        (i) => i.key === targetKey || i.id === targetKey || i.previousKeys.includes(targetKey),
      );
      if (!target) {
        throw unprocessable(`Задача «${targetKey}» не найдена.`, { issue: 'Задача не найдена' });
      }
      if (target.id === issue.id) {
        throw unprocessable('Нельзя связать задачу саму с собой.', { issue: 'Та же задача' });
      }
      const epic = spec.currentIs === 'to' ? issue : target;
      if (spec.type === 'epic' && epic.type !== 'epic') {
        throw unprocessable(
          `Связь «${String(relationship)}» можно создать, только если задача ${epic.key} имеет тип «Эпик».`,
          { relationship: 'Недопустимо для этого типа задачи' },
        );
      }
      const from = spec.currentIs === 'from' ? issue.id : target.id;
      const to = spec.currentIs === 'from' ? target.id : issue.id;
      const pair = (l: LinkRecord) => new Set([l.from, l.to]);
      if (state.links.some((l) => pair(l).has(issue.id) && pair(l).has(target.id))) {
        throw conflict(`Связь между задачами ${issue.key} и ${target.key} уже существует.`);
      }
      const link: LinkRecord = {
        id: nextId(state, 'link', 501),
        from,
        to,
        type: spec.type,
        createdBy: me,
        createdAt: trackerDate(),
      };
      state.links.push(link);
      recordChange(state, issue.id, me, 'IssueLinked', [{ field: 'links', from: null, to: target.key }]);
      recordChange(state, target.id, me, 'IssueLinked', [{ field: 'links', from: null, to: issue.key }]);
      return created(renderLink(state, link, issue.id, issue.key));
    }),
    route('DELETE', '/issues/:key/links/:linkId', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const index = state.links.findIndex(
        (l) => String(l.id) === ctx.params['linkId'] && (l.from === issue.id || l.to === issue.id),
      );
      if (index === -1) throw notFound('Связь не существует.');
      const [link] = state.links.splice(index, 1);
      const otherId = link!.from === issue.id ? link!.to : link!.from;
      const otherKey = state.issues.find((i) => i.id === otherId)?.key ?? otherId;
      recordChange(state, issue.id, me, 'IssueUnlinked', [{ field: 'links', from: otherKey, to: null }]);
      recordChange(state, otherId, me, 'IssueUnlinked', [{ field: 'links', from: issue.key, to: null }]);
      return undefined;
    }),
  ];
}
