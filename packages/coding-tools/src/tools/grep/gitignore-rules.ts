/**
 * gitignore lines as ripgrep reads them (the `ignore` crate's `GitignoreBuilder::add_line`): each line
 * becomes one glob, matched against a path relative to the ignore file's directory; the last
 * matching line decides. A path is judged on its own — that a parent directory is excluded matters
 * only because the walk never enters it. That is also why an explicitly searched ignored directory
 * (`node_modules/zod`) is searched, as with ripgrep; the `ignore` package applies git's "excluded
 * parent" rule to every path and could not tell the two apart. The glob matching is picomatch's.
 */
import picomatch from 'picomatch';

export interface GitignoreRule {
  /** `!pattern`: re-includes what an earlier line excluded. */
  readonly whitelist: boolean;
  /** `pattern/`: applies to directories only. */
  readonly dirOnly: boolean;
  readonly matches: (relativePath: string) => boolean;
}

export type RuleMatch = 'ignore' | 'whitelist' | undefined;

/** picomatch options that give globset's semantics: `*` stops at `/`, dotfiles are not special, no extglobs. */
const GLOB_OPTIONS: picomatch.PicomatchOptions = { dot: true, noextglob: true };

/** Parses one gitignore line; undefined for blank lines and comments. */
export function parseGitignoreLine(raw: string): GitignoreRule | undefined {
  if (raw.startsWith('#')) return undefined;
  let line = raw.endsWith('\\ ') ? raw : raw.trimEnd();
  if (line === '') return undefined;
  let whitelist = false;
  let anchored = false;
  if (line.startsWith('\\!') || line.startsWith('\\#')) {
    line = line.slice(1);
  } else {
    if (line.startsWith('!')) {
      whitelist = true;
      line = line.slice(1);
    }
    if (line.startsWith('/')) {
      anchored = true;
      line = line.slice(1);
    }
  }
  let dirOnly = false;
  if (line.endsWith('/')) {
    dirOnly = true;
    line = line.slice(0, -1);
    if (line.endsWith('\\')) line = line.slice(0, -1);
  }
  if (line === '') return undefined;
  let glob = line;
  // Without a slash a line matches at any depth.
  if (!anchored && !line.includes('/') && !(glob.startsWith('**/') || glob === '**')) glob = `**/${glob}`;
  // `dir/**` matches what is inside dir, not dir itself.
  if (glob.endsWith('/**')) glob = `${glob}/*`;
  return { whitelist, dirOnly, matches: picomatch(glob, GLOB_OPTIONS) };
}

export function parseGitignore(content: string): GitignoreRule[] {
  const rules: GitignoreRule[] = [];
  for (const line of content.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const rule = parseGitignoreLine(line);
    if (rule) rules.push(rule);
  }
  return rules;
}

/** The verdict of the last rule that matches `relativePath` (posix separators, no leading `./`). */
export function matchGitignore(
  rules: readonly GitignoreRule[],
  relativePath: string,
  isDir: boolean,
): RuleMatch {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i]!;
    if ((!rule.dirOnly || isDir) && rule.matches(relativePath))
      return rule.whitelist ? 'whitelist' : 'ignore';
  }
  return undefined;
}
