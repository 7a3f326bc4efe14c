/**
 * The path a file tool works on, resolved inside the project root and checked to exist and to be
 * the right kind (file or directory) — with the errors the model recovers from: outside the root
 * (from `resolveInRoot`), not found with "did you mean" names, a file where a folder is wanted and
 * the other way round. Read, Glob, ListDir and Grep share it; each says what to do instead.
 */
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { NotFoundError, ValidationError } from '@toolsmith/core';
import type { CodingSession } from '../../session/coding-session.ts';
import { displayPath, resolveInRoot, suggestPaths } from '../../session/resolve-path.ts';

export interface ExistingPathSpec {
  toolName: string;
  /** The parameter the path came from (`file_path`, `path`). */
  field: string;
  /** What the tool needs there; `any` accepts both. */
  kind: 'file' | 'directory' | 'any';
  /** The whole not-found message; `{path}` and `{root}` are filled in. */
  missing: string;
  /** What to say when the path is the other kind; `{path}` is filled in. */
  wrongKind?: string;
  /** The id the not-found error carries (default: the path as shown). */
  id?: string;
}

export interface ExistingPath {
  /** Real absolute path. */
  absolute: string;
  /** As shown to the model: relative to the root when inside it. */
  shown: string;
  info: Stats;
}

const fill = (template: string, shown: string, root: string) =>
  template.replaceAll('{path}', shown).replaceAll('{root}', root);

/** Resolves `requested` inside the root and checks that it exists and is of `spec.kind`. */
export async function resolveExisting(
  session: CodingSession,
  requested: string,
  spec: ExistingPathSpec,
): Promise<ExistingPath> {
  const absolute = resolveInRoot(session, requested, spec.toolName, spec.field);
  const shown = displayPath(session, absolute);
  let info: Stats;
  try {
    info = await stat(absolute);
  } catch {
    throw new NotFoundError({
      message: fill(spec.missing, shown, session.root),
      resource: spec.kind === 'any' ? 'path' : spec.kind,
      id: spec.id ?? shown,
      suggestions: suggestPaths(session, absolute),
    });
  }
  const wrong =
    (spec.kind === 'file' && info.isDirectory()) || (spec.kind === 'directory' && !info.isDirectory());
  if (wrong) {
    throw new ValidationError({
      toolName: spec.toolName,
      issues: [{ field: spec.field, message: fill(spec.wrongKind ?? '', shown, session.root) }],
    });
  }
  return { absolute, shown, info };
}
