/** Params shared by the comment tools (research §1.7 item 3: mentions need `summonees`, not "@login" text). */
import { ref } from '@toolsmith/core';
import { z } from 'zod';
import { filled, atMost, userRef } from '../shared/params.ts';

/** One of the comments (read for each call; its long id is taken too). */
export const commentIdParam = () => ref('comment', { id: 'either' }).describe('Comment id, e.g. 103.');

export const commentTextParam = z
  .string()
  .trim()
  .refine(filled, 'Must be at least 1 character long.')
  .refine(atMost(100_000), 'Must be at most 100000 characters long.')
  .describe('Text in Tracker markup (Markdown with `markdown`).');

export const commentExtras = () => ({
  summonees: z
    .array(userRef())
    .refine(atMost(50), 'Must have at most 50 items.')
    .optional()
    .describe('Logins to @mention and notify ("@bob" in the text does not).'),
  maillistSummonees: z
    .array(z.email())
    .refine(atMost(20), 'Must have at most 20 items.')
    .optional()
    .describe('Mailing lists to summon.'),
  markdown: z.boolean().optional().describe('`text` is Markdown.'),
  attachmentIds: z
    .array(z.string().refine(filled, 'Must be at least 1 character long.'))
    .refine(atMost(20), 'Must have at most 20 items.')
    .optional()
    .describe('Ids of uploaded files to attach.'),
});

export function commentBody(params: {
  text: string;
  summonees?: string[] | undefined;
  maillistSummonees?: string[] | undefined;
  markdown?: boolean | undefined;
  attachmentIds?: string[] | undefined;
}): Record<string, unknown> {
  return {
    text: params.text,
    ...(params.summonees ? { summonees: params.summonees } : {}),
    ...(params.maillistSummonees ? { maillistSummonees: params.maillistSummonees } : {}),
    ...(params.markdown ? { markupType: 'md' } : {}),
    ...(params.attachmentIds ? { attachmentIds: params.attachmentIds } : {}),
  };
}

/** The recovery sentence for an API error about a summoned login. */
export const SUMMONEE_HINT =
  'Summon people by login or uid, e.g. ["bob"] (tracker_find_users finds them); dismissed users cannot be summoned.';
