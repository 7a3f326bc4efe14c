/**
 * Path resolution for the file tools: everything stays inside the session root unless the session
 * allows otherwise — `..`, absolute paths elsewhere and symlinks that lead out are refused with a
 * message that says what the root is.
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
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

/**
 * Throws a ValidationError when `value` holds a NUL byte: no file path or command-line argument can
 * (Node refuses it with a TypeError, which would be reported as a bug). `why` ends the message.
 */
export function refuseNulByte(
  value: string | undefined,
  toolName: string,
  field: string,
  why = 'which no file path can hold. Remove it.',
): void {
  if (value === undefined || !value.includes('\0')) return;
  throw new ValidationError({
    toolName,
    issues: [
      {
        field,
        message: `${JSON.stringify(value)} contains a NUL byte (\\0), ${why}`,
      },
    ],
  });
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false; // Missing, or a parent is a file.
  }
}

function danglingSymlink(
  session: CodingSession,
  link: string,
  requested: string,
  toolName: string,
  field: string,
): ValidationError {
  let target = '';
  try {
    target = ` to ${readlinkSync(link)}`;
  } catch {
    // Gone meanwhile: say less.
  }
  return new ValidationError({
    toolName,
    issues: [
      {
        field,
        message: `"${requested}" goes through ${displayPath(session, link)}, a symlink${target} that leads nowhere (its target does not exist, or it loops). Give a path without it, or create its target first.`,
      },
    ],
  });
}

/**
 * The real path of the deepest existing ancestor of `target`, plus the rest appended. A missing
 * folder on the way that is a dangling symlink (or a loop) is refused: nothing can be created
 * inside it.
 */
function realpathOfNearest(
  session: CodingSession,
  target: string,
  requested: string,
  toolName: string,
  field: string,
): string {
  let existing = target;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    if (existing !== target && isSymlink(existing)) {
      throw danglingSymlink(session, existing, requested, toolName, field);
    }
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
 * of the part that exists, and refuses one outside the root unless the session allows it; a NUL
 * byte and a folder that is a dangling symlink are refused too. This is a check at one moment:
 * writes go through `root-fs.ts`, so a folder swapped for a symlink after it cannot lead them out.
 */
export function resolveInRoot(
  session: CodingSession,
  requested: string,
  toolName: string,
  field = 'path',
): string {
  refuseNulByte(requested, toolName, field);
  const absolute = path.resolve(session.root, requested);
  const real = realpathOfNearest(session, absolute, requested, toolName, field);
  if (!session.options.allowOutsideRoot && !inside(real, session.root)) {
    throw new PathOutsideRootError(toolName, field, requested, session.root);
  }
  return real;
}

/**
 * The folder writes must stay in (see `root-fs.ts`): the root, or undefined when the session allows
 * paths outside it.
 */
export function confinedRoot(session: CodingSession): string | undefined {
  return session.options.allowOutsideRoot ? undefined : session.root;
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
