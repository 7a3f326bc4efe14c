/**
 * Text files as the edit tools see them: content with `\n` line endings and no BOM, plus what to
 * restore when writing back (CRLF endings, the BOM). Writes are in `root-fs.ts`.
 */
import { readFileSync } from 'node:fs';

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
