/**
 * Glob: files matching a glob pattern, newest first, at most {@link MAX_GLOB_RESULTS}. Matching is
 * tinyglobby's; `.gitignore` files (nested ones too, and `.git/info/exclude`) are applied with the
 * `ignore` package while crawling, so ignored folders are never walked.
 *
 * Newest first costs a stat per match — as much as a third of the crawl when thousands match. So
 * beyond {@link NEWEST_FIRST_LIMIT} matches (far more than can be shown: the pattern must be narrowed
 * anyway) the first paths in path order are shown, and the result says so.
 */
import {
  existsSync,
  lstatSync,
  readdir,
  readdirSync,
  readFileSync,
  statSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { defineToolMetadata, ValidationError, type ToolContext } from '@toolsmith/core';
import ignore, { type Ignore } from 'ignore';
import { glob, type FileSystemAdapter } from 'tinyglobby';
import { z } from 'zod';
import type { CodingSession, CodingToolsDeps } from '../session/coding-session.ts';
import { refuseNulByte } from '../session/resolve-path.ts';
import { resolveExisting } from './shared/existing-path.ts';
import { firstInPathOrder, listPaths } from './shared/path-list.ts';
import { plural } from './shared/plural.ts';
import { CodingTool, permissionPath } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

/** Paths returned at most. */
export const MAX_GLOB_RESULTS = 100;
/** Up to this many matches are ordered newest first (a stat each); more are listed in path order. */
export const NEWEST_FIRST_LIMIT = 2000;

const GlobParams = z.object({
  pattern: z
    .string()
    .min(1)
    .describe(
      'Glob pattern relative to path, e.g. "**/*.ts", "src/**/*.{ts,tsx}", "*.json" (only the top level). No ".." and no absolute paths: put the folder in path.',
    ),
  path: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Folder to search in, relative to the project root or absolute inside it. Omit it to search the whole project.',
    ),
  include_ignored: z
    .boolean()
    .default(false)
    .describe(
      'Also return files that .gitignore ignores, and files under node_modules. .git itself is always skipped.',
    ),
});

interface RuleSet {
  dir: string;
  rules: Ignore;
}

/** The .gitignore rules that apply inside `top`, loaded folder by folder as the crawl reaches them. */
class GitignoreRules {
  readonly #top: string;
  readonly #chains = new Map<string, RuleSet[]>();

  constructor(top: string) {
    this.#top = top;
  }

  /**
   * Rule sets of `dir` and its ancestors up to the top, shallowest first. `hasGitignore` is what the
   * folder's listing says (the crawl knows it): a folder without one is not probed.
   */
  #chain(dir: string, hasGitignore?: boolean): RuleSet[] {
    const cached = this.#chains.get(dir);
    if (cached) return cached;
    const parent = path.dirname(dir);
    const inherited = dir === this.#top || parent === dir ? [] : this.#chain(parent);
    const sources = hasGitignore === false ? [] : [path.join(dir, '.gitignore')];
    if (dir === this.#top) sources.unshift(path.join(dir, '.git', 'info', 'exclude'));
    let rules: Ignore | undefined;
    for (const source of sources) {
      let text: string;
      try {
        text = readFileSync(source, 'utf8');
      } catch {
        continue;
      }
      rules ??= ignore();
      rules.add(text);
    }
    const chain = rules ? [...inherited, { dir, rules }] : inherited;
    this.#chains.set(dir, chain);
    return chain;
  }

  /** Registers a folder the crawl listed, before its entries are tested. */
  enter(dir: string, hasGitignore: boolean): void {
    this.#chain(dir, hasGitignore);
  }

  /** Git's answer: the deepest .gitignore with an opinion on the path wins. */
  ignores(dir: string, name: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const { dir: base, rules } of this.#chain(dir)) {
      // `dir` is `base` or inside it: the relative path is a slice, in git's `/` form.
      const inside =
        dir === base ? name : `${dir.slice(base.endsWith(path.sep) ? base.length : base.length + 1)}/${name}`;
      const relative = path.sep === '/' ? inside : inside.split(path.sep).join('/');
      const result = rules.test(isDirectory ? `${relative}/` : relative);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

/** The folder whose .gitignore rules are the outermost to apply: the git work tree top, else the root. */
function rulesTop(session: CodingSession, base: string): string {
  for (let dir = base; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) break;
  }
  const relative = path.relative(session.root, base);
  return relative.startsWith('..') || path.isAbsolute(relative) ? base : session.root;
}

/** Drops `.git` from a listing (without copying it when there is none, the usual case). */
function withoutGit(entries: Dirent[]): Dirent[] {
  for (let i = 0; i < entries.length; i++) {
    if (entries[i]!.name === '.git') return entries.filter((entry) => entry.name !== '.git');
  }
  return entries;
}

/**
 * The folders a crawl may list: `base` (a real path) and what the crawl reaches from a checked
 * folder by walking, which never goes through a symlink (`followSymbolicLinks: false`). But
 * tinyglobby starts the crawl at the pattern's fixed prefix (`link/**` is crawled from `base/link`),
 * and listing that folder would follow a symlink named there, out of the root too. So a folder that
 * is not inside a checked one is checked component by component (`lstat`) before it is listed.
 */
class RealFolders {
  readonly #base: string;
  /** Checked crawl roots, each with a trailing separator (one in practice). */
  readonly #checked: string[] = [];

