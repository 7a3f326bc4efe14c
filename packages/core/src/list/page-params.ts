/**
 * The paging parameters of list tools, `cursor` and `perPage`, defined once. What a server may choose
 * is what its definitions say: the descriptions, and whether the bounds are shown in the definition
 * (`minLength`, `minimum`, `maximum`) or only checked on every call with a message saying what to send
 * — the definition an agent reads on every turn then costs fewer tokens (ADR 0018).
 */
import { z } from 'zod';

/**
 * `schema`: the bounds are part of the definition (and zod's own messages refuse a bad value);
 * `call`: they are checked on each call with a "Must be …" message and left out of the definition.
 */
export type ParamBounds = 'schema' | 'call';

export interface CursorParamOptions {
  /** Default 'Previous `nextCursor`.' */
  readonly description?: string;
  /** Default `call`. */
  readonly bounds?: ParamBounds;
}

export interface PerPageParamOptions {
  /** Largest page asked for (default 100). */
  readonly max?: number;
  /** The page size when the caller gives none (default 50). */
  readonly fallback?: number;
  /** The description for this `max`; default "Page size, 1–{max}.". */
  readonly description?: (max: number) => string;
  /** Default `call`. */
  readonly bounds?: ParamBounds;
}

/** `cursor`: the `nextCursor` of the previous page, optional (the first page has none). */
export function cursorParam({
  description = 'Previous `nextCursor`.',
  bounds = 'call',
}: CursorParamOptions = {}) {
  const text =
    bounds === 'schema'
      ? z.string().min(1)
      : z.string().refine((value) => value.length > 0, 'Must be at least 1 character long.');
  return text.optional().describe(description);
}

/** `perPage`: an integer from 1 to `max`, `fallback` when left out. */
export function perPageParam({
  max = 100,
  fallback = 50,
  description = (largest) => `Page size, 1–${largest}.`,
  bounds = 'call',
}: PerPageParamOptions = {}) {
  const whole = z.number().int();
  const bounded =
    bounds === 'schema'
      ? whole.min(1).max(max)
      : whole
          .refine((value) => value >= 1, 'Must be at least 1.')
          .refine((value) => value <= max, `Must be at most ${max}.`);
  return bounded.default(fallback).describe(description(max));
}
