/**
 * Checks a whole parsed patch against the files as they are now, in memory, and turns it into the
 * list of file writes and deletions to make — or refuses it with every problem at once. Nothing is
 * written here.
 *
 * Operations see the effect of the earlier ones (an Update after an Add of the same path changes
 * the added text), as if applied one by one. Paths go through `resolveInRoot`; overwriting,
 * updating or deleting a file that existed before the patch follows the session's
 * read-before-write rule (`assertWritable`, like Write and Edit). Updated files keep their line
 * endings and BOM; a moved file keeps them and its mode.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ValidationError } from '@toolsmith/core';
import type { CodingSession } from '../../session/coding-session.ts';
import { assertWritable } from '../../session/file-guard.ts';
import { displayPath, resolveInRoot, suggestPaths } from '../../session/resolve-path.ts';
import { decodeText, encodeText, type TextFile } from '../../session/text-file.ts';
import { binaryKind } from '../shared/binary-file.ts';
import { applyHunks, splitLines } from './apply-hunks.ts';
import type { ParsedPatch, PatchOperation, UpdateFileOperation } from './parse-patch.ts';

/** A file as it was on disk before the patch. */
export interface OriginalFile {
  bytes: Buffer;
  mode: number;
}

/** One file to write or delete. */
export interface FileChange {
  /** Absolute path. */
  file: string;
  /** New content, or undefined to delete the file. */
  content: string | Buffer | undefined;
  /** The file before the patch; undefined when it did not exist. */
  original: OriginalFile | undefined;
  /** Mode for a file that did not exist (a moved file keeps its source's mode). */
  mode?: number;
}

export interface PatchPlan {
  changes: FileChange[];
  /** One line per operation: `A path (+3)`, `M path (+1 -1)`, `D path (-9)`, `R from → to (+0 -0)`. */
  summary: string[];
}

interface VirtualFile {
  file: string;
  kind: 'file' | 'directory' | 'other' | 'missing' | 'unusable';
  /** Why the path cannot be used (kind `unusable`): the file-system error. */
  problem?: string;
  original: OriginalFile | undefined;
  /** Current content in the patched tree; undefined when the file is absent. */
  state: TextFile | undefined;
  /** The exact bytes of `state` while it is unchanged from a file on disk (kept by a plain move). */
  raw: Buffer | undefined;
  /** Why the content is binary ("image", "binary content"…), as Edit decides it; undefined for text. */
  binary: string | undefined;
  touched: boolean;
  /** The read-before-write check ran (true) or failed (false). */
  guarded?: boolean;
  mode?: number;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function errorMessage(error: unknown): string {
  const { message } = (error ?? {}) as { message?: unknown };
  return typeof message === 'string' ? message : String(error);
}

class PatchPlanner {
  readonly #session: CodingSession;
  readonly #toolName: string;
  readonly #files = new Map<string, VirtualFile>();
  readonly issues: string[] = [];
  readonly summary: string[] = [];

  constructor(session: CodingSession, toolName: string) {
    this.#session = session;
    this.#toolName = toolName;
  }

  shown(file: string): string {
    return displayPath(this.#session, file);
  }

  resolve(requested: string, label: string): string | undefined {
    try {
      return resolveInRoot(this.#session, requested, this.#toolName, 'patch');
    } catch (error) {
      if (!ValidationError.isInstance(error)) throw error;
      this.issues.push(`${label}: ${error.issues.map((issue) => issue.message).join(' ')}`);
      return undefined;
    }
  }

  entry(file: string): VirtualFile {
    let entry = this.#files.get(file);
    if (entry) return entry;
    entry = {
      file,
      kind: 'missing',
      original: undefined,
      state: undefined,
      raw: undefined,
      binary: undefined,
      touched: false,
    };
    try {
      const info = statSync(file);
      if (info.isDirectory()) entry.kind = 'directory';
      else if (!info.isFile()) entry.kind = 'other';
      else {
        const bytes = readFileSync(file);
        entry.kind = 'file';
        entry.original = { bytes, mode: info.mode };
        entry.raw = bytes;
        entry.binary = binaryKind(file);
        entry.state =
          entry.binary === undefined
            ? decodeText(bytes.toString('utf8'))
            : { text: '', eol: '\n', bom: false };
      }
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'ENOTDIR') {
        entry.kind = 'unusable';
        entry.problem = `${this.shown(file)} cannot be used: ${errorMessage(error)}`;
      }
    }
    this.#files.set(file, entry);
    return entry;
  }

  /** The session's read-before-write rule, for a file that existed before the patch. */
  guard(entry: VirtualFile, label: string, note = ''): boolean {
    if (entry.original === undefined || entry.guarded === true) return true;
    if (entry.guarded === false) return false;
    try {
      assertWritable(this.#session, entry.file, this.#toolName, 'patch');
      entry.guarded = true;
      return true;
    } catch (error) {
      if (!ValidationError.isInstance(error)) throw error;
      entry.guarded = false;
      this.issues.push(`${label}: ${error.issues.map((issue) => issue.message).join(' ')}${note}`);
      return false;
    }
  }

  /** Why `file` cannot be a file here (`kind` not file, or a parent is a file), if it cannot. */
  creationProblem(file: string): string | undefined {
    const entry = this.entry(file);
    if (entry.problem !== undefined) return `${entry.problem}.`;
    if (entry.kind === 'directory') return `${this.shown(file)} is a directory. Use another path.`;
    if (entry.kind === 'other') return `${this.shown(file)} is not a regular file. Use another path.`;
    const prefix = file + path.sep;
    for (const other of this.#files.values()) {
      if (other.state !== undefined && other.file.startsWith(prefix)) {
        return `${this.shown(file)} would be a file, but this patch puts ${this.shown(other.file)} inside it.`;
      }
    }
    for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const known = this.#files.get(dir);
      if (known?.state !== undefined) {
        return `cannot create ${this.shown(file)}: ${this.shown(dir)} is a file, not a folder.`;
      }
      try {
        if (statSync(dir).isDirectory()) return undefined;
        return `cannot create ${this.shown(file)}: ${this.shown(dir)} is a file, not a folder.`;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'ENOTDIR') {
          return `cannot create ${this.shown(file)}: ${errorMessage(error)}.`;
        }
      }
    }
    return undefined;
  }

