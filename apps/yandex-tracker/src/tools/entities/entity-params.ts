/**
 * What the Entity API tools share (`entities` toolset; research §3.8 "Entity API", §3.4): the entity
 * type, entity ids declared as `ref('entity')` scoped by the call's type (a name or shortId becomes
 * the id, announced; anything else is refused with the entities of that type), the API's shapes, the
 * compact views, and how `fields` works here: the API returns an entity's content (`fields`) only for
 * the names asked for in `?fields=`, so a `fields` path `fields.<name>` asks the API for `<name>`.
 */
import { ApiError, NotFoundError, ref } from '@toolsmith/core';
import { z } from 'zod';
import { compact, personRef } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { withHint } from '../shared/known-values.ts';
import { atMost, filled } from '../shared/params.ts';

export const ENTITY_TYPES = ['project', 'portfolio', 'goal'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The names the API takes in `?fields=` (its reference's table, and goals' key results). */
export const ENTITY_FIELDS = [
  'summary',
  'description',
  'author',
  'lead',
  'teamUsers',
  'clients',
  'followers',
  'start',
  'end',
  'checklistItems',
  'keyResultItems',
  'tags',
  'parentEntity',
  'teamAccess',
  'quarter',
  'entityStatus',
  'issueQueues',
];

/** What the compact views are built from. */
const LIST_FIELDS = ['summary', 'entityStatus', 'lead', 'end'];
const DETAIL_FIELDS = [
  'summary',
  'description',
  'entityStatus',
  'lead',
  'start',
  'end',
  'tags',
  'parentEntity',
  'teamAccess',
  'teamUsers',
  'followers',
  'issueQueues',
];

export const entityTypeParam = () => z.enum(ENTITY_TYPES).describe('Entity type.');

/** An entity of the call's `entityType`: its id; a name or shortId is converted (announced). */
export const entityIdParam = () => ref('entity', { scope: 'entityType' }).describe('Id, shortId or name.');

/** Another entity (a link's other end): of `targetType`, else of the call's `entityType`. */
export const targetIdParam = () =>
  ref('entity', {
    scope: (params) => String(params['targetType'] ?? params['entityType'] ?? ''),
  }).describe('Other entity: id, shortId or name.');

export const targetTypeParam = () => z.enum(ENTITY_TYPES).optional().describe('Its type if not entityType.');

/** A parent: a portfolio of a project or portfolio, a goal of a goal. */
export const parentIdParam = () =>
  ref('entity', {
    scope: (params) => (params['entityType'] === 'goal' ? 'goal' : 'portfolio'),
  }).describe("Parent portfolio (a goal's: goal).");

export const summaryParam = () =>
  z
    .string()
    .trim()
    .refine(filled, 'Must be at least 1 character long.')
    .refine(atMost(500), 'Must be at most 500 characters long.');

export const entityPath = (type: EntityType, id?: string) =>
  `/v3/entities/${type}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

export interface ApiEntity {
  self?: string;
  id: string;
  version?: number;
  shortId?: number;
  entityType?: string;
  createdBy?: Ref;
  createdAt?: string;
  updatedAt?: string;
  fields?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface EntitySearchEnvelope {
  hits?: number;
  pages?: number;
  values?: ApiEntity[];
}

/**
 * The names to ask the API for: with `fields` paths, those under `fields.` (`fields.lead.display`
 * asks for `lead`); without, what the compact view shows.
 */
export function apiFields(paths: readonly string[] | undefined, detail: boolean): string {
  if (paths === undefined) return (detail ? DETAIL_FIELDS : LIST_FIELDS).join(',');
  const names = paths
    .filter((p) => p.startsWith('fields.') && p.length > 'fields.'.length)
    .map((p) => p.split('.')[1]!);
  return [...new Set(names)].join(',');
}

const display = (value: unknown) => (value as Ref | null | undefined)?.display;
const displays = (value: unknown) =>
  Array.isArray(value) ? value.map((u) => (u as Ref).display ?? String((u as Ref).id)) : undefined;

export function toEntitySummary(entity: ApiEntity) {
  const f = entity.fields ?? {};
  return compact({
    entityId: entity.id,
    shortId: entity.shortId,
    summary: f['summary'] as string | undefined,
    status: f['entityStatus'] as string | undefined,
    lead: display(f['lead']),
    end: f['end'] as string | undefined,
  });
}

export function toEntity(entity: ApiEntity) {
  const f = entity.fields ?? {};
  const parent = f['parentEntity'] as { primary?: Ref } | null | undefined;
  return compact({
    entityId: entity.id,
    shortId: entity.shortId,
    entityType: entity.entityType,
    version: entity.version,
    summary: f['summary'] as string | undefined,
    description: f['description'] as string | undefined,
    status: f['entityStatus'] as string | undefined,
    lead: personRef(f['lead'] as Ref | undefined),
    start: f['start'] as string | undefined,
    end: f['end'] as string | undefined,
    tags: f['tags'] as string[] | undefined,
    parent: parent?.primary
      ? { entityId: String(parent.primary.id), summary: parent.primary.display }
      : undefined,
    teamAccess: f['teamAccess'] as boolean | undefined,
    team: displays(f['teamUsers']),
    followers: displays(f['followers']),
    queues: Array.isArray(f['issueQueues'])
      ? (f['issueQueues'] as Ref[]).map((q) => q.key ?? String(q.id))
      : undefined,
    createdBy: entity.createdBy?.display,
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
  });
}

/** A 404 names the search tool; a 422 on `fields` lists the names the API takes. */
export function withEntityHint(error: unknown): unknown {
  if (NotFoundError.isInstance(error)) {
    return withHint(error, 'Find entities and their ids with tracker_find_entities (same entityType).');
  }
  if (ApiError.isInstance(error) && /fields|поле|сортировки|фильтра/i.test(error.message)) {
    return withHint(
      error,
      `Entity fields the API knows: ${ENTITY_FIELDS.join(', ')}. In \`fields\`, write them as fields.<name>, e.g. fields.summary.`,
    );
  }
  return error;
}
