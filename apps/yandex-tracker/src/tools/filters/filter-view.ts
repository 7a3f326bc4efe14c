/**
 * Saved issue filters (`filters` toolset): the API's shape, the compact view the tools return, the
 * id parameter and the hint a 404 or 403 gets. A filter selects issues by a YQL `query` or a
 * `filter` object (field → values), never both; `tracker_find_issues` runs one by `filterId`.
 */
import { AuthError, NotFoundError, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { compact } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { withHint } from '../shared/known-values.ts';

export interface ApiFilter {
  self?: string;
  id: number | string;
  version?: number;
  name: string;
  owner?: Ref;
  query?: string;
  filter?: Record<string, unknown>;
  createdAt?: string;
  [field: string]: unknown;
}

export function toFilter(filter: ApiFilter) {
  return compact({
    filterId: Number(filter.id),
    name: filter.name,
    query: filter.query,
    filter: filter.filter,
    owner: filter.owner?.display,
  });
}

export const filterIdParam = () => z.number().int().positive().describe('From tracker_get_filters.');

export const filterPath = (filterId: number) => `/v3/filters/${filterId}`;

/** A missing filter names the list tool; another user's filter says only its owner may change it. */
export function withFilterHint(error: unknown): unknown {
  if (NotFoundError.isInstance(error))
    return withHint(error, 'tracker_get_filters lists your filters and their ids.');
  if (AuthError.isInstance(error) && error.status === 403) {
    return withHint(
      error,
      'Only the owner of a filter may change or delete it: save a copy with tracker_create_filter.',
    );
  }
  return error;
}

/** `query` and `filter` are two ways to say the same thing: at most one (exactly one on create). */
export function assertOneSelector(
  toolName: string,
  params: { query?: string | undefined; filter?: Record<string, unknown> | undefined },
  required: boolean,
): void {
  const both = params.query !== undefined && params.filter !== undefined;
  const none = params.query === undefined && params.filter === undefined;
  if (both || (required && none)) {
    throw new ValidationError({
      toolName,
      issues: [
        {
          field: both ? 'query, filter' : '',
          message: both
            ? 'are both given, but a filter is one or the other. Keep one; to combine conditions, write them all in `query`.'
            : 'says nothing to select issues by. Pass `query` (YQL, e.g. "Queue: DEMO Status: open") or `filter`.',
        },
      ],
    });
  }
}
