/**
 * Read: a window of a text file with numbered lines. The file is streamed in fixed-size chunks into
 * one reused buffer — lines before `offset` are only counted, lines after the window are counted
 * (or, past {@link COUNT_LIMIT_BYTES}, not even that) — so memory stays flat whatever the file size
 * and wherever the window is. Very long lines are cut while streaming, never held whole.
 *
 * A binary file (known by its magic bytes, see binary-file.ts) is not decoded: an image or a PDF is
 * attached as MCP image content or an embedded resource, anything else is described by type and size.
 */
import { open, readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  defineToolMetadata,
  toolResponse,
  ValidationError,
  type ToolContext,
  type ToolContent,
  type ToolResponse,
} from '@toolsmith/core';
import { z } from 'zod';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { recordRead } from '../session/file-guard.ts';
import { detectBinary, type BinaryInfo } from './shared/binary-file.ts';
import { resolveExisting } from './shared/existing-path.ts';
import { explainFsErrors } from './shared/fs-error.ts';
import { formatSize, plural } from './shared/plural.ts';
import { numberLines } from './shared/number-lines.ts';
import { CodingTool, permissionPath } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

/** Lines shown when `limit` is not given. */
export const DEFAULT_READ_LIMIT = 2000;
/** Longer lines are cut to this many characters. */
export const MAX_LINE_CHARS = 2000;
/** Characters of numbered lines one call returns at most (BaseTool's 50 000 stays a backstop). */
export const READ_OUTPUT_BUDGET = 45_000;
/** After the window, newlines are counted to report the total only in files up to this size. */
export const COUNT_LIMIT_BYTES = 128 * 1024 * 1024;
const CHUNK_BYTES = 256 * 1024;
/** Enough bytes for MAX_LINE_CHARS characters of any UTF-8 text. */
const MAX_LINE_BYTES = MAX_LINE_CHARS * 4 + 4;
const LINE_CUT_MARK = ` … [line cut at ${MAX_LINE_CHARS} characters]`;
/** Estimated characters the number prefix adds per line. */
const PREFIX_CHARS = 8;

const ReadParams = z.object({
  file_path: z
    .string()
    .min(1)
    .describe('The file to read: relative to the project root, or absolute inside it.'),
  offset: z
    .number()
    .int()
    .min(1)
    .default(1)
    .describe('1-based number of the first line to show. Use it to continue where a previous Read stopped.'),
  limit: z
    .number()
    .int()
    .min(1)
    .default(DEFAULT_READ_LIMIT)
    .describe(`How many lines to show (default ${DEFAULT_READ_LIMIT}).`),
});

interface LineWindow {
  lines: string[];
  /** Total lines in the file; undefined when the file is too large to count past the window. */
  total: number | undefined;
  /** Lines exist after the window. */
  more: boolean;
  /** The window stopped early because of READ_OUTPUT_BUDGET. */
  capped: boolean;
}

// Plain byte loops in plain functions: no call and no garbage per line, and locals the JIT keeps in
// registers (an async function's locals live in a heap context), however many lines a file has.

/** Number of `\n` bytes in view[from, to). */
function countNewlines(view: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at++) if (view[at] === 10) count++;
  return count;
}

/**
 * The index just after the `wanted`-th `\n` from `from`; when the view holds fewer, `-(found + 1)`.
 */
function afterNewlines(view: Uint8Array, from: number, wanted: number): number {
  let found = 0;
  for (let at = from; at < view.length; at++) {
    if (view[at] === 10 && ++found === wanted) return at + 1;
  }
  return -(found + 1);
}

