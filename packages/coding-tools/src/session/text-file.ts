/**
 * Text files as the edit tools see them: content with `\n` line endings and no BOM, plus what to
 * restore when writing back (CRLF endings, the BOM), and writes that never leave a half-written file.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TextFile {
  /** Content with `\n` endings, without BOM. */
  text: string;
  eol: '\n' | '\r\n';
  bom: boolean;
}

const BOM = '\uFEFF';

/** Splits raw text into content and format: CRLF when most line endings are CRLF. */
export function decodeText(raw: string): TextFile {
  const bom = raw.startsWith(BOM);
  const body = bom ? raw.slice(1) : raw;
  const crlf = (body.match(/\r\n/g) ?? []).length;
  const lf = (body.match(/\n/g) ?? []).length - crlf;
  const eol = crlf > lf ? '\r\n' : '\n';
  return { text: eol === '\r\n' ? body.replace(/\r\n/g, '\n') : body, eol, bom };
}

export function encodeText(file: TextFile): string {
  const body = file.eol === '\r\n' ? file.text.replace(/\r?\n/g, '\r\n') : file.text;
  return file.bom ? BOM + body : body;
}

export function readTextFile(file: string): TextFile {
  return decodeText(readFileSync(file, 'utf8'));
}

/**
 * Writes `content` so that readers see either the old file or the new one, never a mix: a
 * temporary file in the same folder, renamed over the target. Keeps the file's mode.
 */
export function writeFileAtomic(file: string, content: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  // A short temporary name: it fits the file system's name limit whatever the file's name.
  const temporary = path.join(path.dirname(file), `.tmp-${randomBytes(6).toString('hex')}`);
  let mode: number | undefined;
  try {
    mode = statSync(file).mode;
  } catch {
    mode = undefined;
  }
  try {
    writeFileSync(temporary, content);
    if (mode !== undefined) chmodSync(temporary, mode);
    renameSync(temporary, file);
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Cleanup must not hide the original failure.
    }
    throw error;
  }
}
