/**
 * Diagnostics after edits: Write, Edit, MultiEdit and ApplyPatch append the errors their change
 * introduced in the files it changed — errors that were not there before — within a small budget,
 * and say so when there are none.
 *
 * From the language server when one serves the file: the old text is given to it (the errors before)
 * and then the new one (the errors after), and the two are compared by code and message, so errors
 * that only moved do not count. Otherwise, for TypeScript/JavaScript in a project with a
 * tsconfig.json, from `tsc --noEmit` (the Diagnostics tool's backend), compared with the errors the
 * previous check found in those files. The whole check waits at most `timeoutMs` (5 s by default);
 * after that the edit's answer says the errors were not checked. Files no checker serves add nothing.
 *
 * The language servers' copies of the written files are brought up to date in every case.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver-protocol';
import type { CodingSession, DiagnosticsAfterEditSettings } from '../../session/coding-session.ts';
import { displayPath, resolveInRoot } from '../../session/resolve-path.ts';
import { sessionShell } from '../bash.ts';
import { runCommand } from '../bash/run-command.ts';
import { parseDiagnostics } from '../diagnostics/parse-diagnostics.ts';
import { plural } from '../shared/plural.ts';
import type { LanguageServerClient } from './language-server-client.ts';
import { inCheckedProject } from './language-server-config.ts';

export const DEFAULT_EDIT_DIAGNOSTICS_TIMEOUT_MS = 5000;
export const DEFAULT_EDIT_DIAGNOSTICS_TOKENS = 200;
/** Characters per token, for the budget. */
const CHARS_PER_TOKEN = 4;
const TSC_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);

/** One error, as shown and as compared (by code and message, not position). */
interface FoundError {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

interface CheckedFile {
  file: string;
  deleted: boolean;
  /** The text before the edit; undefined for a new file. */
  before: string | undefined;
}

function settingsOf(session: CodingSession): Required<DiagnosticsAfterEditSettings> | undefined {
  const option = session.options.diagnosticsAfterEdit;
  if (option === false) return undefined;
  const settings = typeof option === 'object' ? option : {};
  return {
    timeoutMs: settings.timeoutMs ?? DEFAULT_EDIT_DIAGNOSTICS_TIMEOUT_MS,
    maxTokens: settings.maxTokens ?? DEFAULT_EDIT_DIAGNOSTICS_TOKENS,
  };
}

/** A language server checks this file's edits: it serves the file, and the file is in a project of it. */
function servedBy(session: CodingSession, file: string): boolean {
  const config = session.languageServers.configFor(file);
  return config !== undefined && inCheckedProject(config, file, session.root);
}

function checkable(session: CodingSession, file: string): boolean {
  return servedBy(session, file) || TSC_EXTENSIONS.has(path.extname(file).toLowerCase());
}

const keyOf = (error: FoundError) => `${error.file}\0${error.code}\0${error.message}`;

/** The errors of `after` that `before` does not have (as many times as they are new). */
export function newErrors(before: readonly FoundError[], after: readonly FoundError[]): FoundError[] {
  const remaining = new Map<string, number>();
  for (const error of before) remaining.set(keyOf(error), (remaining.get(keyOf(error)) ?? 0) + 1);
  return after.filter((error) => {
    const left = remaining.get(keyOf(error)) ?? 0;
    if (left === 0) return true;
    remaining.set(keyOf(error), left - 1);
    return false;
  });
}

function fromLsp(file: string, diagnostics: readonly LspDiagnostic[]): FoundError[] {
  // Severity 1 is Error; an absent severity is the server's choice and counts as one.
  return diagnostics
    .filter((d) => d.severity === undefined || d.severity === 1)
    .map((d) => ({
      file,
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      code: d.code === undefined ? '' : typeof d.code === 'number' ? `TS${d.code}` : d.code,
      message: (typeof d.message === 'string' ? d.message : d.message.value).split('\n')[0]!,
    }));
}

/**
 * Started before a tool writes (it reads the files' old text), finished after: `finish()` syncs the
 * language servers and returns the text to append to the tool's answer ('' when nothing applies).
 */
export class EditCheck {
  readonly #session: CodingSession;
  readonly #files: CheckedFile[];

  private constructor(session: CodingSession, files: CheckedFile[]) {
    this.#session = session;
    this.#files = files;
  }

  /** Before the write: `files` are absolute paths (deleted: the tool removes them). */
  static begin(session: CodingSession, files: readonly { file: string; deleted?: boolean }[]): EditCheck {
    const checking = settingsOf(session) !== undefined;
    return new EditCheck(
      session,
      files.map(({ file, deleted }) => {
        let before: string | undefined;
        // Only files a checker serves are read (the old text is the baseline of their errors).
        if (checking && !deleted && checkable(session, file)) {
          try {
            before = readFileSync(file, 'utf8');
          } catch {
            before = undefined;
          }
        }
        return { file, deleted: deleted === true, before };
      }),
    );
  }

