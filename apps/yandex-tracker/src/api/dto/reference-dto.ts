/** Reference data as the API sends it, and the compact views the reference tools return. */
import { compact } from './refs.ts';

/** A name: a string (`localized=true`, the default) or every translation (`localized=false`). */
export type ApiLocalizedName = string | Record<string, string>;

/** A status, issue type, priority or resolution (`GET /v3/statuses|issuetypes|priorities|resolutions`). */
export interface ApiReferenceItem {
  self?: string;
  id: number | string;
  key: string;
  version?: number;
  name?: ApiLocalizedName;
  display?: ApiLocalizedName;
  description?: string;
  order?: number;
  /** Statuses only: new | inProgress | paused | done. */
  type?: string;
  [field: string]: unknown;
}

/** A global field (`GET /v3/fields`). */
export interface ApiGlobalField {
  self?: string;
  id: string;
  key?: string;
  name?: ApiLocalizedName;
  version?: number;
  schema?: { type?: string; items?: string; required?: boolean };
  readonly?: boolean;
  [field: string]: unknown;
}

/** A link type (`GET /v2/linktypes`). */
export interface ApiLinkType {
  self?: string;
  id: string;
  inward?: string;
  outward?: string;
  [field: string]: unknown;
}

/** `{key, display, type?, order?}`; with `localized: false` the display is every translation. */
export function toReferenceItem(item: ApiReferenceItem) {
  return compact({
    key: item.key,
    display: item.name ?? item.display,
    type: item.type,
    order: item.order,
  });
}

export function toGlobalField(field: ApiGlobalField) {
  const type = field.schema?.type;
  return compact({
    id: field.id,
    name: field.name,
    type: type === 'array' && field.schema?.items ? `array<${field.schema.items}>` : type,
    readonly: field.readonly ?? false,
    required: field.schema?.required ?? false,
  });
}

export function toLinkType(type: ApiLinkType) {
  return compact({ id: type.id, inward: type.inward, outward: type.outward });
}
