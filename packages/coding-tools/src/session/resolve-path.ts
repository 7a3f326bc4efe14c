/**
 * Path resolution for the file tools: everything stays inside the session root unless the session
 * allows otherwise — `..`, absolute paths elsewhere and symlinks that lead out are refused with a
 * message that says what the root is.
 */
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { closestMatches, ValidationError } from '@toolsmith/core';
import type { CodingSession } from './coding-session.ts';

export class PathOutsideRootError extends ValidationError {
  constructor(toolName: string, field: string, requested: string, root: string) {
    super({
      toolName,
      issues: [
        {
          field,
          message: `"${requested}" is outside the project root ${root}. Use a path inside it (relative paths resolve against the root).`,
        },
      ],
    });
    this.name = 'PathOutsideRootError';
  }
}

function inside(target: string, root: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The real path of the deepest existing ancestor of `target`, plus the rest appended. */
function realpathOfNearest(target: string): string {
  let existing = target;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  let real: string;
  try {
    real = realpathSync(existing);
  } catch {
    real = existing;
  }
  return path.join(real, ...rest);
}

/**
 * Resolves `requested` (relative to the root, or absolute) to an absolute path, following symlinks
 * of the part that exists, and refuses one outside the root unless the session allows it.
 */
export function resolveInRoot(
  session: CodingSession,
  requested: string,
  toolName: string,
  field = 'path',
): string {
  const absolute = path.resolve(session.root, requested);
  const real = realpathOfNearest(absolute);
  if (!session.options.allowOutsideRoot && !inside(real, session.root)) {
    throw new PathOutsideRootError(toolName, field, requested, session.root);
  }
  return real;
}

/** "Did you mean" candidates for a missing path: close names in the nearest existing folder. */
export function suggestPaths(session: CodingSession, missing: string, limit = 3): string[] {
  let dir = path.dirname(missing);
  while (!existsSync(dir) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return closestMatches(path.basename(missing), names, limit).map(
    (name) => path.relative(session.root, path.join(dir, name)) || name,
  );
}

/** A path as shown to the model: relative to the root when inside it. */
export function displayPath(session: CodingSession, absolute: string): string {
  const relative = path.relative(session.root, absolute);
  return relative === '' ? '.' : inside(absolute, session.root) ? relative : absolute;
}
