/**
 * The ripgrep backend: one `rg` run per search, its output parsed while it streams — paths
 * NUL-terminated (`--null`), content lines as `path NUL line:text` (matches) or `path NUL line-text`
 * (context). Not `--json`: it repeats every matched line whole (megabytes for one hit in a minified
 * bundle) where `--max-columns-preview` lets ripgrep cut long lines itself. ripgrep's own configuration files and
 * global gitignore are ignored and `.gitignore` applies outside git repositories too, so a search
 * does not depend on the machine it runs on — and the JavaScript fallback can match it exactly.
 */
import { readFile } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { runCommand } from '../bash/run-command.ts';
import {
  lineAt,
  LONG_LINE_CHARS,
  lineFromOffsets,
  matchStarts,
  MAX_WINDOW_FILE_BYTES,
} from './match-windows.ts';
import { compileJsPattern, invalidPatternError, lineBreakError, unknownTypeError } from './pattern.ts';
import {
  VCS_EXCLUDE_GLOB,
  type FileResult,
  type ResultLine,
  type SearchBackend,
  type SearchRequest,
} from './search-backend.ts';

/** stderr kept for error messages. */
const MAX_STDERR = 16 * 1024;

/**
 * Bytes of a line ripgrep prints before cutting it. Grep cuts lines at 2000 characters
 * (`LONG_LINE_CHARS`); a UTF-8 character takes at most 4 bytes, so every line ripgrep cuts is longer
 * than that — a matched one is then shown as windows around its matches (see `#addWindows`),
 * a context line is cut again with Grep's marker: the output matches the JavaScript fallback's.
 */
const MAX_COLUMNS = 4 * 2000;

/** `<line number>:<byte offset>:` of an `--only-matching --byte-offset` record, after the path's NUL. */
const OFFSET_PREFIX = /^(\d+):(\d+):/;

/** The text ripgrep matched in, as byte offsets count it: no UTF-8 BOM, UTF-16 transcoded to UTF-8. */
function asRipgrepSees(raw: Buffer): Buffer {
  if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) return raw.subarray(3);
  if (raw[0] === 0xff && raw[1] === 0xfe)
    return Buffer.from(new TextDecoder('utf-16le').decode(raw.subarray(2)), 'utf8');
  if (raw[0] === 0xfe && raw[1] === 0xff)
    return Buffer.from(new TextDecoder('utf-16be').decode(raw.subarray(2)), 'utf8');
  return raw;
}

/** `<line number>:` (a match) or `<line number>-` (context) after the NUL that ends the path. */
const LINE_PREFIX = /^(\d+)([:-])/;

/** Calls `onRecord` for every `separator`-terminated record of a byte stream. */
function recordReader(separator: string, onRecord: (record: string) => void) {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  const take = (text: string) => {
    pending += text;
    let end = pending.indexOf(separator);
    while (end !== -1) {
      onRecord(pending.slice(0, end));
      pending = pending.slice(end + separator.length);
      end = pending.indexOf(separator);
    }
  };
  return {
    write: (chunk: Buffer) => take(decoder.write(chunk)),
    end: () => {
      take(decoder.end());
      if (pending !== '') onRecord(pending);
      pending = '';
    },
  };
}

export class RipgrepBackend implements SearchBackend {
  readonly name = 'ripgrep';
  readonly #binary: string;

  constructor(binary: string) {
    this.#binary = binary;
  }

  async search(request: SearchRequest): Promise<FileResult[]> {
    const first = await this.#run(request, false);
    if (first.results.length === 0 && first.exitCode === 2 && first.stderr.includes('--pcre2')) {
      // Look-around and backreferences need PCRE2 (what JavaScript's regular expressions have).
      const second = await this.#run(request, true);
      if (second.exitCode !== 2 || second.results.length > 0) {
        await this.#addWindows(request, second.results, true);
        return second.results;
      }
    }
    if (first.exitCode === 2 && first.results.length === 0) throw this.#error(first.stderr, request);
    await this.#addWindows(request, first.results, false);
    return first.results;
  }