  /** Before Edit or MultiEdit writes `requested` (a path as the model gave it; a bad one checks nothing). */
  static beginPath(session: CodingSession, requested: string, toolName: string): EditCheck {
    let file: string;
    try {
      file = resolveInRoot(session, requested, toolName, 'file_path');
    } catch {
      return EditCheck.begin(session, []); // The tool refuses it itself.
    }
    return EditCheck.begin(session, [{ file }]);
  }

  /** After a successful write: the servers get the new text, and the answer the new errors. */
  async finish(signal: AbortSignal): Promise<string> {
    const session = this.#session;
    const changes = this.#files.map(({ file, deleted }) => ({ file, deleted }));
    const settings = settingsOf(session);
    const checked = settings ? this.#files.filter((entry) => !entry.deleted) : [];
    const manager = session.languageServers;
    const byServer = checked.filter((entry) => servedBy(session, entry.file));
    const byTsc = checked.filter(
      (entry) => !servedBy(session, entry.file) && TSC_EXTENSIONS.has(path.extname(entry.file).toLowerCase()),
    );
    // Files no check covers: only the servers' copies to update.
    const unchecked = changes.filter((change) => !checked.some((entry) => entry.file === change.file));
    await manager.filesWritten(unchecked);
    if (!settings || (byServer.length === 0 && byTsc.length === 0)) return '';

    const deadline = performance.now() + settings.timeoutMs;
    const found: FoundError[] = [];
    const late: string[] = [];
    const skipped: string[] = [];
    const sources = new Set<string>();
    if (byServer.length > 0) {
      const outcome = await this.#fromServers(byServer, deadline);
      found.push(...outcome.found);
      late.push(...outcome.late);
      for (const source of outcome.sources) sources.add(source);
    }
    if (byTsc.length > 0) {
      const outcome = await this.#fromTsc(byTsc, deadline, signal);
      found.push(...outcome.found);
      late.push(...outcome.late);
      if (outcome.ran) sources.add('tsc');
      skipped.push(...(outcome.skipped ?? []));
    }
    const checkedFiles = [...byServer, ...byTsc]
      .map((entry) => entry.file)
      .filter((file) => !late.includes(file) && !skipped.includes(file));
    return render(session, found, checkedFiles, late, [...sources], settings);
  }

  async #fromServers(
    files: readonly CheckedFile[],
    deadline: number,
  ): Promise<{ found: FoundError[]; late: string[]; sources: string[] }> {
    const session = this.#session;
    const found: FoundError[] = [];
    const late: string[] = [];
    const sources = new Set<string>();
    const remaining = () => Math.max(0, deadline - performance.now());
    for (const entry of files) {
      let client: LanguageServerClient | undefined;
      try {
        client = await withDeadline(session.languageServers.clientFor(entry.file), remaining());
      } catch {
        client = undefined; // Failed to start: counted as not checked.
      }
      if (!client) {
        late.push(entry.file);
        continue;
      }
      sources.add(`${client.config.id} language server`);
      const errors = client.canPullDiagnostics
        ? await this.#pulled(client, entry, remaining)
        : await this.#published(client, entry, remaining);
      if (errors === undefined) {
        late.push(entry.file);
        await client.sync(entry.file);
        continue;
      }
      const [before, after] = errors;
      found.push(...newErrors(fromLsp(entry.file, before), fromLsp(entry.file, after)));
    }
    return { found, late, sources: [...sources] };
  }

