/**
 * Grep: regular-expression search over the project's files with ripgrep, or — when ripgrep is not
 * installed — with a JavaScript backend that selects and matches the same way (see `grep/`). Both
 * return structured results that this file sorts by path, pages and renders, so the output does not
 * depend on the backend.
 */
import { defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingSession, CodingToolsDeps } from '../session/coding-session.ts';
import { displayPath, refuseNulByte } from '../session/resolve-path.ts';
import { runCommand } from './bash/run-command.ts';
import { FILE_TYPES } from './grep/file-types.ts';
import { resolveExisting } from './shared/existing-path.ts';
import { JsSearchBackend } from './grep/js-backend.ts';
import { LONG_LINE_CHARS, matchWindows } from './grep/match-windows.ts';
import { comparePaths } from './shared/path-list.ts';
import { RipgrepBackend } from './grep/ripgrep-backend.ts';
import { plural } from './shared/plural.ts';
import type { FileResult, SearchBackend, SearchRequest } from './grep/search-backend.ts';
import { CodingTool, permissionPath } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

/** Entries shown when `head_limit` is not given. */
export const DEFAULT_HEAD_LIMIT = 250;
/** Characters of entries one call returns at most (BaseTool's 50 000 stays a backstop). */
export const GREP_OUTPUT_BUDGET = 45_000;
/** Longer context lines are cut; longer matched lines are shown as windows around their matches. */
export const GREP_MAX_LINE_CHARS = LONG_LINE_CHARS;

const GrepParams = z.object({
  pattern: z
    .string()
    .min(1)
    .describe(
      'Regular expression to search for (ripgrep syntax), e.g. "function\\s+\\w+", "TODO|FIXME". Escape regex metacharacters to match them literally: "interface\\{\\}", "foo\\(".',
    ),
  path: z
    .string()
    .min(1)
    .optional()
    .describe('File or directory to search, relative to the project root (default: the whole project).'),
  glob: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Only search files matching this glob (rg --glob), e.g. "*.ts", "*.{ts,tsx}", "src/**/*.test.ts"; a leading "!" excludes instead ("!*.min.js").',
    ),
  type: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Only search files of this type (rg --type), e.g. "ts", "js", "py", "go", "rust", "java", "md".',
    ),
  output_mode: z
    .enum(['files_with_matches', 'content', 'count'])
    .default('files_with_matches')
    .describe(
      '"files_with_matches" (default): the paths of files that match; "content": the matching lines as path:line:text; "count": matches per file as path:count.',
    ),
  case_insensitive: z.boolean().default(false).describe('Ignore upper/lower case (rg -i).'),
  context: z
    .number()
    .int()
    .min(0)
    .max(50)
    .optional()
    .describe('Lines to show before and after each match (rg -C); content mode only.'),
  before_context: z
    .number()
    .int()
    .min(0)
    .max(50)
    .optional()
    .describe('Lines to show before each match (rg -B); content mode only. Overrides context.'),
  after_context: z
    .number()
    .int()
    .min(0)
    .max(50)
    .optional()
    .describe('Lines to show after each match (rg -A); content mode only. Overrides context.'),
  multiline: z
    .boolean()
    .default(false)
    .describe(
      'Let matches span lines and "." match newlines (rg -U --multiline-dotall), e.g. "interface Props \\{[^}]*\\}". Needed for any pattern with \\n.',
    ),
  head_limit: z
    .number()
    .int()
    .min(0)
    .default(DEFAULT_HEAD_LIMIT)
    .describe(
      `Show at most this many entries (files, lines or counts); default ${DEFAULT_HEAD_LIMIT}, 0 for no limit.`,
    ),
  offset: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Skip this many entries first; a cut result says which offset continues it.'),
});

type GrepInput = z.output<typeof GrepParams>;

interface Entry {
  text: string;
  /** Index of the file the entry belongs to, and its line (content mode), for context separators. */
  file: number;
  line: number;
}

