/**
 * A context provider: how the host fetches one named piece of call context (`list`, `fields`,
 * `members`…) that a pack's validators read. The pack declares the names
 * (`executable_knowledge.context`) and which commands need them (`commands[].context`); the server
 * registers one provider per name. The provider's closures hold whatever it needs (an API client, a
 * token); only the plain data its `fetch` resolves to reaches the sandbox.
 *
 *   const list = defineContextProvider({
 *     id: 'list',
 *     key: (input) => (typeof input['list_id'] === 'string' ? input['list_id'] : undefined),
 *     fetch: (input, { signal }) => clickup.get(`list/${input['list_id']}`, { signal }),
 *     ttlMs: 60_000,
 *     isStale: (error) => ApiError.isInstance(error) && error.apiCode === 'ITEM_114',
 *   });
 */
import { ContextProviderError } from '../errors/context-provider-error.ts';

/** The arguments of a call, as the tool validated them. */
export type ContextInput = Readonly<Record<string, unknown>>;

export interface ContextProviderSpec<TInput extends ContextInput = ContextInput> {
  /** The context entry this provider fills: an id of the pack's `executable_knowledge.context`. */
  id: string;
  /**
   * What the data depends on, as a cache key (`'901102008938'` for a list id); calls with the same
   * key share one cached value and one fetch. Return `undefined` when the input does not say (no
   * list id): the entry is then left out of the context and validators work without it.
   */
  key: (input: TInput) => string | undefined;
  /** Fetches the data. Resolve to plain JSON data; the signal aborts when no call waits any more. */
  fetch: (input: TInput, options: { signal: AbortSignal }) => Promise<unknown>;
  /** How long a fetched value stays fresh. 0 shares only concurrent fetches; Infinity never expires. */
  ttlMs: number;
  /**
   * Whether an error of the API call means this entry was stale (ClickUp `ITEM_114` "Status does
   * not exist" for a list's statuses, `FIELD_115` for its fields): the entry for that input is
   * dropped, so the next call fetches it again.
   */
  isStale?: (error: unknown, input: TInput) => boolean;
}

export type ContextProvider<TInput extends ContextInput = ContextInput> = Readonly<
  ContextProviderSpec<TInput>
>;

const ID_PATTERN = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;

/** Checks and freezes a provider definition. */
export function defineContextProvider<TInput extends ContextInput = ContextInput>(
  spec: ContextProviderSpec<TInput>,
): ContextProvider<TInput> {
  const id = String(spec.id);
  const problem = !ID_PATTERN.test(id)
    ? `id ${JSON.stringify(spec.id)} is not a context id: use the pack's id, lowercase letters and digits joined by - or _ (e.g. "list")`
    : typeof spec.key !== 'function' || typeof spec.fetch !== 'function'
      ? 'key and fetch must be functions: key(input) → cache key or undefined, fetch(input, { signal }) → Promise of plain data'
      : typeof spec.ttlMs !== 'number' || Number.isNaN(spec.ttlMs) || spec.ttlMs < 0
        ? `ttlMs must be a number ≥ 0 (0 shares only concurrent fetches, Infinity never expires); got ${String(spec.ttlMs)}`
        : spec.isStale !== undefined && typeof spec.isStale !== 'function'
          ? 'isStale, when given, must be a function (error, input) → boolean'
          : undefined;
  if (problem) {
    throw new ContextProviderError({ contextId: id, message: `Context provider "${id}": ${problem}.` });
  }
  return Object.freeze({ ...spec, id });
}
