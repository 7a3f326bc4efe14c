/**
 * The ripgrep backend: one `rg` run per search, its output parsed while it streams — paths
 * NUL-terminated (`--null`), content lines as `path NUL line:text` (matches) or `path NUL line-text`
 * (context). Not `--json`: it repeats every matched line whole (megabytes for one hit in a minified
 * bundle) where `--max-columns-preview` lets ripgrep cut long lines itself. ripgrep's own configuration files and
 * global gitignore are ignored and `.gitignore` applies outside git repositories too, so a search
 * does not depend on the machine it runs on — and the JavaScript fallback can match it exactly.
 */
import { StringDecoder } from 'node:string_decoder';
import { runCommand } from '../bash/run-command.ts';
import { invalidPatternError, lineBreakError, unknownTypeError } from './pattern.ts';
import {
  VCS_EXCLUDE_GLOB,
  type FileResult,
  type SearchBackend,
  type SearchRequest,
} from './search-backend.ts';

/** stderr kept for error messages. */
const MAX_STDERR = 16 * 1024;

/**
 * Bytes of a line ripgrep prints before cutting it. Grep shows 2000 characters of a line
 * (`GREP_MAX_LINE_CHARS`); a UTF-8 character takes at most 4 bytes, so every line ripgrep cuts is
 * longer than that and gets cut again, with Grep's marker — the output matches the JavaScript fallback's.
 */
const MAX_COLUMNS = 4 * 2000;

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
      if (second.exitCode !== 2 || second.results.length > 0) return second.results;
    }
    if (first.exitCode === 2 && first.results.length === 0) throw this.#error(first.stderr, request);
    return first.results;
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