/** Cuts `text` to `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end);
}

/** Streams `file` and returns lines offset … offset+limit-1 (1-based), bounded memory. */
async function readLineWindow(
  file: string,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<LineWindow> {
  const handle = await open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const countRest = size <= COUNT_LIMIT_BYTES;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const line = Buffer.allocUnsafe(MAX_LINE_BYTES);
    const decoder = new TextDecoder('utf-8');
    const lines: string[] = [];
    let lineLength = 0;
    let lineOverflow = false;
    let lineNumber = 1;
    let chars = 0;
    let collecting = true;
    let capped = false;
    let more = false;
    let newlines = 0;
    let lastByte = 10;
    let contentStart = 0;
    let position = 0;

    const take = (view: Buffer, from: number, to: number) => {
      const room = MAX_LINE_BYTES - lineLength;
      const length = Math.min(room, to - from);
      if (length > 0) view.copy(line, lineLength, from, from + length);
      lineLength += Math.max(0, length);
      if (to - from > room) lineOverflow = true;
    };
    const finishLine = () => {
      let text = decoder.decode(line.subarray(0, lineLength));
      const overflow = lineOverflow;
      lineLength = 0;
      lineOverflow = false;
      if (!overflow && text.endsWith('\r')) text = text.slice(0, -1);
      if (overflow || text.length > MAX_LINE_CHARS) text = cut(text, MAX_LINE_CHARS) + LINE_CUT_MARK;
      const cost = text.length + PREFIX_CHARS;
      if (lines.length > 0 && chars + cost > READ_OUTPUT_BUDGET) {
        collecting = false;
        capped = true;
        more = true;
        return;
      }
      lines.push(text);
      chars += cost;
      if (lines.length >= limit) collecting = false;
    };

    reading: while (position < size) {
      signal.throwIfAborted();
      const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK_BYTES, size - position), position);
      if (bytesRead === 0) break;
      const view = chunk.subarray(0, bytesRead);
      let from = 0;
      if (position === 0 && bytesRead >= 3 && view[0] === 0xef && view[1] === 0xbb && view[2] === 0xbf) {
        from = contentStart = 3;
      }
      position += bytesRead;
      lastByte = view[bytesRead - 1] ?? lastByte;
      while (from < bytesRead) {
        if (!collecting) {
          if (!countRest) break reading;
          newlines += countNewlines(view, from, bytesRead);
          break;
        }
        if (lineNumber < offset) {
          const after = afterNewlines(view, from, offset - lineNumber);
          const skipped = after >= 0 ? offset - lineNumber : -after - 1;
          newlines += skipped;
          lineNumber += skipped;
          from = after >= 0 ? after : bytesRead;
          continue;
        }
        const newline = view.indexOf(10, from);
        const to = newline === -1 ? bytesRead : newline;
        take(view, from, to);
        if (newline === -1) break;
        newlines++;
        finishLine();
        lineNumber++;
        from = newline + 1;
        if (!collecting && !capped) more = from < bytesRead || position < size;
      }
    }
    const hasContent = size > contentStart;
    const unterminated = hasContent && lastByte !== 10;
    // The last line has no newline: it ends at the end of the file.
    if (collecting && unterminated && lineNumber >= offset) finishLine();
    const total = collecting || countRest || !more ? newlines + (unterminated ? 1 : 0) : undefined;
    return { lines, total, more, capped };
  } finally {
    await handle.close();
  }
}

/** Images every MCP client and AI SDK provider takes as image content. */
const ATTACHED_IMAGES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Largest image Read attaches (model APIs refuse bigger ones). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest PDF Read attaches. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

