/**
 * Reference data (research §3.8 "Users and reference data"): statuses, issue types, priorities,
 * resolutions (each `?localized=`), global fields and link types. Lists come back whole, without
 * pagination, as the API sends them.
 */
import { API_ORIGIN } from '../render.ts';
import { queryString, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { notFound } from '../tracker-error.ts';
import { CATEGORY_NAMES } from './queues.ts';
import type { GlobalFieldRecord, NamedRecord, StatusRecord } from '../tracker-state.ts';

/** Russian names of the seed's reference values (`localized=false` answers with every language). */
const RUSSIAN: Record<string, string> = {
  'statuses:open': 'Открыт',
  'statuses:inProgress': 'В работе',
  'statuses:needInfo': 'Требуется информация',
  'statuses:inReview': 'На ревью',
  'statuses:resolved': 'Решён',
  'statuses:closed': 'Закрыт',
  'issuetypes:bug': 'Ошибка',
  'issuetypes:task': 'Задача',
  'issuetypes:epic': 'Эпик',
  'issuetypes:story': 'История',
  'priorities:trivial': 'Незначительный',
  'priorities:minor': 'Низкий',
  'priorities:normal': 'Средний',
  'priorities:critical': 'Критичный',
  'priorities:blocker': 'Блокер',
  'resolutions:fixed': 'Решён',
  'resolutions:wontFix': 'Не будет исправлено',
  'resolutions:duplicate': 'Дубликат',
  'resolutions:invalid': 'Некорректный',
};

/** The link types of the organisation (`GET /v2/linktypes`); ids match the link records' `type`. */
export const LINK_TYPES = [
  { id: 'relates', inward: 'relates', outward: 'relates' },
  { id: 'depends', inward: 'is dependent by', outward: 'depends on' },
  { id: 'duplicates', inward: 'is duplicated by', outward: 'duplicates' },
  { id: 'subtask', inward: 'is subtask for', outward: 'is parent task for' },
  { id: 'epic', inward: 'has epic', outward: 'is epic of' },
] as const;

type Kind = 'statuses' | 'issuetypes' | 'priorities' | 'resolutions';

/** `localized=true` (the default): the name in the caller's language; `false`: every translation. */
function localizedName(ctx: RouteContext, kind: Kind, item: { key: string; display: string }) {
  if (queryString(ctx.request, 'localized') !== 'false') return item.display;
  return { en: item.display, ru: RUSSIAN[`${kind}:${item.key}`] ?? item.display };
}

function renderNamed(ctx: RouteContext, kind: Kind, item: NamedRecord | StatusRecord) {
  const name = localizedName(ctx, kind, item);
  return {
    self: `${API_ORIGIN}/${ctx.version}/${kind}/${item.id}`,
    id: item.id,
    version: 1,
    key: item.key,
    name,
    ...(kind === 'priorities'
      ? {}
      : { description: ('description' in item ? item.description : undefined) ?? item.display }),
    ...(item.order !== undefined ? { order: item.order } : {}),
    ...('type' in item ? { type: item.type } : {}),
  };
}

export function renderField(ctx: RouteContext, field: GlobalFieldRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/fields/${field.id}`,
    id: field.id,
    name: field.name,
    key: field.key,
    version: field.version,
    schema: field.schema,
    readonly: field.readonly,
    options: true,
    suggest: false,
    order: ctx.state.globalFields.indexOf(field) + 1,
    category: {
      self: `${API_ORIGIN}/${ctx.version}/fields/categories/${field.category}`,
      id: field.category,
      display: CATEGORY_NAMES[field.category] ?? field.category,
    },
  };
}

export function referenceRoutes(): TrackerRoute[] {
  const list = (kind: Kind, items: (ctx: RouteContext) => readonly (NamedRecord | StatusRecord)[]) =>
    route('GET', `/${kind}`, (ctx) => items(ctx).map((item) => renderNamed(ctx, kind, item)));
  return [
    list('statuses', (ctx) => ctx.state.statuses),
    list('issuetypes', (ctx) => ctx.state.issueTypes),
    list('priorities', (ctx) => ctx.state.priorities),
    list('resolutions', (ctx) => ctx.state.resolutions),
    route('GET', '/fields', (ctx) => ctx.state.globalFields.map((f) => renderField(ctx, f))),
    route('GET', '/fields/:id', (ctx) => {
      const field = ctx.state.globalFields.find((f) => f.id === ctx.params['id']);
      if (!field) throw notFound(`Поле «${ctx.params['id']}» не существует.`);
      return renderField(ctx, field);
    }),
    route('GET', '/linktypes', (ctx) =>
      LINK_TYPES.map((t) => ({ self: `${API_ORIGIN}/${ctx.version}/linktypes/${t.id}`, ...t })),
    ),
  ];
}
