/**
 * The contract between Grep and its two search backends — ripgrep and the JavaScript fallback.
 * Both receive the same request and return the same structured results; Grep sorts, pages and
 * renders them, so the two backends cannot differ in presentation.
 */

export type GrepOutputMode = 'files_with_matches' | 'content' | 'count';

export interface FileTypeFilter {
  /** ripgrep type name, e.g. `ts`. */
  name: string;
  /** Its file-name globs, e.g. `*.ts`; undefined when the fallback's table does not know the type. */
  globs: readonly string[] | undefined;
}

export interface SearchRequest {
  /** Regular expression (ripgrep syntax; the fallback uses JavaScript's, which agrees on the common part). */
  pattern: string;
  caseInsensitive: boolean;
  /** Matches may span lines and `.` matches newlines (`rg -U --multiline-dotall`). */
  multiline: boolean;
  /** Absolute, real path of the file or directory to search. */
  target: string;
  targetIsFile: boolean;
  /** The directory `glob` patterns with a slash are relative to (the session root). */
  root: string;
  /** One ripgrep `--glob` (gitignore syntax; `!` excludes). */
  glob: string | undefined;
  fileType: FileTypeFilter | undefined;
  mode: GrepOutputMode;
  /** Context lines (content mode). */
  before: number;
  after: number;
  signal: AbortSignal;
}

export interface ResultLine {
  /** 1-based line number. */
  line: number;
  /** The line without its line break. */
  text: string;
  /** False for a context line. */
  match: boolean;
  /**
   * A matched line longer than `LONG_LINE_CHARS`: where its matches start (UTF-16 offsets in
   * `text`, then the whole line), so Grep shows windows around them (see match-windows.ts).
   */
  starts?: number[];
}

export interface FileResult {
  /** Absolute path. */
  path: string;
  /** Matching lines; in multiline mode, matches (matches sharing a line count once). */
  count: number;
  /** Matching and context lines in order (content mode only). */
  lines: ResultLine[];
}

export interface SearchBackend {
  readonly name: 'ripgrep' | 'javascript';
  search(request: SearchRequest): Promise<FileResult[]>;
}

/**
 * A file met while walking a directory is skipped as binary when a NUL byte appears in its first
 * 64 KiB (ripgrep's first read); a later NUL ends the search of that file there.
 */
export const BINARY_SNIFF_BYTES = 64 * 1024;

/** The glob that keeps `.git` out of every search; given last, so that it wins over `glob`. */
export const VCS_EXCLUDE_GLOB = '!.git';
