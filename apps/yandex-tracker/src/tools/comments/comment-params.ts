/** Params shared by the comment tools (research §1.7 item 3: mentions need `summonees`, not "@login" text). */
import { z } from 'zod';

export const commentIdParam = z
  .number()
  .int()
  .positive()
  .describe('Comment id (the numeric `commentId` from tracker_get_comments), e.g. 103.');

export const commentTextParam = z
  .string()
  .trim()
  .min(1)
  .max(100_000)
  .describe('Comment text (Tracker markup, or Markdown with `markdown: true`). Line breaks as \\n.');

export const commentExtras = {
  summonees: z
    .array(z.string().min(1))
    .max(50)
    .optional()
    .describe(
      'Logins (or uids) of people to summon (@mention): they are notified and asked to answer, e.g. ["bob"]. Writing "@bob" in the text does not notify anyone.',
    ),
  maillistSummonees: z
    .array(z.email())
    .max(20)
    .optional()
    .describe('Mailing lists to summon, e.g. ["team@example.org"].'),
  markdown: z.boolean().optional().describe('Treat `text` as Markdown (sends markupType "md").'),
  attachmentIds: z
    .array(z.string().min(1))
    .max(20)
    .optional()
    .describe('Ids of uploaded files to attach (from the attachment tools).'),
};

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
