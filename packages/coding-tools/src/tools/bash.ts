/**
 * Bash: runs one shell command (`<shell> -c <command>`) in the project, in its own process group.
 * stdout and stderr are interleaved in arrival order, as a terminal shows them. A timeout or an abort
 * stops the whole group (SIGTERM, then SIGKILL). Output beyond the inline budget is cut to its head
 * and tail, and the full output is saved to a file whose path the result gives.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { defineToolMetadata, NotFoundError, ValidationError, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import type { CodingSession, CodingToolsDeps } from '../session/coding-session.ts';
import { displayPath, refuseNulByte, resolveInRoot, suggestPaths } from '../session/resolve-path.ts';
import { OutputCollector, type CollectedOutput } from './bash/output-collector.ts';
import { runCommand, type CommandOutcome } from './bash/run-command.ts';
import { plural } from './shared/plural.ts';
import { CodingTool } from './shared/coding-tool.ts';
import type { PermissionProfile } from '../permissions/permission-rules.ts';

export const DEFAULT_BASH_TIMEOUT_MS = 120_000;
export const MAX_BASH_TIMEOUT_MS = 600_000;

/** The end of the refusal of a command with a NUL byte (no program argument can hold one). */
export const NUL_IN_COMMAND =
  "which no command line can hold. Remove it; to produce one, write it as an escape (printf '\\0').";

const BashParams = z.object({
  command: z
    .string()
    .min(1)
    .describe('The command to run, e.g. `npm test -- --watch=false`. Quote paths that contain spaces.'),
  timeout: z
    .number()
    .int()
    .min(1)
    .max(MAX_BASH_TIMEOUT_MS)
    .default(DEFAULT_BASH_TIMEOUT_MS)
    .describe(
      `Time limit in milliseconds (default ${DEFAULT_BASH_TIMEOUT_MS}, max ${MAX_BASH_TIMEOUT_MS}). When it passes, the command and everything it started are stopped.`,
    ),
  workdir: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Directory to run in, relative to the project root (default: the root). Use this instead of `cd`.',
    ),
  description: z
    .string()
    .optional()
    .describe('What the command does, in 5–10 words, e.g. "Run the unit tests of the parser".'),
  run_in_background: z
    .boolean()
    .default(false)
    .describe(
      'Start it in the background and return its id at once (dev servers, watchers, long builds); `timeout` does not apply. Read its output with BashOutput, type into it with BashInput, stop it with KillShell.',
    ),
});

