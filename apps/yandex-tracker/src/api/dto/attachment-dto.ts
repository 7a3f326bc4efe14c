/** Attachments as the API returns them (`GET /v2/issues/{key}/attachments`) and their compact view. */
import { compact, personRef } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiAttachment {
  self?: string;
  id: string | number;
  name: string;
  content?: string;
  thumbnail?: string;
  mimetype?: string;
  size?: number;
  createdBy?: Ref;
  createdAt?: string;
  [field: string]: unknown;
}

export function toAttachment(attachment: ApiAttachment) {
  return compact({
    id: String(attachment.id),
    name: attachment.name,
    mimetype: attachment.mimetype,
    size: attachment.size,
    createdBy: personRef(attachment.createdBy),
    createdAt: attachment.createdAt,
    hasThumbnail: attachment.thumbnail !== undefined ? true : undefined,
  });
}
