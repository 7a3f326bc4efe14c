/**
 * Binary file detection for the file tools: Read shows text (and attaches images and PDFs), and
 * Edit/MultiEdit must not rewrite a binary file as if it were text.
 *
 * - {@link binaryKind} (synchronous, for the edit tools): a known binary extension, a PDF header, or,
 *   in the first 4 KB, a NUL byte or more than 30% control bytes (opencode's rule).
 * - {@link detectBinary} (Read): the same, plus the file's magic bytes as `file-type` knows them —
 *   so a PDF, an archive or an executable is recognised whatever its name, with its media type.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type * as FileType from 'file-type';

/** `file-type`, loaded on the first Read (its import costs tens of milliseconds of start-up). */
let fileType: Promise<typeof FileType> | undefined;

const SNIFF_BYTES = 4096;

/** Extensions whose files are binary whatever their first bytes look like, by kind. */
const BINARY_EXTENSIONS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    image: 'png jpg jpeg gif bmp ico webp tif tiff psd heic avif',
    PDF: 'pdf',
    archive: 'zip tar gz tgz bz2 xz 7z rar zst jar war ear apk',
    executable: 'exe dll so dylib bin o a lib obj class pyc pyo wasm node',
    media: 'mp3 mp4 m4a wav flac ogg avi mov mkv webm',
    font: 'ttf otf woff woff2 eot',
    database: 'sqlite sqlite3 db',
    document: 'doc docx xls xlsx ppt pptx odt ods',
  }).flatMap(([kind, extensions]) =>
    extensions.split(' ').map((extension) => [`.${extension}`, kind] as const),
  ),
);

/** Types `file-type` recognises that are text (a text file of that type is read as text). */
const TEXT_TYPES: ReadonlySet<string> = new Set([
  'xml',
  'ics',
  'vcf',
  'vtt',
  'rtf',
  'ps',
  'eps',
  'reg',
  'pgp',
]);

/** Names of the types `file-type` reports by extension; the rest are called "<EXT> file". */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  pdf: 'PDF document',
  elf: 'ELF executable',
  exe: 'Windows executable',
  macho: 'Mach-O executable',
  wasm: 'WebAssembly module',
  class: 'Java class file',
  sqlite: 'SQLite database',
  gz: 'gzip archive',
  'tar.gz': 'gzip-compressed tar archive',
  bz2: 'bzip2 archive',
  xz: 'xz archive',
  zst: 'Zstandard archive',
  zip: 'ZIP archive',
  jar: 'Java archive (ZIP)',
  tar: 'tar archive',
  '7z': '7-Zip archive',
  rar: 'RAR archive',
  docx: 'Word document',
  xlsx: 'Excel workbook',
  pptx: 'PowerPoint presentation',
};

export interface BinaryInfo {
  /** What the file is, for people: "PDF document", "PNG image", "ELF executable", "binary content". */
  description: string;
  /** Its media type, when the magic bytes tell it (e.g. `application/pdf`). */
  mime?: string;
}

/** True when the bytes look binary: a NUL byte, or more than 30% control characters. */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control / bytes.length > 0.3;
}

/** `%PDF-`: PDFs often have no NUL in their first bytes (an uncompressed header reads as text). */
function isPdfHeader(bytes: Uint8Array): boolean {
  return (
    bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d
  );
}

function firstBytes(file: string): Buffer {
  const buffer = Buffer.alloc(SNIFF_BYTES);
  const fd = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Why `file` is binary ("image", "archive", "PDF", "binary content"…), or undefined for a text file.
 * Reads at most the first 4 KB.
 */
export function binaryKind(file: string): string | undefined {
  const byExtension = BINARY_EXTENSIONS.get(path.extname(file).toLowerCase());
  if (byExtension) return byExtension;
  const bytes = firstBytes(file);
  if (isPdfHeader(bytes)) return 'PDF';
  return looksBinary(bytes) ? 'binary content' : undefined;
}

function typeName(ext: string, mime: string): string {
  const named = TYPE_NAMES[ext];
  if (named) return named;
  if (mime.startsWith('image/')) return `${ext.toUpperCase()} image`;
  if (mime.startsWith('audio/')) return `${ext.toUpperCase()} audio`;
  if (mime.startsWith('video/')) return `${ext.toUpperCase()} video`;
  if (mime.startsWith('font/')) return `${ext.toUpperCase()} font`;
  return `${ext.toUpperCase()} file`;
}

/**
 * What binary `file` is — by its magic bytes first, then by extension or by its first 4 KB — or
 * undefined for a text file.
 */
export async function detectBinary(file: string): Promise<BinaryInfo | undefined> {
  const bytes = firstBytes(file);
  fileType ??= import('file-type');
  const detected = bytes.length === 0 ? undefined : await (await fileType).fileTypeFromFile(file);
  if (detected && !(TEXT_TYPES.has(detected.ext) && !looksBinary(bytes))) {
    return { description: typeName(detected.ext, detected.mime), mime: detected.mime };
  }
  const byExtension = BINARY_EXTENSIONS.get(path.extname(file).toLowerCase());
  if (byExtension) return { description: `${byExtension}, by its extension` };
  return looksBinary(bytes) ? { description: 'binary content' } : undefined;
}
