/** Compact comment views (research §3.8 "Comments"). */
import { compact } from './refs.ts';
import type { Ref } from './tracker-types.ts';

const displayOf = (ref: Ref | undefined) => (ref ? (ref.display ?? String(ref.id)) : undefined);

export interface ApiComment {
  id: number | string;
  longId?: string;
  text?: string;
  createdBy?: Ref;
  updatedBy?: Ref;
  createdAt?: string;
  updatedAt?: string;
  summonees?: Ref[];
  maillistSummonees?: Ref[];
  attachments?: Ref[];
  version?: number;
  type?: string;
  transport?: string;
  [field: string]: unknown;
}

export function toComment(comment: ApiComment) {
  const edited = comment.updatedAt !== undefined && comment.updatedAt !== comment.createdAt;
  return compact({
    commentId: comment.id,
    author: displayOf(comment.createdBy),
    createdAt: comment.createdAt,
    ...(edited ? { updatedAt: comment.updatedAt } : {}),
    text: comment.text,
    summonees: comment.summonees?.map((s) => s.display ?? String(s.id)),
    maillistSummonees: comment.maillistSummonees?.map((s) => s.display ?? String(s.id)),
    attachments: comment.attachments?.map((a) => a.display ?? String(a.id)),
    version: comment.version,
    ...(comment.type && comment.type !== 'standard' ? { type: comment.type } : {}),
  });
}
