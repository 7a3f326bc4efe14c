/**
 * Glob: files matching a glob pattern, newest first, at most {@link MAX_GLOB_RESULTS}. Matching is
 * tinyglobby's; `.gitignore` files (nested ones too, and `.git/info/exclude`) are applied with the
 * `ignore` package while crawling, so ignored folders are never walked.
 */
import { existsSync, readdir, readdirSync, readFileSync, statSync, type Dirent, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BaseTool,
  defineToolMetadata,
  NotFoundError,
  ValidationError,
  type ToolContext,
} from '@toolsmith/core';
import ignore, { type Ignore } from 'ignore';
import { glob, type FileSystemAdapter } from 'tinyglobby';
import { z } from 'zod';
import type { CodingSession, CodingToolsDeps } from '../session/coding-session.ts';
import { displayPath, resolveInRoot, suggestPaths } from '../session/resolve-path.ts';

/** Paths returned at most. */
export const MAX_GLOB_RESULTS = 100;

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

/** A tinyglobby `fs` whose directory reads leave out .git, and ignored entries unless asked. */
function filteringFs(rules: GitignoreRules | undefined): FileSystemAdapter {
  const keep = (dir: string, entry: Dirent) => {
    if (entry.name === '.git') return false;
    if (!rules) return true;
    if (entry.name === 'node_modules' && entry.isDirectory()) return false;
    return !rules.ignores(dir, entry.name, entry.isDirectory());
  };
  const filteredReaddir = (
    dir: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, entries: Dirent[]) => void,
  ) => {
    readdir(dir, { withFileTypes: true }, (error, entries) => {
      if (error) {
        callback(error, []);
        return;
      }
      const absolute = path.resolve(dir);
      let kept: Dirent[];
      try {
        rules?.enter(
          absolute,
          entries.some((entry) => entry.name === '.gitignore'),
        );
        kept = entries.filter((entry) => keep(absolute, entry));
      } catch (failure) {
        callback(failure as NodeJS.ErrnoException, []);
        return;
      }
      callback(null, kept);
    });
  };
  const filteredReaddirSync = (dir: string) => {
    const absolute = path.resolve(dir);
    const entries = readdirSync(dir, { withFileTypes: true });
    rules?.enter(
      absolute,
      entries.some((entry) => entry.name === '.gitignore'),
    );
    return entries.filter((entry) => keep(absolute, entry));
  };
  return {
    readdir: filteredReaddir as unknown as NonNullable<FileSystemAdapter['readdir']>,
    readdirSync: filteredReaddirSync as unknown as NonNullable<FileSystemAdapter['readdirSync']>,
  };
}

/** Matches stat-ed per turn of the event loop: synchronous stats are several times cheaper than async ones. */
const STAT_BATCH = 512;

/** The modification time of each match (paths relative to `base`); matches deleted meanwhile are dropped. */
async function modifiedTimes(
  matches: string[],
  base: string,
  signal: AbortSignal,
): Promise<Array<{ match: string; mtime: number }>> {
  const dated: Array<{ match: string; mtime: number }> = [];
  for (let start = 0; start < matches.length; start += STAT_BATCH) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    for (const match of matches.slice(start, start + STAT_BATCH)) {
      let info: Stats | undefined;
      try {
        info = statSync(path.join(base, match), { throwIfNoEntry: false });
      } catch {
        info = undefined; // Unreadable since it was listed.
      }
      if (info) dated.push({ match, mtime: info.mtimeMs });
    }
  }
  return dated;
}

export class GlobTool extends BaseTool<CodingToolsDeps, typeof GlobParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Glob',
    title: 'Find files by pattern',
    description: [
      '[Files/Search] Find files whose path matches a glob pattern ("**/*.ts", "src/**/*.{ts,tsx}", "**/README.md"). Returns paths relative to the project root, most recently modified first.',
      `At most ${MAX_GLOB_RESULTS} paths; when more match, it says how many and you should narrow the pattern or path. Files ignored by .gitignore (nested .gitignore files included) and node_modules are skipped unless include_ignored is true; hidden files are included; symlinks are not followed.`,
      'Use Grep to search file contents, ListDir to see a folder as a tree.',
    ].join('\n'),
    category: 'files',
    toolset: 'files',
    priority: 'high',
    tags: ['glob', 'find', 'files', 'pattern', 'search', 'name', 'locate'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  getParamsSchema() {
    return GlobParams;
  }

  protected override truncationHint(): string {
    return 'Use a more specific pattern or path.';
  }

  async execute(params: z.output<typeof GlobParams>, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const session = ctx.deps.session;
    const { pattern } = params;
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
    const base = resolveInRoot(session, params.path ?? '.', this.name, 'path');
    const shown = displayPath(session, base);
    let info: Stats;
    try {
      info = await stat(base);
    } catch {
      throw new NotFoundError({
        message: `Directory not found: ${shown}. Check path (relative paths resolve against the project root ${session.root}), or omit it to search the whole project.`,
        resource: 'directory',
        id: shown,
        suggestions: suggestPaths(session, base),
      });
    }
    if (!info.isDirectory()) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'path',
            message: `${shown} is a file. path is the folder to search in; give its folder (or omit path) and match the file with pattern.`,
          },
        ],
      });
    }

    const rules = params.include_ignored ? undefined : new GitignoreRules(rulesTop(session, base));
    const matches = await glob(pattern, {
      cwd: base,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      fs: filteringFs(rules),
      signal: ctx.signal,
    });
    ctx.signal.throwIfAborted();

    const dated = await modifiedTimes(matches, base, ctx.signal);
    const files = dated.sort(
      (a, b) => b.mtime - a.mtime || (a.match < b.match ? -1 : a.match > b.match ? 1 : 0),
    );

    const where = shown === '.' ? 'the project' : `${shown}/`;
    if (files.length === 0) {
      const skipped = params.include_ignored
        ? ''
        : ' Files ignored by .gitignore and node_modules were skipped; set include_ignored: true to search them too.';
      return `No files match "${pattern}" in ${where}.${skipped}`;
    }
    const listed = files
      .slice(0, MAX_GLOB_RESULTS)
      .map((file) => displayPath(session, path.join(base, file.match)));
    const footer =
      files.length > MAX_GLOB_RESULTS
        ? `(Showing the ${MAX_GLOB_RESULTS} most recently modified of ${files.length} files matching "${pattern}" in ${where}. Use a more specific pattern or path to see the others.)`
        : `(${files.length} file${files.length === 1 ? '' : 's'} matching "${pattern}" in ${where}, most recently modified first.)`;
    return `${listed.join('\n')}\n\n${footer}`;
  }
}