  /**
   * Long matched lines (content mode, not multiline): ripgrep printed only their start. Their files
   * are read, and the matches found in each long line with the pattern as JavaScript compiles it —
   * the JavaScript fallback's own rule, so both backends show the same windows. Where that finds
   * nothing (a pattern JavaScript reads otherwise), ripgrep is asked where the matches start
   * (`--only-matching --byte-offset`).
   */
  async #addWindows(request: SearchRequest, results: FileResult[], pcre2: boolean): Promise<void> {
    if (request.mode !== 'content' || request.multiline) return;
    const long = new Map<string, Map<number, ResultLine>>();
    for (const result of results) {
      for (const line of result.lines) {
        if (!line.match || line.text.length <= LONG_LINE_CHARS) continue;
        let lines = long.get(result.path);
        if (!lines) long.set(result.path, (lines = new Map()));
        lines.set(line.line, line);
      }
    }
    if (long.size === 0) return;
    let regex: RegExp | undefined;
    try {
      regex = compileJsPattern(request.pattern, request.caseInsensitive ? 'gi' : 'g');
    } catch {
      regex = undefined;
    }
    const contents = new Map<string, Buffer>();
    const unresolved = new Map<string, Map<number, ResultLine>>();
    for (const [file, lines] of long) {
      let raw: Buffer;
      try {
        raw = await readFile(file);
      } catch {
        continue; // Gone since the search: its lines stay cut.
      }
      if (raw.length > MAX_WINDOW_FILE_BYTES) continue;
      const content = asRipgrepSees(raw);
      contents.set(file, content);
      for (const [number, target] of lines) {
        const text = regex ? lineAt(content, number) : undefined;
        const starts = text === undefined || !regex ? [] : matchStarts(regex, text);
        if (text !== undefined && starts.length > 0) {
          target.text = text;
          target.starts = starts;
        } else {
          let missing = unresolved.get(file);
          if (!missing) unresolved.set(file, (missing = new Map()));
          missing.set(number, target);
        }
      }
    }
    if (unresolved.size > 0) await this.#ripgrepWindows(request, unresolved, contents, pcre2);
  }

  /** Where ripgrep's matches start in the `lines` of each file, by byte offset. */
  async #ripgrepWindows(
    request: SearchRequest,
    long: Map<string, Map<number, ResultLine>>,
    contents: Map<string, Buffer>,
    pcre2: boolean,
  ): Promise<void> {
    const offsets = new Map<string, Map<number, number[]>>();
    const args = ['--no-config', '--no-messages'];
    if (request.caseInsensitive) args.push('--ignore-case');
    if (pcre2) args.push('--pcre2');
    args.push('--only-matching', '--byte-offset', '--line-number', '--with-filename', '--null');
    // The match text is not needed: ripgrep prints a short placeholder instead of it.
    args.push('--max-columns', '1', '--regexp', request.pattern, '--', ...long.keys());
    const reader = recordReader('\n', (record) => {
      const nul = record.indexOf('\0');
      if (nul === -1) return;
      const prefix = OFFSET_PREFIX.exec(record.slice(nul + 1));
      if (!prefix) return;
      const file = record.slice(0, nul);
      const line = Number(prefix[1]);
      if (!long.get(file)?.has(line)) return;
      let lines = offsets.get(file);
      if (!lines) offsets.set(file, (lines = new Map()));
      const starts = lines.get(line);
      if (starts) starts.push(Number(prefix[2]));
      else lines.set(line, [Number(prefix[2])]);
    });
    await runCommand({
      file: this.#binary,
      args,
      cwd: request.root,
      signal: request.signal,
      onStdout: reader.write,
    });
    reader.end();
    request.signal.throwIfAborted();
    for (const [file, lines] of offsets) {
      const content = contents.get(file);
      if (!content) continue;
      for (const [number, starts] of lines) {
        const target = long.get(file)?.get(number);
        if (!target) continue;
        const { text, starts: at } = lineFromOffsets(content, starts);
        target.text = text;
        target.starts = at;
      }
    }
  }

  #error(stderr: string, request: SearchRequest): Error {
    if (stderr.includes('is not allowed in a regex')) return lineBreakError();
    if (stderr.includes('unrecognized file type')) return unknownTypeError(request.fileType?.name ?? '');
    if (/regex parse error|error parsing|PCRE2|compile/i.test(stderr)) {
      return invalidPatternError(
        stderr
          .replace(/^regex parse error:\s*/, '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join(' '),
      );
    }
    return new Error(`ripgrep (${this.#binary}) failed: ${stderr.trim()}`);
  }

  #arguments(request: SearchRequest, pcre2: boolean): string[] {
    const args = ['--no-config', '--hidden', '--no-require-git', '--no-ignore-global', '--no-messages'];
    if (request.caseInsensitive) args.push('--ignore-case');
    if (request.multiline) args.push('--multiline', '--multiline-dotall');
    if (pcre2) args.push('--pcre2');
    if (request.fileType) {
      for (const glob of request.fileType.globs ?? [])
        args.push('--type-add', `${request.fileType.name}:${glob}`);
      args.push('--type', request.fileType.name);
    }
    if (request.glob !== undefined) args.push('--glob', request.glob);
    args.push('--glob', VCS_EXCLUDE_GLOB);
    if (request.mode === 'files_with_matches') args.push('--files-with-matches', '--null');
    else if (request.mode === 'count') args.push('--count', '--with-filename', '--null');
    else
      args.push(
        '--with-filename',
        '--line-number',
        '--no-heading',
        '--null',
        '--color=never',
        '--max-columns',
        String(MAX_COLUMNS),
        '--max-columns-preview',
        '--before-context',
        String(request.before),
        '--after-context',
        String(request.after),
      );
    args.push('--regexp', request.pattern, '--', request.target);
    return args;
  }

  async #run(
    request: SearchRequest,
    pcre2: boolean,
  ): Promise<{ results: FileResult[]; exitCode: number | null; stderr: string }> {
    const results: FileResult[] = [];
    let current: FileResult | undefined;
    const reader =
      request.mode === 'files_with_matches'
        ? recordReader('\0', (record) => {
            if (record !== '') results.push({ path: record, count: 1, lines: [] });
          })
        : request.mode === 'count'
          ? recordReader('\n', (record) => {
              const nul = record.lastIndexOf('\0');
              if (nul !== -1)
                results.push({ path: record.slice(0, nul), count: Number(record.slice(nul + 1)), lines: [] });
            })
          : recordReader('\n', (record) => {
              const nul = record.indexOf('\0');
              if (nul === -1) return; // "--" between context groups
              const rest = record.slice(nul + 1);
              const prefix = LINE_PREFIX.exec(rest);
              if (!prefix) return;
              const file = record.slice(0, nul);
              if (current?.path !== file) {
                current = { path: file, count: 0, lines: [] };
                results.push(current);
              }
              const match = prefix[2] === ':';
              if (match) current.count++;
              current.lines.push({ line: Number(prefix[1]), text: rest.slice(prefix[0].length), match });
            });
    let stderr = '';
    const outcome = await runCommand({
      file: this.#binary,
      args: this.#arguments(request, pcre2),
      cwd: request.root,
      signal: request.signal,
      onStdout: reader.write,
      onStderr: (chunk) => {
        if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8');
      },
    });
    reader.end();
    request.signal.throwIfAborted();
    return { results, exitCode: outcome.exitCode, stderr };
  }
}