/** The shell a session runs commands with. */
export function sessionShell(session: CodingSession): string {
  return session.options.shell ?? (existsSync('/bin/bash') ? '/bin/bash' : 'sh');
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function statusLine(outcome: CommandOutcome, timeoutMs: number): string {
  const took = formatDuration(outcome.durationMs);
  if (outcome.stoppedBy === 'timeout') {
    const how = outcome.forceKilled ? 'SIGTERM, then SIGKILL' : 'SIGTERM';
    return `Killed after ${timeoutMs} ms: the command did not finish within its timeout of ${timeoutMs} ms, so it and every process it started were stopped (${how}). If it needs longer, raise \`timeout\` (max ${MAX_BASH_TIMEOUT_MS}).`;
  }
  if (outcome.stoppedBy === 'abort')
    return `Cancelled after ${took}; the command and every process it started were stopped.`;
  if (outcome.exitCode !== null) return `Exit code ${outcome.exitCode} (${took})`;
  return `Killed by signal ${outcome.signal ?? 'unknown'} (${took})`;
}

export class BashTool extends CodingTool<typeof BashParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'Bash',
    title: 'Run shell command',
    description: [
      '[Shell/Run] Run a shell command in the project (bash -c, working directory = the project root or `workdir`) and get its exit code and output (stdout and stderr interleaved, in the order they were written).',
      `Default timeout ${DEFAULT_BASH_TIMEOUT_MS / 1000} s (max ${MAX_BASH_TIMEOUT_MS / 1000} s); on timeout the command and all its child processes are stopped and the output so far is returned. A non-zero exit is reported as "Exit code N", not as a failure of the tool.`,
      'Long output is cut to its first and last lines with a "[… N lines omitted …]" marker; the full output is saved to a file whose path is given. Each call is a fresh shell: `cd` and variables do not carry over (use `workdir`). stdin is closed, so interactive prompts get end-of-file. Background jobs (`&`) that still write to the output are stopped when the command ends; redirect their output to a file to keep them running.',
      'For a command that keeps running (a dev server, a watcher), set run_in_background: it gets an id at once; BashOutput, BashInput, BashList and KillShell work with it, and it is stopped when the session ends.',
      'Prefer Read, Grep, Glob, Edit and Write over cat, grep, find, sed and echo. Chain dependent commands with `&&`.',
    ].join('\n'),
    category: 'shell',
    toolset: 'shell',
    priority: 'high',
    tags: [
      'shell',
      'bash',
      'command',
      'run',
      'execute',
      'terminal',
      'test',
      'build',
      'npm',
      'git',
      'background',
      'server',
    ],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  override readonly permission: PermissionProfile = { kind: 'command' };

  protected override permissionSubjects(params: z.output<typeof BashParams>): string[] {
    return [params.command];
  }

  /** The default spill folder of each session (created on first use). */
  readonly #spillDirs = new WeakMap<CodingSession, string>();

  override getParamsSchema() {
    return BashParams;
  }

  #spillDir(session: CodingSession): string {
    const configured = session.options.outputDir;
    if (configured !== undefined) {
      const dir = path.resolve(session.root, configured);
      mkdirSync(dir, { recursive: true });
      return dir;
    }
    let dir = this.#spillDirs.get(session);
    if (dir === undefined || !existsSync(dir)) {
      dir = session.createTempDir('coding-tools-');
      this.#spillDirs.set(session, dir);
    }
    return dir;
  }

  #workdir(session: CodingSession, requested: string | undefined): string {
    if (requested === undefined) return session.root;
    const dir = resolveInRoot(session, requested, this.name, 'workdir');
    let isDirectory: boolean;
    try {
      isDirectory = statSync(dir).isDirectory();
    } catch {
      throw new NotFoundError({
        message: `workdir ${displayPath(session, dir)} does not exist. Give an existing directory relative to the project root ${session.root}, or create it first.`,
        resource: 'directory',
        id: requested,
        suggestions: suggestPaths(session, dir),
      });
    }
    if (!isDirectory) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'workdir',
            message: `${displayPath(session, dir)} is a file, not a directory. Give the directory to run in.`,
          },
        ],
      });
    }
    return dir;
  }

  async execute(params: z.output<typeof BashParams>, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const session = ctx.deps.session;
    refuseNulByte(params.command, this.name, 'command', NUL_IN_COMMAND);
    const cwd = this.#workdir(session, params.workdir);
    if (params.run_in_background) return this.#startInBackground(session, params, cwd);
    const collector = new OutputCollector(() =>
      path.join(this.#spillDir(session), `bash-${Date.now()}-${randomBytes(4).toString('hex')}.log`),
    );
    const stdout = new StringDecoder('utf8');
    const stderr = new StringDecoder('utf8');
    const outcome = await runCommand({
      file: sessionShell(session),
      args: ['-c', params.command],
      cwd,
      env: session.options.env ?? process.env,
      timeoutMs: params.timeout,
      signal: ctx.signal,
      onStdout: (chunk) => collector.write(stdout.write(chunk)),
      onStderr: (chunk) => collector.write(stderr.write(chunk)),
    });
    collector.write(stdout.end());
    collector.write(stderr.end());
    const output = await collector.finish();
    return this.#render(session, outcome, output, params.timeout);
  }

  async #startInBackground(
    session: CodingSession,
    params: z.output<typeof BashParams>,
    cwd: string,
  ): Promise<string> {
    const shell = await session.background.start({
      command: params.command,
      ...(params.description !== undefined ? { description: params.description } : {}),
      shell: sessionShell(session),
      cwd,
      env: session.options.env ?? process.env,
    });
    return `Started in the background as ${shell.id} (pid ${shell.pid}). Read its output with BashOutput (bash_id "${shell.id}"), type into it with BashInput, stop it with KillShell; it is stopped when the session ends.`;
  }

  #render(
    session: CodingSession,
    outcome: CommandOutcome,
    output: CollectedOutput,
    timeoutMs: number,
  ): string {
    const parts = [statusLine(outcome, timeoutMs)];
    if (outcome.stoppedBackground) {
      parts.push(
        'Note: background processes still writing to the output after the command exited were stopped. To keep one running, redirect its output: `cmd > out.log 2>&1 &`.',
      );
    }
    if (output.cut) {
      const where = output.spillPath
        ? (() => {
            const shown = displayPath(session, output.spillPath);
            return path.isAbsolute(shown)
              ? `Full output saved to ${shown}; search or page it with Bash (e.g. \`grep -n PATTERN ${shown}\`, \`sed -n '600,700p' ${shown}\`) instead of running the command again.`
              : `Full output saved to ${shown}; use Grep or Read (offset/limit) on it instead of running the command again.`;
          })()
        : 'The full output could not be saved.';
      parts.push(
        `Output: ${plural(output.totalLines, 'line')} (${output.totalChars} characters), too long to show whole; showing the first ${plural(output.headLines, 'line')} and the last ${plural(output.tailLines, 'line')}. ${where}`,
      );
    }
    const label = outcome.stoppedBy === 'timeout' ? 'Output before the kill:\n' : '';
    parts.push(output.text === '' ? `${label}(no output)` : `${label}${output.text.replace(/\n$/, '')}`);
    return parts.join('\n');
  }
}
