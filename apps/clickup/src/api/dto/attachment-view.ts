/** An uploaded attachment: id, name, size and where to open it. */
export interface ApiAttachment {
  id: string;
  title?: string;
  extension?: string;
  mimetype?: string;
  size?: number;
  url?: string;
}

export interface AttachmentView {
  id: string;
  title?: string;
  size?: number;
  url?: string;
}

export const toAttachmentView = (a: ApiAttachment): AttachmentView => ({
  id: a.id,
  ...(a.title ? { title: a.title } : {}),
  ...(a.size !== undefined ? { size: a.size } : {}),
  ...(a.url ? { url: a.url } : {}),
});
