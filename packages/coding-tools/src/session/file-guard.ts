/**
 * Read-before-write bookkeeping: a file the agent overwrites must have been read in this session and
 * not changed since (otherwise it would overwrite work it has not seen). Configurable per session.
 */
import { statSync } from 'node:fs';
import { ValidationError } from '@toolsmith/core';
import type { CodingSession } from './coding-session.ts';
import { displayPath } from './resolve-path.ts';

/** Records that the agent has seen `file` as it is now. */
export function recordRead(session: CodingSession, file: string): void {
  try {
    const info = statSync(file);
    session.reads.set(file, { mtimeMs: info.mtimeMs, size: info.size });
  } catch {
    // Vanished between read and stat: nothing to record.
  }
}

/**
 * Throws a ValidationError when `file` exists and was not read in this session, or changed since it
 * was read. A file that does not exist yet may always be created.
 */
export function assertWritable(
  session: CodingSession,
  file: string,
  toolName: string,
  field = 'file_path',
): void {
  if (session.options.requireReadBeforeWrite === false) return;
  let info;
  try {
    info = statSync(file);
  } catch {
    return;
  }
  const shown = displayPath(session, file);
  const record = session.reads.get(file);
  if (!record) {
    throw new ValidationError({
      toolName,
      issues: [
        {
          field,
          message: `${shown} exists but was not read in this session. Read it first, then change it.`,
        },
      ],
    });
  }
  if (record.mtimeMs !== info.mtimeMs || record.size !== info.size) {
    throw new ValidationError({
      toolName,
      issues: [
        {
          field,
          message: `${shown} changed since it was read (by someone else, or a command). Read it again before changing it.`,
        },
      ],
    });
  }
}
