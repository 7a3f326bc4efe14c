/** Comments of an entity as the API sends them, and the compact view (the issue comments' shape). */
import { compact } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';

export interface ApiEntityComment {
  id: number;
  longId?: string;
  text?: string;
  createdBy?: Ref;
  createdAt?: string;
  summonees?: Ref[];
  version?: number;
  [field: string]: unknown;
}

export function toEntityComment(comment: ApiEntityComment) {
  return compact({
    commentId: comment.id,
    author: comment.createdBy?.display,
    createdAt: comment.createdAt,
    text: comment.text,
    summonees: comment.summonees?.map((s) => s.display ?? String(s.id)),
    version: comment.version,
  });
}
