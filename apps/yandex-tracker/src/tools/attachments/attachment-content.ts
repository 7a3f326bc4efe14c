/**
 * A downloaded attachment as content a client can show: an image as an image (PNG, JPEG, GIF,
 * WebP: the types MCP clients render), text as text (a text type that is valid UTF-8, cut at
 * {@link MAX_TEXT_CHARS} with a note saying so), anything else as the file's bytes in an embedded
 * resource with a message saying it cannot be shown and how to get it as a file.
 */
import { toolResponse, type ToolContent, type ToolResponse } from '@toolsmith/core';

/** Image types MCP clients render as images. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Types read as text when the bytes are valid UTF-8. */
const TEXT_TYPE =
  /^text\/|^application\/(json|ld\+json|xml|yaml|x-yaml|toml|javascript|x-javascript|x-ndjson|csv|sql|x-sh|x-httpd-php|graphql)$|\+(json|xml)$/;

/** Characters of a text file shown in one answer (core's output budget is 50 000 for the whole answer). */
export const MAX_TEXT_CHARS = 40_000;

export interface DownloadInfo {
  issueId: string;
  attachmentId: string;
  name: string;
  mimetype: string;
  size: number;
}

/** The answer of a download without a download directory: the file shown as what it is. */
export function showAttachment(info: DownloadInfo, bytes: Uint8Array, uri: string): ToolResponse {
  const type = info.mimetype.toLowerCase();
  if (IMAGE_TYPES.has(type) && bytes.length > 0) {
    return toolResponse({
      content: [{ type: 'image', data: Buffer.from(bytes).toString('base64'), mimeType: type }],
      data: { ...info, shownAs: 'image' },
    });
  }
  const text = TEXT_TYPE.test(type) ? utf8(bytes) : undefined;
  if (text !== undefined) {
    const cut = text.length > MAX_TEXT_CHARS;
    const content: ToolContent[] = [{ type: 'text', text: cut ? text.slice(0, MAX_TEXT_CHARS) : text }];
    return toolResponse({
      content,
      data: {
        ...info,
        shownAs: 'text',
        ...(cut
          ? {
              note: `Only the first ${MAX_TEXT_CHARS} of its ${text.length} characters are shown. The whole file stays in Tracker; a server with YANDEX_TRACKER_DOWNLOAD_DIR saves it whole.`,
            }
          : {}),
      },
    });
  }
  return toolResponse({
    content: [
      {
        type: 'resource',
        resource: { uri, mimeType: info.mimetype, blob: Buffer.from(bytes).toString('base64') },
      },
    ],
    data: {
      ...info,
      shownAs: 'file',
      note: `${info.name} (${info.mimetype}) cannot be shown as text or an image: its bytes are in this result's embedded resource (base64), for a client that opens or saves files. To have the server save it as a file, the operator sets YANDEX_TRACKER_DOWNLOAD_DIR.`,
    },
  });
}

/** The bytes as text, or undefined when they are not valid UTF-8 (a mislabelled binary). */
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}