export class ReadTool extends CodingTool<typeof ReadParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Read',
    title: 'Read file',
    description: [
      '[Files/Read] Read a text file, as numbered lines ("<line number><tab><text>"; the prefix is not part of the file).',
      `Shows up to ${DEFAULT_READ_LIMIT} lines from offset (1-based) and says how to continue; lines longer than ${MAX_LINE_CHARS} characters are cut. Large files are streamed, so reading any part of a big file is cheap: use offset/limit instead of reading it all.`,
      'Images (PNG, JPEG, GIF, WebP) come back as an image and PDFs as a document; other binary files (archives, executables…) get their type and size. A missing path gets "did you mean" suggestions. Read a file before changing it with Edit, MultiEdit or Write — they refuse files not read in this session. Use ListDir for directories and Glob/Grep to find files.',
    ].join('\n'),
    category: 'files',
    toolset: 'files',
    priority: 'high',
    tags: ['read', 'file', 'view', 'open', 'cat', 'lines', 'content', 'image', 'pdf'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Read'] };

  protected override permissionSubjects(
    params: z.output<typeof ReadParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return [permissionPath(ctx.deps.session, params.file_path)];
  }

  override getParamsSchema() {
    return ReadParams;
  }

  protected override truncationHint(): string {
    return 'Use offset and limit to read the file in smaller parts.';
  }

  async execute(
    params: z.output<typeof ReadParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): Promise<string | ToolResponse<string>> {
    const session = ctx.deps.session;
    const {
      absolute: file,
      shown,
      info,
    } = await resolveExisting(session, params.file_path, {
      toolName: this.name,
      field: 'file_path',
      kind: 'file',
      missing:
        'File not found: {path}. Check the path (relative paths resolve against the project root {root}); Glob finds files by name.',
      wrongKind: '{path} is a directory. Use ListDir to see what it holds, or give a file path.',
    });
    const binary = await explainFsErrors(this.name, 'file_path', shown, () => detectBinary(file));
    if (binary) {
      const answer = await this.#binary(file, shown, info.size, binary);
      // The agent now knows what is there: Write may replace it.
      recordRead(session, file);
      return answer;
    }

    const { offset, limit } = params;
    const window = await explainFsErrors(this.name, 'file_path', shown, () =>
      readLineWindow(file, offset, limit, ctx.signal),
    );
    recordRead(session, file);
    if (window.total === 0) return `(${shown} is empty.)`;
    if (window.lines.length === 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'offset',
            message: `offset ${offset} is past the end of ${shown}, which has ${plural(window.total ?? 0, 'line')}. Use an offset from 1 to ${window.total}.`,
          },
        ],
      });
    }
    const last = offset + window.lines.length - 1;
    const range = `lines ${offset}-${last}`;
    let footer: string;
    if (window.more) {
      const of = window.total === undefined ? '' : ` of ${window.total}`;
      const capped = window.capped ? `Output capped at ${READ_OUTPUT_BUDGET} characters. ` : '';
      const unknown =
        window.total === undefined
          ? ` More lines follow (the file is ${formatSize(info.size)}, too large to count them).`
          : '';
      footer = `(${capped}Showing ${range}${of}.${unknown} Use offset=${last + 1} to continue.)`;
    } else {
      footer =
        offset === 1
          ? `(End of file: ${plural(window.total ?? 0, 'line')}.)`
          : `(Showing ${range} of ${window.total}; end of file.)`;
    }
    return `${numberLines(window.lines, offset)}\n\n${footer}`;
  }

  /**
   * A binary file: an image or a PDF is attached (image content; an embedded `application/pdf`
   * resource, which the AI SDK adapter turns into a file part); anything else is described.
   */
  async #binary(
    file: string,
    shown: string,
    size: number,
    binary: BinaryInfo,
  ): Promise<string | ToolResponse<string>> {
    const what = `${binary.description}${binary.mime ? `, ${binary.mime}` : ''}, ${formatSize(size)}`;
    const mime = binary.mime ?? '';
    const image = ATTACHED_IMAGES.has(mime);
    const pdf = mime === 'application/pdf';
    if ((image && size <= MAX_IMAGE_BYTES) || (pdf && size <= MAX_PDF_BYTES)) {
      const data = (await explainFsErrors(this.name, 'file_path', shown, () => readFile(file))).toString(
        'base64',
      );
      const content: ToolContent = image
        ? { type: 'image', data, mimeType: mime }
        : { type: 'resource', resource: { uri: pathToFileURL(file).href, mimeType: mime, blob: data } };
      return toolResponse({
        content: [content],
        data: `${shown} (${what}) is attached ${image ? 'as an image' : 'as a document'}.`,
      });
    }
    const limit = image ? MAX_IMAGE_BYTES : MAX_PDF_BYTES;
    const tooLarge =
      image || pdf
        ? ` It is larger than the ${formatSize(limit)} Read attaches: make a smaller copy with Bash (e.g. ImageMagick \`convert\`, \`pdftotext\`) and read that.`
        : ' Read shows text files, images and PDFs; inspect this one with Bash (e.g. `file`, `unzip -l`, `tar -tf`, `xxd | head`) if needed.';
    return `${shown} is a binary file (${what}).${tooLarge}`;
  }
}
