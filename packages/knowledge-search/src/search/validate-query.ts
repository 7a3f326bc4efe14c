/**
 * A knowledge query checked before it reaches the database, with errors that say what to change.
 */
import type { FieldIssue } from '@toolsmith/core';
import { ENTITY_TYPES, isEntityType, type EntityType } from '../entity-types.ts';
import { KnowledgeQueryError } from '../errors/knowledge-search-errors.ts';
import type { KnowledgeQuery } from '../store/knowledge-store.ts';

/** Longer queries are refused: search with the error message or key words, not a whole document. */
export const MAX_QUERY_CHARS = 2_000;
export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 50;

// eslint-disable-next-line no-control-regex -- the control characters are what it matches
const CONTROL = /[\u0000-\u001f\u007f]+/g;

export interface CheckedQuery {
  text: string;
  limit: number;
  entityTypes: EntityType[] | null;
  tools: string[] | null;
}

export function validateQuery(query: KnowledgeQuery): CheckedQuery {
  const issues: FieldIssue[] = [];
  // Control characters (a NUL, which PostgreSQL text cannot hold) mean nothing to a search: spaces.
  const text = typeof query.text === 'string' ? query.text.replace(CONTROL, ' ').trim() : '';
  if (!text) {
    issues.push({
      field: 'query',
      message: 'is empty. Describe what you need: an error message, a command or a question.',
    });
  } else if (text.length > MAX_QUERY_CHARS) {
    issues.push({
      field: 'query',
      message: `is ${text.length.toLocaleString('en-US')} characters; at most ${MAX_QUERY_CHARS.toLocaleString('en-US')} are searched. Send the error message or the key words, not a whole document.`,
    });
  }
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    issues.push({
      field: 'limit',
      message: `is ${String(limit)}; give a whole number from 1 to ${MAX_LIMIT}.`,
    });
  }
  const types = query.entityTypes === undefined ? null : [query.entityTypes].flat();
  const unknown = (types ?? []).filter((t) => !isEntityType(t));
  if (unknown.length > 0) {
    issues.push({
      field: 'type',
      message: `${unknown.map((t) => JSON.stringify(t)).join(', ')} ${unknown.length === 1 ? 'is not an entity type' : 'are not entity types'}.`,
      validOptions: ENTITY_TYPES,
    });
  }
  const tools = query.tools === undefined ? null : [query.tools].flat();
  if (tools?.some((t) => typeof t !== 'string' || !t.trim())) {
    issues.push({ field: 'tool', message: 'holds an empty tool name; give tool ids such as "clickup".' });
  }
  const searchKinds = ['fulltext', 'trigram', 'vector'];
  const badSearches = (query.searches ?? []).filter((kind) => !searchKinds.includes(kind));
  if (badSearches.length > 0) {
    issues.push({
      field: 'searches',
      message: `${badSearches.map((k) => JSON.stringify(k)).join(', ')} ${badSearches.length === 1 ? 'is not a search' : 'are not searches'}.`,
      validOptions: searchKinds,
    });
  }
  if (issues.length > 0) throw new KnowledgeQueryError(issues);
  return {
    text,
    limit,
    entityTypes: types && types.length > 0 ? (types as EntityType[]) : null,
    tools: tools && tools.length > 0 ? tools.map((t) => t.trim()) : null,
  };
}
