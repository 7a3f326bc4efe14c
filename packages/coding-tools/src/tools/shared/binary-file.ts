/**
 * Binary file detection for the file tools: Read shows text only, and Edit/MultiEdit must not
 * rewrite a binary file as if it were text. Same rule as opencode's Read: a known binary extension,
 * or, in the first 4 KB, a NUL byte or more than 30% control bytes.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

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

/**
 * Why `file` is binary ("image", "archive", "binary content"…), or undefined for a text file.
 * Reads at most the first 4 KB.
 */
export function binaryKind(file: string): string | undefined {
  const byExtension = BINARY_EXTENSIONS.get(path.extname(file).toLowerCase());
  if (byExtension) return byExtension;
  const buffer = Buffer.alloc(SNIFF_BYTES);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, buffer, 0, SNIFF_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  return looksBinary(buffer.subarray(0, read)) ? 'binary content' : undefined;
}
