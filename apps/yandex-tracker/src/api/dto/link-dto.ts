/**
 * Compact issue links (docs `concepts/issues/link-issue`). `direction` says which end is the main
 * one: `inward` — the linked issue (`object`) is; `outward` — the issue asked about is. The current
 * issue's own relation is therefore `type.inward` for inward links and `type.outward` for outward ones.
 */
import { compact, refKey } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiLink {
  id: number | string;
  type?: { id?: string; inward?: string; outward?: string };
  direction?: 'inward' | 'outward' | string;
  object?: Ref;
  status?: Ref;
  assignee?: Ref;
  createdBy?: Ref;
  createdAt?: string;
  [field: string]: unknown;
}

/** The relationship names `POST /issues/{id}/links` accepts, exactly as the API docs list them. */
export const LINK_RELATIONSHIPS = [
  'relates',
  'is dependent by',
  'depends on',
  'is subtask for',
  'is parent task for',
  'duplicates',
  'is duplicated by',
  'is epic of',
  'has epic',
] as const;

export function toLink(link: ApiLink) {
  const relationship = link.direction === 'outward' ? link.type?.outward : link.type?.inward;
  return compact({
    linkId: link.id,
    relationship,
    type: link.type?.id,
    direction: link.direction,
    issue: link.object?.key,
    summary: link.object?.display,
    status: refKey(link.status),
    assignee: link.assignee?.display,
  });
}
