/**
 * The Node.js version check a bin runs before it loads anything else (`@toolsmith/core/node-version`).
 * This module imports nothing, so an older Node gets one clear line instead of a missing-export or
 * syntax error from deep inside. tools/bundle writes the same check into the plain-JS guard entry of
 * every bundled bin.
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

/**
 * True when this Node.js can run `binName`. Otherwise prints `nodeVersionProblem`'s line to stderr,
 * sets exit code 1 and returns false: import the rest of the bin dynamically only when it is true.
 */
export function nodeVersionOk(binName: string, minMajor: number = MIN_NODE_MAJOR): boolean {
  const problem = nodeVersionProblem(binName, process.versions.node, minMajor);
  if (problem === undefined) return true;
  process.stderr.write(`${problem}\n`);
  process.exitCode = 1;
  return false;
}