  /** Errors before and after, asked of the server: its copy is set to the old text, then the new. */
  async #pulled(
    client: LanguageServerClient,
    entry: CheckedFile,
    remaining: () => number,
  ): Promise<[LspDiagnostic[], LspDiagnostic[]] | undefined> {
    const pull = async (text: string | undefined) => {
      await client.sync(entry.file, text);
      return withDeadline(
        client.pullDiagnostics(entry.file).catch(() => undefined),
        remaining(),
      );
    };
    const before = entry.before === undefined ? [] : await pull(entry.before);
    if (before === undefined) return undefined;
    const after = await pull(undefined);
    return after === undefined ? undefined : [before, after];
  }

  /** Errors before and after, from what the server publishes on its own after each text. */
  async #published(
    client: LanguageServerClient,
    entry: CheckedFile,
    remaining: () => number,
  ): Promise<[LspDiagnostic[], LspDiagnostic[]] | undefined> {
    let before: LspDiagnostic[] = [];
    if (entry.before !== undefined) {
      const known =
        client.openText(entry.file) === entry.before ? client.diagnosticsOf(entry.file) : undefined;
      if (known) before = known;
      else {
        const serial = client.diagnosticsSerial;
        await client.sync(entry.file, entry.before);
        const old = await client.waitForDiagnostics(entry.file, serial, remaining());
        if (old === undefined) return undefined;
        before = old;
      }
    }
    const serial = client.diagnosticsSerial;
    const sent = await client.sync(entry.file);
    const after =
      (sent ? undefined : client.diagnosticsOf(entry.file)) ??
      (await client.waitForDiagnostics(entry.file, serial, remaining()));
    return after === undefined ? undefined : [before, after];
  }

  async #fromTsc(
    files: readonly CheckedFile[],
    deadline: number,
    signal: AbortSignal,
  ): Promise<{ found: FoundError[]; late: string[]; ran: boolean; skipped?: string[] }> {
    const session = this.#session;
    const root = session.root;
    let tsconfig = true;
    try {
      readFileSync(path.join(root, 'tsconfig.json'));
    } catch {
      tsconfig = false;
    }
    if (!tsconfig) return { found: [], late: [], ran: false, skipped: files.map((entry) => entry.file) };
    const { defaultTscCommand } = await import('../diagnostics.ts');
    const decoder = new StringDecoder('utf8');
    let out = '';
    const outcome = await runCommand({
      file: sessionShell(session),
      args: ['-c', defaultTscCommand(root)],
      cwd: root,
      env: session.options.env ?? process.env,
      timeoutMs: Math.max(1, deadline - performance.now()),
      signal,
      onStdout: (chunk) => {
        if (out.length < 5_000_000) out += decoder.write(chunk);
      },
    }).catch(() => undefined);
    out += decoder.end();
    if (!outcome || outcome.stoppedBy !== undefined || outcome.exitCode === 127) {
      return { found: [], late: files.map((entry) => entry.file), ran: false };
    }
    const all = parseDiagnostics(out, '').diagnostics.filter((d) => d.severity === 'error');
    const found: FoundError[] = [];
    for (const entry of files) {
      const errors = all
        .filter((d) => d.file !== '' && path.resolve(root, d.file) === entry.file)
        .map((d) => ({
          file: entry.file,
          line: d.line,
          column: d.column,
          code: d.code ?? '',
          message: d.message.split('\n')[0]!,
        }));
      // Compared with the previous check of this file (none yet: every error counts as new).
      const previous = session.tscErrors.get(entry.file) ?? [];
      found.push(...newErrors(previous, errors));
      session.tscErrors.set(entry.file, errors);
    }
    return { found, late: [], ran: true };
  }
}

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  promise.catch(() => undefined); // A rejection after the deadline is nobody's concern.
  try {
    return await Promise.race([
      promise,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function render(
  session: CodingSession,
  found: readonly FoundError[],
  checked: readonly string[],
  late: readonly string[],
  sources: readonly string[],
  settings: Required<DiagnosticsAfterEditSettings>,
): string {
  const budget = settings.maxTokens * CHARS_PER_TOKEN;
  const by = sources.length > 0 ? ` (${sources.join(', ')})` : '';
  const lateText =
    late.length > 0
      ? `Errors not checked in ${late.map((file) => displayPath(session, file)).join(', ')}: no answer within ${settings.timeoutMs / 1000} s (a language server may still be starting); use Diagnostics or LSP later.`
      : '';
  if (found.length === 0) {
    const shown = (files: readonly string[]) => files.map((file) => displayPath(session, file)).join(', ');
    const none =
      checked.length === 0
        ? ''
        : late.length === 0
          ? `No new errors${by}.`
          : `No new errors in ${shown(checked)}${by}.`;
    const parts = [none, lateText].filter((part) => part !== '');
    return parts.length === 0 ? '' : `\n${parts.join('\n')}`;
  }
  const lines = [`${plural(found.length, 'new error')}${by}:`];
  let used = lines[0]!.length;
  let shown = 0;
  for (const error of found) {
    const line =
      `${displayPath(session, error.file)}:${error.line}:${error.column} ${error.code ? `${error.code} ` : ''}${error.message}`.slice(
        0,
        300,
      );
    if (used + line.length > budget && shown > 0) break;
    lines.push(line);
    used += line.length + 1;
    shown++;
  }
  if (shown < found.length) lines.push(`… and ${found.length - shown} more (Diagnostics lists them all).`);
  if (lateText) lines.push(lateText);
  return `\n${lines.join('\n')}`;
}
