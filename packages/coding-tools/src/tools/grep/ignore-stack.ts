/**
 * The ignore files in force at one directory of a search, with ripgrep's precedence (the `ignore`
 * crate's `Ignore::matched_ignore`): `.rgignore` over `.ignore` over `.gitignore` over
 * `.git/info/exclude`; within each kind the deepest directory that has a verdict wins. `.gitignore`
 * and `exclude` files stop applying above the first directory that holds `.git`; `.ignore` files apply
 * all the way up. Ignore files above the searched directory count too (ripgrep reads its parents).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { matchGitignore, parseGitignore, type GitignoreRule, type RuleMatch } from './gitignore-rules.ts';

interface DirectoryRules {
  dir: string;
  rgignore: GitignoreRule[];
  ignore: GitignoreRule[];
  gitignore: GitignoreRule[];
  exclude: GitignoreRule[];
  hasGit: boolean;
  /** No rules at all (most directories). */
  empty: boolean;
}

async function readRules(file: string): Promise<GitignoreRule[]> {
  try {
    return parseGitignore(await readFile(file, 'utf8'));
  } catch {
    return [];
  }
}

/**
 * Reads the ignore files of `dir`. `names` (the directory's listing, when the caller has it) saves
 * the attempts to open files that are not there.
 */
async function loadDirectory(dir: string, names?: ReadonlySet<string>): Promise<DirectoryRules> {
  const has = (name: string) => (names ? names.has(name) : existsSync(path.join(dir, name)));
  const hasGit = has('.git');
  const [rgignore, ignore, gitignore, exclude] = await Promise.all([
    has('.rgignore') ? readRules(path.join(dir, '.rgignore')) : [],
    has('.ignore') ? readRules(path.join(dir, '.ignore')) : [],
    has('.gitignore') ? readRules(path.join(dir, '.gitignore')) : [],
    hasGit ? readRules(path.join(dir, '.git', 'info', 'exclude')) : [],
  ]);
  const empty = rgignore.length + ignore.length + gitignore.length + exclude.length === 0;
  return { dir, rgignore, ignore, gitignore, exclude, hasGit, empty };
}

function toPosix(relative: string): string {
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}

export class IgnoreStack {
  /** Deepest directory first. */
  readonly #levels: readonly DirectoryRules[];

  private constructor(levels: readonly DirectoryRules[]) {
    this.#levels = levels;
  }

  /** The rules in force inside `dir`: its own ignore files and those of every ancestor. */
  static async forDirectory(dir: string, names?: ReadonlySet<string>): Promise<IgnoreStack> {
    const ancestors: string[] = [];
    for (let current = path.dirname(dir); ; current = path.dirname(current)) {
      ancestors.push(current);
      if (path.dirname(current) === current) break;
    }
    const levels = await Promise.all(ancestors.map((ancestor) => loadDirectory(ancestor)));
    return new IgnoreStack([await loadDirectory(dir, names), ...levels]);
  }

  /** The rules in force inside `dir`, a child directory of this stack's deepest one. */
  async child(dir: string, names: ReadonlySet<string>): Promise<IgnoreStack> {
    return new IgnoreStack([await loadDirectory(dir, names), ...this.#levels]);
  }

  /** The ignore files' verdict on `absolute` (a path inside the deepest directory). */
  match(absolute: string, isDir: boolean): RuleMatch {
    let rgignore: RuleMatch;
    let ignore: RuleMatch;
    let gitignore: RuleMatch;
    let exclude: RuleMatch;
    let sawGit = false;
    for (const level of this.#levels) {
      if (level.empty) {
        sawGit ||= level.hasGit;
        continue;
      }
      const relative = toPosix(path.relative(level.dir, absolute));
      rgignore ??= matchGitignore(level.rgignore, relative, isDir);
      ignore ??= matchGitignore(level.ignore, relative, isDir);
      if (!sawGit) {
        gitignore ??= matchGitignore(level.gitignore, relative, isDir);
        exclude ??= matchGitignore(level.exclude, relative, isDir);
      }
      sawGit ||= level.hasGit;
    }
    return rgignore ?? ignore ?? gitignore ?? exclude;
  }
}
