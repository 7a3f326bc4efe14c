/**
 * The JavaScript search backend, used when ripgrep is not installed. It reproduces ripgrep's
 * selection of files (ignore files with ripgrep's precedence, `--glob` overrides, `--type`, hidden
 * files searched, `.git` and symlinks skipped, binary files skipped while walking) and its matching
 * rules (line by line, or whole-file with multiline; matches sharing a line merged; context lines).
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { matchGitignore, parseGitignoreLine, type GitignoreRule } from './gitignore-rules.ts';
import { IgnoreStack } from './ignore-stack.ts';
import { LONG_LINE_CHARS, matchStarts } from './match-windows.ts';
import { compileJsPattern, lineBreakError, spellsLineBreak, unknownTypeError } from './pattern.ts';
import {
  BINARY_SNIFF_BYTES,
  type FileResult,
  type ResultLine,
  type SearchBackend,
  type SearchRequest,
  VCS_EXCLUDE_GLOB,
} from './search-backend.ts';

/** Files read and searched at the same time. */
const CONCURRENCY = 16;

type LineMatcher = (text: string, lines: readonly string[]) => Array<[number, number]>;

function toPosix(relative: string): string {
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}

/** Line ranges [first, last] (0-based) that matches cover, line by line. */
function lineMatcher(regex: RegExp): LineMatcher {
  return (_text, lines) => {
    const ranges: Array<[number, number]> = [];
    lines.forEach((line, index) => {
      if (regex.test(line)) ranges.push([index, index]);
    });
    return ranges;
  };
}

/** Line ranges of whole-text matches; a match that starts on the line where the previous ended joins it. */
function multilineMatcher(regex: RegExp): LineMatcher {
  return (text, lines) => {
    const starts: number[] = [];
    let offset = 0;
    for (const line of lines) {
      starts.push(offset);
      offset += line.length + 1;
    }
    const lineOf = (position: number) => {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (starts[mid]! <= position) low = mid;
        else high = mid - 1;
      }
      return low;
    };
    const ranges: Array<[number, number]> = [];
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (match[0] === '') regex.lastIndex = start + 1;
      // An empty match after the final newline is not on any line.
      if (start >= text.length && (text === '' || text.endsWith('\n'))) break;
      const first = lineOf(start);
      const last = end > start ? lineOf(end - 1) : first;
      const previous = ranges.at(-1);
      if (previous && first <= previous[1]) previous[1] = Math.max(previous[1], last);
      else ranges.push([first, last]);
    }
    return ranges;
  };
}

/** Decodes a file as ripgrep does (BOM-aware); undefined for a binary file found while walking. */
function decode(buffer: Buffer, walked: boolean): string | undefined {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) buffer = buffer.subarray(3);
  else if (buffer[0] === 0xff && buffer[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  else if (buffer[0] === 0xfe && buffer[1] === 0xff)
    return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  if (walked) {
    const nul = buffer.indexOf(0);
    if (nul !== -1) {
      if (nul < BINARY_SNIFF_BYTES) return undefined;
      buffer = buffer.subarray(0, buffer.lastIndexOf(10, nul) + 1);
    }
  }
  return buffer.toString('utf8');
}

async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class JsSearchBackend implements SearchBackend {
  readonly name = 'javascript';

  async search(request: SearchRequest): Promise<FileResult[]> {
    if (!request.multiline && spellsLineBreak(request.pattern)) throw lineBreakError();
    if (request.fileType && !request.fileType.globs) throw unknownTypeError(request.fileType.name);
    const flags = request.caseInsensitive ? 'i' : '';
    const matcher = request.multiline
      ? multilineMatcher(compileJsPattern(request.pattern, `gms${flags}`))
      : lineMatcher(compileJsPattern(request.pattern, flags));
    // Long matched lines get windows around each match (not in multiline mode, where matches span lines).
    const starter = request.multiline ? undefined : compileJsPattern(request.pattern, `g${flags}`);
    const files = request.targetIsFile ? [request.target] : await this.#collectFiles(request);
    const results = await mapConcurrently(files, CONCURRENCY, (file) =>
      this.#searchFile(file, !request.targetIsFile, matcher, starter, request),
    );
    return results.filter((result): result is FileResult => result !== undefined);
  }

  /** Walks the target directory the way ripgrep does and returns the files to search. */
  async #collectFiles(request: SearchRequest): Promise<string[]> {
    const overrides = [request.glob, VCS_EXCLUDE_GLOB]
      .map((glob) => (glob === undefined ? undefined : parseGitignoreLine(glob)))
      .filter((rule): rule is GitignoreRule => rule !== undefined);
    // A glob without `!` selects files (a gitignore "ignore" line read the other way round).
    const selecting = overrides.some((rule) => !rule.whitelist);
    const isType = request.fileType?.globs
      ? picomatch([...request.fileType.globs], { dot: true, noextglob: true })
      : undefined;

    const included = (absolute: string, isDir: boolean, stack: IgnoreStack): boolean => {
      const override = matchGitignore(overrides, toPosix(path.relative(request.root, absolute)), isDir);
      if (override !== undefined) return override === 'ignore';
      if (selecting && !isDir) return false;
      if (stack.match(absolute, isDir) === 'ignore') return false;
      if (isType && !isDir) return isType(path.basename(absolute));
      return true;
    };

    const files: string[] = [];
    const walk = async (dir: string, parent: IgnoreStack | undefined): Promise<void> => {
      request.signal.throwIfAborted();
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      const names = new Set(entries.map((entry) => entry.name));
      const stack = parent ? await parent.child(dir, names) : await IgnoreStack.forDirectory(dir, names);
      const subdirectories: string[] = [];
      for (const entry of entries) {
        // ripgrep does not follow symbolic links, and searches only regular files.
        const isDir = entry.isDirectory();
        if (!isDir && !entry.isFile()) continue;
        const absolute = path.join(dir, entry.name);
        if (!included(absolute, isDir, stack)) continue;
        if (isDir) subdirectories.push(absolute);
        else files.push(absolute);
      }
      for (const subdirectory of subdirectories) await walk(subdirectory, stack);
    };
    await walk(request.target, undefined);
    return files;
  }

  async #searchFile(
    file: string,
    walked: boolean,
    matcher: LineMatcher,
    starter: RegExp | undefined,
    request: SearchRequest,
  ): Promise<FileResult | undefined> {
    request.signal.throwIfAborted();
    let buffer: Buffer;
    try {
      buffer = await readFile(file);
    } catch {
      return undefined;
    }
    const text = decode(buffer, walked);
    if (text === undefined) return undefined;
    const lines = text.split('\n');
    if (text === '' || text.endsWith('\n')) lines.pop();
    const ranges = matcher(text, lines);
    if (ranges.length === 0) return undefined;
    const result: FileResult = { path: file, count: ranges.length, lines: [] };
    if (request.mode !== 'content') return result;

    const matched = new Set<number>();
    const shown = new Set<number>();
    for (const [first, last] of ranges) {
      for (let i = first; i <= last; i++) matched.add(i);
      for (
        let i = Math.max(0, first - request.before);
        i <= Math.min(lines.length - 1, last + request.after);
        i++
      ) {
        shown.add(i);
      }
    }
    result.lines = [...shown]
      .sort((a, b) => a - b)
      .map((index): ResultLine => {
        const text = lines[index]!;
        const line: ResultLine = { line: index + 1, text, match: matched.has(index) };
        if (starter && line.match && text.length > LONG_LINE_CHARS) {
          const starts = matchStarts(starter, text);
          if (starts.length > 0) line.starts = starts;
        }
        return line;
      });
    return result;
  }
}