  missingMessage(entry: VirtualFile, advice: string): string {
    if (entry.original !== undefined) {
      return `${this.shown(entry.file)} was deleted or moved away earlier in this patch. ${advice}`;
    }
    const suggestions = suggestPaths(this.#session, entry.file);
    const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
    return `${this.shown(entry.file)} does not exist.${hint} ${advice}`;
  }

  plan(operation: PatchOperation): void {
    if (operation.kind === 'add') this.add(operation.path, operation.lines);
    else if (operation.kind === 'delete') this.delete(operation.path);
    else this.update(operation);
  }

  add(requested: string, lines: readonly string[]): void {
    const label = `Add File ${requested}`;
    const file = this.resolve(requested, label);
    if (file === undefined) return;
    const problem = this.creationProblem(file);
    if (problem) {
      this.issues.push(`${label}: ${problem}`);
      return;
    }
    const entry = this.entry(file);
    const replaces = entry.state !== undefined;
    if (
      replaces &&
      !this.guard(entry, label, ' (Add File replaces the whole file; to change part of it use Update File.)')
    ) {
      return;
    }
    entry.state = { text: lines.map((line) => `${line}\n`).join(''), eol: '\n', bom: false };
    entry.raw = undefined;
    entry.binary = undefined;
    entry.touched = true;
    this.summary.push(
      `A ${this.shown(file)} (+${lines.length}${replaces ? ', replaced the existing file' : ''})`,
    );
  }

  delete(requested: string): void {
    const label = `Delete File ${requested}`;
    const file = this.resolve(requested, label);
    if (file === undefined) return;
    const entry = this.entry(file);
    if (entry.problem !== undefined) {
      this.issues.push(`${label}: ${entry.problem}.`);
      return;
    }
    if (entry.kind === 'directory') {
      this.issues.push(
        `${label}: ${this.shown(file)} is a directory; Delete File removes one file. Delete the files inside it one by one (or use Bash).`,
      );
      return;
    }
    if (entry.state === undefined) {
      this.issues.push(`${label}: ${this.missingMessage(entry, 'Remove this operation from the patch.')}`);
      return;
    }
    if (!this.guard(entry, label)) return;
    const count = entry.binary === undefined ? `-${splitLines(entry.state.text).length}` : 'binary';
    entry.state = undefined;
    entry.raw = undefined;
    entry.touched = true;
    this.summary.push(`D ${this.shown(file)} (${count})`);
  }

  update(operation: UpdateFileOperation): void {
    const label = `Update File ${operation.path}`;
    const file = this.resolve(operation.path, label);
    if (file === undefined) return;
    const entry = this.entry(file);
    if (entry.problem !== undefined) {
      this.issues.push(`${label}: ${entry.problem}.`);
      return;
    }
    if (entry.kind === 'directory' || entry.kind === 'other') {
      this.issues.push(
        `${label}: ${this.shown(file)} is not a regular file; Update File changes one text file.`,
      );
      return;
    }
    if (entry.state === undefined) {
      this.issues.push(
        `${label}: ${this.missingMessage(entry, `To create it, use '*** Add File: ${operation.path}' followed by its lines, each starting with '+'.`)}`,
      );
      return;
    }
    if (entry.binary !== undefined && operation.hunks.length > 0) {
      this.issues.push(
        `${label}: ${this.shown(file)} is a binary file (${entry.binary}); ${this.#toolName} changes text files only. Move or delete it, or replace it with Add File.`,
      );
      return;
    }
    let destination: string | undefined;
    if (operation.movePath !== undefined) {
      destination = this.resolve(operation.movePath, `${label} → Move to ${operation.movePath}`);
      if (destination === undefined) return;
      if (destination === file) destination = undefined;
    }
    const guarded = this.guard(entry, label);
    const result =
      operation.hunks.length === 0
        ? { ok: true as const, text: entry.state.text }
        : applyHunks(entry.state.text, operation.hunks);
    if (!result.ok) {
      for (const failure of result.failures) {
        const hunk = operation.hunks[failure.hunk - 1]!;
        const first = hunk.oldLines.find((line) => line.trim() !== '') ?? hunk.anchors[0];
        const context =
          first === undefined ? '' : `, first context line ${JSON.stringify(first.trim().slice(0, 80))}`;
        this.issues.push(
          `hunk ${failure.hunk} of ${this.shown(file)} (patch line ${hunk.line}${context}): ${failure.message}`,
        );
      }
      return;
    }
    if (!guarded) return;
    const added = operation.hunks.reduce((sum, hunk) => sum + hunk.added, 0);
    const removed = operation.hunks.reduce((sum, hunk) => sum + hunk.removed, 0);
    const patched: TextFile = { ...entry.state, text: result.text };
    const raw = operation.hunks.length === 0 ? entry.raw : undefined;
    if (destination === undefined) {
      entry.state = patched;
      entry.raw = raw;
      entry.touched = true;
      this.summary.push(`M ${this.shown(file)} (+${added} -${removed})`);
      return;
    }
    const moveLabel = `${label} → Move to ${operation.movePath}`;
    const problem = this.creationProblem(destination);
    if (problem) {
      this.issues.push(`${moveLabel}: ${problem}`);
      return;
    }
    const target = this.entry(destination);
    const replaces = target.state !== undefined;
    if (replaces && !this.guard(target, moveLabel, ' (the move would replace it.)')) return;
    target.state = patched;
    target.raw = raw;
    target.binary = entry.binary;
    target.touched = true;
    target.mode = entry.mode ?? entry.original?.mode;
    entry.state = undefined;
    entry.raw = undefined;
    entry.touched = true;
    this.summary.push(
      `R ${this.shown(file)} → ${this.shown(destination)} (+${added} -${removed}${replaces ? ', replaced the existing file' : ''})`,
    );
  }

  changes(): FileChange[] {
    const changes: FileChange[] = [];
    for (const entry of this.#files.values()) {
      if (!entry.touched) continue;
      if (entry.state === undefined) {
        if (entry.original !== undefined)
          changes.push({ file: entry.file, content: undefined, original: entry.original });
        continue;
      }
      const content = entry.raw ?? encodeText(entry.state);
      if (
        entry.original?.bytes.equals(typeof content === 'string' ? Buffer.from(content, 'utf8') : content)
      ) {
        continue;
      }
      changes.push({
        file: entry.file,
        content,
        original: entry.original,
        ...(entry.original === undefined && entry.mode !== undefined ? { mode: entry.mode } : {}),
      });
    }
    return changes;
  }
}

/** Problems spelled out in the error; the rest are counted. */
const MAX_LISTED_ISSUES = 10;

/**
 * Plans `patch` against the current files. Throws one ValidationError listing every operation
 * and hunk that cannot be applied; nothing is written either way.
 */
export function planPatch(session: CodingSession, patch: ParsedPatch, toolName = 'ApplyPatch'): PatchPlan {
  const planner = new PatchPlanner(session, toolName);
  for (const operation of patch.operations) planner.plan(operation);
  if (planner.issues.length > 0) {
    const count = planner.issues.length;
    throw new ValidationError({
      toolName,
      issues: planner.issues.map((message) => ({ field: 'patch', message })),
      message: [
        `${toolName} changed nothing: the patch is applied all-or-nothing and ${count === 1 ? 'one part' : `${count} parts`} of it failed:`,
        ...planner.issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `- ${issue.replaceAll('\n', '\n  ')}`),
        ...(count > MAX_LISTED_ISSUES
          ? [
              `- … and ${count - MAX_LISTED_ISSUES} more (is the patch meant for these files as they are now?)`,
            ]
          : []),
        'Fix these and send the whole patch again (its other operations were not applied either).',
      ].join('\n'),
    });
  }
  return { changes: planner.changes(), summary: planner.summary };
}
