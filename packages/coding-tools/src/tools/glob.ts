/**
 * Glob: files matching a glob pattern, newest first, at most {@link MAX_GLOB_RESULTS}. Matching is
 * tinyglobby's; `.gitignore` files (nested ones too, and `.git/info/exclude`) are applied with the
 * `ignore` package while crawling, so ignored folders are never walked.
 */
import { existsSync, readdir, readdirSync, readFileSync, type Dirent, type Stats } from 'node:fs';
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

  /** Rule sets of `dir` and its ancestors up to the top, shallowest first. */
  #chain(dir: string): RuleSet[] {
    const cached = this.#chains.get(dir);
    if (cached) return cached;
    const parent = path.dirname(dir);
    const inherited = dir === this.#top || parent === dir ? [] : this.#chain(parent);
    const sources = [path.join(dir, '.gitignore')];
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

  /** Git's answer: the deepest .gitignore with an opinion on the path wins. */
  ignores(dir: string, name: string, isDirectory: boolean): boolean {
    const target = path.join(dir, name);
    let ignored = false;
    for (const { dir: base, rules } of this.#chain(dir)) {
      const relative = path.relative(base, target).split(path.sep).join('/');
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
    return readdirSync(dir, { withFileTypes: true }).filter((entry) => keep(absolute, entry));
  };
  return {
    readdir: filteredReaddir as unknown as NonNullable<FileSystemAdapter['readdir']>,
    readdirSync: filteredReaddirSync as unknown as NonNullable<FileSystemAdapter['readdirSync']>,
  };
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

    const dated = await Promise.all(
      matches.map(async (match) => {
        const absolute = path.join(base, match);
        try {
          return { shown: displayPath(session, absolute), mtime: (await stat(absolute)).mtimeMs };
        } catch {
          return undefined; // Deleted since it was listed.
        }
      }),
    );
    const files = dated.filter((file) => file !== undefined);
    files.sort((a, b) => b.mtime - a.mtime || (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));

    const where = shown === '.' ? 'the project' : `${shown}/`;
    if (files.length === 0) {
      const skipped = params.include_ignored
        ? ''
        : ' Files ignored by .gitignore and node_modules were skipped; set include_ignored: true to search them too.';
      return `No files match "${pattern}" in ${where}.${skipped}`;
    }
    const listed = files.slice(0, MAX_GLOB_RESULTS).map((file) => file.shown);
    const footer =
      files.length > MAX_GLOB_RESULTS
        ? `(Showing the ${MAX_GLOB_RESULTS} most recently modified of ${files.length} files matching "${pattern}" in ${where}. Use a more specific pattern or path to see the others.)`
        : `(${files.length} file${files.length === 1 ? '' : 's'} matching "${pattern}" in ${where}, most recently modified first.)`;
    return `${listed.join('\n')}\n\n${footer}`;
  }
}
