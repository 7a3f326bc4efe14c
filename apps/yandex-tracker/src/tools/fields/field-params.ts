/**
 * Field definitions (`fields` toolset): the types a field can have (sent as the API's class names),
 * its id, its name (sent as `{en, ru}`), and the category — checked against `GET /v3/fields/categories`
 * before anything is sent, a category name taken for its id and announced in the answer.
 */
import { fold, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { compact } from '../../api/dto/refs.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, filled } from '../shared/params.ts';

/** Field types an agent names, and the API's names for them. */
export const FIELD_TYPES = {
  string: 'ru.yandex.startrek.core.fields.StringFieldType',
  text: 'ru.yandex.startrek.core.fields.TextFieldType',
  integer: 'ru.yandex.startrek.core.fields.IntegerFieldType',
  float: 'ru.yandex.startrek.core.fields.FloatFieldType',
  date: 'ru.yandex.startrek.core.fields.DateFieldType',
  datetime: 'ru.yandex.startrek.core.fields.DateTimeFieldType',
  user: 'ru.yandex.startrek.core.fields.UserFieldType',
  uri: 'ru.yandex.startrek.core.fields.UriFieldType',
} as const;

export const fieldTypeParam = () =>
  z
    .enum(Object.keys(FIELD_TYPES) as [keyof typeof FIELD_TYPES, ...(keyof typeof FIELD_TYPES)[]])
    .describe('Value type.');

/** A new field's id: Latin letters, digits and `_`, starting with a letter. */
export const newFieldIdParam = (description: string) =>
  z
    .string()
    .refine(
      (v) => /^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(v),
      'Use Latin letters, digits and _, starting with a letter (at most 50), e.g. "releaseNotes".',
    )
    .describe(description);

export const fieldNameParam = (description: string) =>
  z
    .string()
    .trim()
    .refine(filled, 'Must be at least 1 character long.')
    .refine(atMost(200), 'Must be at most 200 characters long.')
    .describe(description);

export const categoryParam = () =>
  z.string().refine(filled, 'Must be at least 1 character long.').describe('Category id or name.');

/** `name` as the API takes it: the same text in both languages. */
export const localizedName = (name: string) => ({ en: name, ru: name });

export interface ApiCategory {
  id: string;
  name?: string | { en?: string; ru?: string };
  order?: number;
  [field: string]: unknown;
}

const namesOf = (c: ApiCategory) =>
  typeof c.name === 'string' ? [c.name] : Object.values(c.name ?? {}).filter((n): n is string => !!n);

export function toCategory(c: ApiCategory) {
  return compact({ categoryId: c.id, name: namesOf(c)[0], order: c.order });
}

export const readCategories = async (ctx: TrackerCtx) => {
  const list = await ctx.deps.client.get<ApiCategory[]>('/v3/fields/categories', { signal: ctx.signal });
  return Array.isArray(list) ? list : [];
};

/**
 * The category's id: an id as it is, a name (any case) converted and announced; anything else
 * refused with the categories, before anything is sent.
 */
export async function resolveCategory(toolName: string, value: string, ctx: TrackerCtx): Promise<string> {
  const categories = await readCategories(ctx);
  if (categories.some((c) => c.id === value)) return value;
  const named = categories.find((c) => namesOf(c).some((n) => fold(n) === fold(value)));
  if (named) {
    ctx.call?.convert('categoryId', value, `${named.id} (${namesOf(named)[0]})`);
    return named.id;
  }
  throw new ValidationError({
    toolName,
    issues: [
      {
        field: 'categoryId',
        message: `"${value}" is not a field category. Valid categories: ${categories
          .map((c) => `${c.id} (${namesOf(c)[0] ?? ''})`)
          .join(', ')}. Nothing was sent.`,
      },
    ],
  });
}