  constructor(base: string) {
    this.#base = base;
  }

  /** True when `dir` (absolute) is `base` or below it with no symlink on the way. */
  allows(dir: string): boolean {
    // The crawl's own paths are normalized: no resolve unless a `.` or `..` segment says otherwise.
    const absolute = DOT_SEGMENT.test(dir) ? path.resolve(dir) : dir;
    for (const checked of this.#checked) {
      if (absolute.startsWith(checked) || `${absolute}${path.sep}` === checked) return true;
    }
    const relative = path.relative(this.#base, absolute);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    let current = this.#base;
    for (const part of relative === '' ? [] : relative.split(path.sep)) {
      current = path.join(current, part);
      if (!lstatSync(current, { throwIfNoEntry: false })?.isDirectory()) return false;
    }
    const normalized = path.resolve(absolute);
    this.#checked.push(normalized.endsWith(path.sep) ? normalized : `${normalized}${path.sep}`);
    return true;
  }
}

/** A `.` or `..` path segment. */
const DOT_SEGMENT = /(?:^|[\\/])\.\.?(?:[\\/]|$)/;

/**
 * A tinyglobby `fs` that never lists a folder through a symlink (see {@link RealFolders}) and whose
 * listings leave out .git, and ignored entries unless asked.
 */
function filteringFs(base: string, rules: GitignoreRules | undefined): FileSystemAdapter {
  const folders = new RealFolders(base);
  const filter = (dir: string, entries: Dirent[]): Dirent[] => {
    if (!rules) return withoutGit(entries);
    const absolute = path.resolve(dir);
    let hasGitignore = false;
    for (const entry of entries) if (entry.name === '.gitignore') hasGitignore = true;
    rules.enter(absolute, hasGitignore);
    return entries.filter(
      (entry) =>
        entry.name !== '.git' &&
        !(entry.name === 'node_modules' && entry.isDirectory()) &&
        !rules.ignores(absolute, entry.name, entry.isDirectory()),
    );
  };
  const filteredReaddir = (
    dir: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, entries: Dirent[]) => void,
  ) => {
    let allowed: boolean;
    try {
      allowed = folders.allows(dir);
    } catch (failure) {
      callback(failure as NodeJS.ErrnoException, []);
      return;
    }
    if (!allowed) {
      callback(null, []);
      return;
    }
    readdir(dir, { withFileTypes: true }, (error, entries) => {
      if (error) {
        callback(error, []);
        return;
      }
      let kept: Dirent[];
      try {
        kept = filter(dir, entries);
      } catch (failure) {
        callback(failure as NodeJS.ErrnoException, []);
        return;
      }
      callback(null, kept);
    });
  };
  const filteredReaddirSync = (dir: string) =>
    folders.allows(dir) ? filter(dir, readdirSync(dir, { withFileTypes: true })) : [];
  return {
    readdir: filteredReaddir as unknown as NonNullable<FileSystemAdapter['readdir']>,
    readdirSync: filteredReaddirSync as unknown as NonNullable<FileSystemAdapter['readdirSync']>,
  };
}

/** Matches stat-ed per turn of the event loop: synchronous stats are several times cheaper than async ones. */
const STAT_BATCH = 512;

/**
 * The `count` most recently modified of `matches` (paths relative to `base`), newest first, equal
 * times in path order; matches deleted since the crawl are dropped.
 */
async function newestFirst(matches: string[], base: string, signal: AbortSignal): Promise<string[]> {
  const prefix = base.endsWith(path.sep) ? base : `${base}${path.sep}`;
  const dated: Array<{ match: string; mtime: number }> = [];
  for (let start = 0; start < matches.length; start += STAT_BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    const end = Math.min(matches.length, start + STAT_BATCH);
    for (let i = start; i < end; i++) {
      const match = matches[i]!;
      let info: Stats | undefined;
      try {
        // tinyglobby's matches use `/`; a plain concatenation is a valid path on every platform.
        info = statSync(prefix + match, { throwIfNoEntry: false });
      } catch {
        info = undefined; // Unreadable since it was listed.
      }
      if (info) dated.push({ match, mtime: info.mtimeMs });
    }
  }
  dated.sort((a, b) => b.mtime - a.mtime || (a.match < b.match ? -1 : a.match > b.match ? 1 : 0));
  return dated.map((entry) => entry.match);
}

export class GlobTool extends CodingTool<typeof GlobParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Glob',
    title: 'Find files by pattern',
    description: [
      `[Files/Search] Find files whose path matches a glob pattern ("**/*.ts", "src/**/*.{ts,tsx}", "**/README.md"). Returns paths relative to the project root, most recently modified first (in path order when more than ${NEWEST_FIRST_LIMIT} match).`,
      `At most ${MAX_GLOB_RESULTS} paths; when more match, it says how many and you should narrow the pattern or path. Files ignored by .gitignore (nested .gitignore files included) and node_modules are skipped unless include_ignored is true; hidden files are included; symlinks are not followed.`,
      'Use Grep to search file contents, ListDir to see a folder as a tree.',
    ].join('\n'),
    category: 'files',
    toolset: 'files',
    priority: 'high',
    tags: ['glob', 'find', 'files', 'pattern', 'search', 'name', 'locate'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Read'] };

  protected override permissionSubjects(
    params: z.output<typeof GlobParams>,
    ctx: ToolContext<CodingToolsDeps>,
  ): string[] {
    return [permissionPath(ctx.deps.session, params.path ?? '.')];
  }

  override getParamsSchema() {
    return GlobParams;
  }

  protected override truncationHint(): string {
    return 'Use a more specific pattern or path.';
  }

  async execute(params: z.output<typeof GlobParams>, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const session = ctx.deps.session;
    const { pattern } = params;
    refuseNulByte(pattern, this.name, 'pattern', 'which no file name can hold. Remove it.');
    if (path.isAbsolute(pattern) || pattern.split(/[\\/]/).includes('..')) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'pattern',
            message: `"${pattern}" leaves the search folder. Give a pattern relative to path (e.g. "**/*.ts") and put the folder in path.`,
          },
        ],
      });
    }
    const { absolute: base, shown } = await resolveExisting(session, params.path ?? '.', {
      toolName: this.name,
      field: 'path',
      kind: 'directory',
      missing:
        'Directory not found: {path}. Check path (relative paths resolve against the project root {root}), or omit it to search the whole project.',
      wrongKind:
        '{path} is a file. path is the folder to search in; give its folder (or omit path) and match the file with pattern.',
    });

    const rules = params.include_ignored ? undefined : new GitignoreRules(rulesTop(session, base));
    const matches = await glob(pattern, {
      cwd: base,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      fs: filteringFs(base, rules),
      signal: ctx.signal,
    });
    ctx.signal.throwIfAborted();

    const byAge = matches.length <= NEWEST_FIRST_LIMIT;
    const files = byAge
      ? await newestFirst(matches, base, ctx.signal)
      : firstInPathOrder(matches, MAX_GLOB_RESULTS);
    const total = byAge ? files.length : matches.length;

    const where = shown === '.' ? 'the project' : `${shown}/`;
    if (total === 0) {
      const skipped = params.include_ignored
        ? ''
        : ' Files ignored by .gitignore and node_modules were skipped; set include_ignored: true to search them too.';
      return `No files match "${pattern}" in ${where}.${skipped}`;
    }
    const listed = listPaths(session, base, files.slice(0, MAX_GLOB_RESULTS));
    const matching = `${plural(total, 'file')} matching "${pattern}" in ${where}`;
    const footer = !byAge
      ? `(Showing the first ${MAX_GLOB_RESULTS} in path order of ${matching}: more than ${NEWEST_FIRST_LIMIT} match, too many to order by modification time. Use a more specific pattern or path to see the others.)`
      : total > MAX_GLOB_RESULTS
        ? `(Showing the ${MAX_GLOB_RESULTS} most recently modified of ${matching}. Use a more specific pattern or path to see the others.)`
        : `(${matching}, most recently modified first.)`;
    return `${listed.join('\n')}\n\n${footer}`;
  }
}