function cutLine(text: string): string {
  const line = text.endsWith('\r') ? text.slice(0, -1) : text;
  return line.length > GREP_MAX_LINE_CHARS
    ? `${line.slice(0, GREP_MAX_LINE_CHARS)} … [line cut at ${GREP_MAX_LINE_CHARS} characters]`
    : line;
}

/** Which backend a session searches with: ripgrep when `rg --version` answers, else JavaScript. */
async function detectBackend(session: CodingSession): Promise<SearchBackend> {
  const binary = session.options.ripgrepPath ?? 'rg';
  let version = '';
  try {
    const outcome = await runCommand({
      file: binary,
      args: ['--version'],
      cwd: session.root,
      timeoutMs: 10_000,
      onStdout: (chunk) => {
        version += chunk.toString('utf8');
      },
    });
    if (outcome.exitCode === 0 && version.startsWith('ripgrep')) return new RipgrepBackend(binary);
  } catch {
    // Not installed or not executable.
  }
  return new JsSearchBackend();
}

export class GrepTool extends CodingTool<typeof GrepParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Grep',
    title: 'Search file contents',
    description: [
      '[Search/Grep] Search file contents with a regular expression (ripgrep). Use it instead of running grep or rg through Bash.',
      'Searches the project (or `path`), skipping what .gitignore/.ignore exclude, the .git folder and binary files; hidden files are searched. Filter files with `glob` ("*.ts", "*.{ts,tsx}") or `type` ("ts", "py"). Results are sorted by path.',
      `output_mode: "files_with_matches" (default) lists matching files; "content" shows matching lines as path:line:text (context lines as path-line-text, with context/before_context/after_context; a matched line over ${GREP_MAX_LINE_CHARS} characters, e.g. minified code, shows windows around its matches); "count" shows path:count. At most head_limit entries (default ${DEFAULT_HEAD_LIMIT}) are shown; a cut result says which offset continues it.`,
      'Patterns are ripgrep regexes: escape literal braces and parentheses ("interface\\{\\}"). A pattern only matches within one line unless multiline is true.',
    ].join('\n'),
    category: 'search',
    toolset: 'search',
    priority: 'high',
    tags: ['grep', 'search', 'ripgrep', 'rg', 'regex', 'find', 'content', 'text', 'code'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Read'] };

  protected override permissionSubjects(
    params: z.output<typeof GrepParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return [permissionPath(ctx.deps.session, params.path ?? '.')];
  }

  /** The backend of each session, detected on its first search. */
  readonly #backends = new WeakMap<CodingSession, Promise<SearchBackend>>();

  override getParamsSchema() {
    return GrepParams;
  }

  protected override truncationHint(): string {
    return 'Use offset to continue, or narrow the search with path, glob or type.';
  }

  /** The backend this tool searches `session` with (ripgrep, or the JavaScript fallback). */
  resolveBackend(session: CodingSession): Promise<SearchBackend> {
    let backend = this.#backends.get(session);
    if (!backend) {
      backend = detectBackend(session);
      this.#backends.set(session, backend);
    }
    return backend;
  }

  async execute(params: GrepInput, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const session = ctx.deps.session;
    refuseNulByte(
      params.pattern,
      this.name,
      'pattern',
      'which cannot be passed to ripgrep. Write \\x00 to match a NUL byte.',
    );
    refuseNulByte(params.glob, this.name, 'glob', 'which no file name can hold. Remove it.');
    refuseNulByte(params.type, this.name, 'type', 'which no type name holds. Remove it.');
    const { absolute: target, info } = await resolveExisting(session, params.path ?? '.', {
      toolName: this.name,
      field: 'path',
      kind: 'any',
      missing:
        'Path not found: {path}. Give a file or directory relative to the project root {root}, or leave path out to search the whole project.',
      ...(params.path !== undefined ? { id: params.path } : {}),
    });
    const targetIsFile = info.isFile();
    const request: SearchRequest = {
      pattern: params.pattern,
      caseInsensitive: params.case_insensitive,
      multiline: params.multiline,
      target,
      targetIsFile,
      root: session.root,
      glob: params.glob,
      fileType:
        params.type === undefined
          ? undefined
          : {
              name: params.type,
              globs: Object.hasOwn(FILE_TYPES, params.type) ? FILE_TYPES[params.type] : undefined,
            },
      mode: params.output_mode,
      before: params.before_context ?? params.context ?? 0,
      after: params.after_context ?? params.context ?? 0,
      signal: ctx.signal,
    };
    const backend = await this.resolveBackend(session);
    const results = await backend.search(request);
    return this.#render(session, results, request, params);
  }

  #render(session: CodingSession, results: FileResult[], request: SearchRequest, params: GrepInput): string {
    if (results.length === 0) {
      const filters = [params.glob && `glob ${params.glob}`, params.type && `type ${params.type}`].filter(
        Boolean,
      );
      return `No matches found in ${displayPath(session, request.target)}${filters.length ? ` (${filters.join(', ')})` : ''}.`;
    }
    const sorted = results
      .map((result) => ({ ...result, shown: displayPath(session, result.path) }))
      .sort((a, b) => comparePaths(a.shown, b.shown));

    let header: string;
    let noun: string;
    const entries: Entry[] = [];
    if (request.mode === 'files_with_matches') {
      header = `Found ${plural(sorted.length, 'file')}`;
      noun = 'files';
      sorted.forEach((result, file) => entries.push({ text: result.shown, file, line: 0 }));
    } else if (request.mode === 'count') {
      const total = sorted.reduce((sum, result) => sum + result.count, 0);
      header = `Found ${plural(total, 'match', 'matches')} in ${plural(sorted.length, 'file')}`;
      noun = 'files';
      sorted.forEach((result, file) =>
        entries.push({ text: `${result.shown}:${result.count}`, file, line: 0 }),
      );
    } else {
      let matching = 0;
      sorted.forEach((result, file) => {
        for (const line of result.lines) {
          if (line.match) matching++;
          const mark = line.match ? ':' : '-';
          const shown = line.starts ? matchWindows(line.text, line.starts) : cutLine(line.text);
          entries.push({
            text: `${result.shown}${mark}${line.line}${mark}${shown}`,
            file,
            line: line.line,
          });
        }
      });
      header = `Found ${plural(matching, 'matching line')} in ${plural(sorted.length, 'file')}`;
      noun = 'lines';
    }

    const start = params.offset;
    if (start >= entries.length) {
      return `${header}.\nNothing at offset=${start}: there are ${entries.length} ${noun}. Use a smaller offset.`;
    }
    const limit = params.head_limit === 0 ? Infinity : params.head_limit;
    const separate = request.mode === 'content' && (request.before > 0 || request.after > 0);
    const body: string[] = [];
    let size = 0;
    let end = start;
    let previous: Entry | undefined;
    let budgetHit = false;
    while (end < entries.length && end - start < limit) {
      const entry = entries[end]!;
      const gap = separate && previous && (previous.file !== entry.file || entry.line !== previous.line + 1);
      const text = gap ? `--\n${entry.text}` : entry.text;
      if (size + text.length + 1 > GREP_OUTPUT_BUDGET && end > start) {
        budgetHit = true;
        break;
      }
      body.push(text);
      size += text.length + 1;
      previous = entry;
      end++;
    }
    const lines = [`${header}:`, ...body];
    if (end < entries.length) {
      const why = budgetHit ? ` (output size limit)` : '';
      lines.push(
        `[Showing ${noun} ${start + 1}-${end} of ${entries.length}${why}. Use offset=${end} to see more.]`,
      );
    }
    return lines.join('\n');
  }
}
