/**
 * The Node.js version check a bin runs before it loads anything else. This module imports nothing, so
 * an older Node gets this one line instead of a missing-export or syntax error from deep inside.
 * The same function is in every publishable package with a bin and in tools/bundle (the bundled
 * bins' guard); tools/workspace-checks keeps the copies identical.
 */
export const MIN_NODE_MAJOR = 24;

/** The one line a bin prints on a Node.js older than `minMajor`, or undefined when `version` will do. */
export function nodeVersionProblem(
  binName: string,
  version: string = process.versions.node,
  minMajor: number = MIN_NODE_MAJOR,
): string | undefined {
  if (Number(version.split('.')[0]) >= minMajor) return undefined;
  return `${binName} needs Node.js ${minMajor} or later (this is v${version}). Install Node.js ${minMajor} from https://nodejs.org/en/download (or \`nvm install ${minMajor}\`) and run ${binName} again.`;
}
