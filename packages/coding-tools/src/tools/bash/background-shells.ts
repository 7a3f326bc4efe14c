/**
 * The background processes of one session (`session.background`): started by Bash with
 * `run_in_background`, read by BashOutput, fed by BashInput, listed by BashList, stopped by
 * KillShell. Ids are `bash_1`, `bash_2`, … in the session. At most `maxProcesses` run at once; each
 * keeps at most `bufferBytes` of output. When the session is disposed — or the process hosting it
 * exits — every group still alive is stopped (SIGTERM, then SIGKILL after `killGraceMs`); should the
 * host die without running a handler (SIGKILL), the {@link OrphanReaper} does it. Nothing a session
 * started outlives it.
 */
import { NotFoundError, ToolsmithError } from '@toolsmith/core';
import { BackgroundShell, type StartShellOptions } from './background-shell.ts';
import { OrphanReaper } from './orphan-reaper.ts';
import { livingGroups, terminateGroupsSync } from './process-group.ts';

/** Limits of a session's background processes (an operator's settings). */
export interface BackgroundLimits {
  /** Background processes running at once; one more is refused until one ends. @default 10 */
  maxProcesses?: number;
  /** Output kept per process (a ring: the oldest is dropped, and the reader told). @default 1 MiB */
  bufferBytes?: number;
  /** Time between SIGTERM and SIGKILL when stopping a process group. @default 2000 */
  killGraceMs?: number;
}

export const DEFAULT_BACKGROUND_LIMITS: Required<BackgroundLimits> = {
  maxProcesses: 10,
  bufferBytes: 1024 * 1024,
  killGraceMs: 2000,
};

/** Finished processes kept (for their output and exit code) before the oldest is forgotten. */
const FINISHED_KEPT = 20;

export type StartOptions = Omit<StartShellOptions, 'id' | 'bufferBytes' | 'now'>;

/** `bash_1 (npm run dev)`: how a process is named in messages. */
export function shellLabel(shell: BackgroundShell): string {
  const command = shell.command.length > 60 ? `${shell.command.slice(0, 57)}…` : shell.command;
  return `${shell.id} (\`${command.replaceAll('\n', ' ')}\`)`;
}

export class BackgroundShells {
  readonly limits: Required<BackgroundLimits>;
  readonly #now: () => number;
  readonly #shells = new Map<string, BackgroundShell>();
  /** Ids of finished processes that were forgotten to keep the table small. */
  readonly #forgotten = new Set<string>();
  #next = 1;
  #disposed = false;
  /** Stops every group when the host process exits (registered while processes exist). */
  readonly #onExit = () => this.disposeSync('the end of the server');
  #exitHook = false;
  /** Started with the first process; told every group, and every group that is gone. */
  #reaper: OrphanReaper | undefined;
  /** Ids of the processes whose group the reaper no longer watches. */
  readonly #unwatched = new Set<string>();

  constructor(limits: BackgroundLimits = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_BACKGROUND_LIMITS, ...limits };
    this.#now = now;
  }

  /** Every process of the session, oldest first. */
  list(): BackgroundShell[] {
    return [...this.#shells.values()];
  }

  running(): BackgroundShell[] {
    return this.list().filter((shell) => shell.running);
  }

  /** Starts a command in the background; refused when `maxProcesses` are running. */
  async start(options: StartOptions): Promise<BackgroundShell> {
    if (this.#disposed) {
      throw new ToolsmithError('This session has ended: it starts no more background processes.', {
        code: 'session_ended',
      });
    }
    const running = this.running();
    if (running.length >= this.limits.maxProcesses) {
      throw new ToolsmithError(
        `Not started: ${running.length} background processes are running, the most this session allows (${this.limits.maxProcesses}): ${running.map(shellLabel).join(', ')}. Stop one you no longer need with KillShell (shell_id), or wait until one ends; BashList shows them all. The limit is the operator's setting (maxProcesses, --max-background-processes).`,
        { code: 'background_limit' },
      );
    }
    const id = `bash_${this.#next++}`;
    const shell = await BackgroundShell.start({
      ...options,
      id,
      bufferBytes: this.limits.bufferBytes,
      now: this.#now,
    });
    this.#shells.set(id, shell);
    if (!this.#exitHook) {
      process.once('exit', this.#onExit);
      this.#exitHook = true;
    }
    this.#reaper ??= OrphanReaper.start(this.limits.killGraceMs);
    this.#reaper?.watch(shell.pid);
    const alive = new Set(this.#alive());
    this.#sweep(alive);
    this.#forgetOldFinished(alive);
    return shell;
  }

  /** Stops `shell`'s whole group (KillShell); returns whether SIGKILL was needed. */
  async kill(shell: BackgroundShell, by: string): Promise<{ forced: boolean }> {
    const result = await shell.kill(by, this.limits.killGraceMs);
    this.#unwatch(shell);
    return result;
  }

  /** Un-lists with the reaper the groups that have ended: their pgid may be reused later. */
  #sweep(alive: ReadonlySet<BackgroundShell>): void {
    for (const shell of this.#shells.values()) {
      if (!this.#unwatched.has(shell.id) && !alive.has(shell)) this.#unwatch(shell);
    }
  }

  #unwatch(shell: BackgroundShell): void {
    if (this.#unwatched.has(shell.id)) return;
    this.#unwatched.add(shell.id);
    this.#reaper?.forget(shell.pid);
  }

  /** The processes whose group still has a living member (one pass over /proc for all). */
  #alive(): BackgroundShell[] {
    const groups = livingGroups();
    return this.list().filter((shell) =>
      groups === undefined ? shell.groupAlive() : shell.running || groups.has(shell.pid),
    );
  }

  #forgetOldFinished(alive: ReadonlySet<BackgroundShell>): void {
    const finished = this.list().filter((shell) => !alive.has(shell));
    for (const shell of finished.slice(0, Math.max(0, finished.length - FINISHED_KEPT))) {
      this.#unwatch(shell);
      this.#shells.delete(shell.id);
      this.#unwatched.delete(shell.id);
      this.#forgotten.add(shell.id);
    }
  }

  /** The process `id`; unknown ids are refused with the ones there are. */
  get(id: string, field = 'bash_id'): BackgroundShell {
    const shell = this.#shells.get(id.trim());
    if (shell) return shell;
    if (this.#forgotten.has(id.trim())) {
      throw new NotFoundError({
        message: `${id} finished long ago and was dropped from this session's list of background processes, with its output. Call BashList for the ones kept.`,
        resource: 'background process',
        id,
      });
    }
    const running = this.running();
    const finished = this.list().filter((shell) => !shell.running);
    const known = [
      running.length > 0 ? `Running: ${running.map(shellLabel).join(', ')}.` : 'None is running.',
      finished.length > 0 ? `Finished: ${finished.map((shell) => shell.id).join(', ')}.` : '',
    ].filter(Boolean);
    throw new NotFoundError({
      message:
        this.#shells.size === 0
          ? `No background process "${id}": none was started in this session. Start one with Bash and run_in_background: true; its id comes back in the answer.`
          : `No background process "${id}" in this session (${field} takes the id Bash gave, e.g. "bash_1"). ${known.join(' ')}`,
      resource: 'background process',
      id,
    });
  }

  /**
   * Stops every process group still alive, synchronously (SIGTERM, at most `killGraceMs` of
   * waiting, SIGKILL): for `session.dispose()` and the host's exit. Starts nothing afterwards.
   */
  disposeSync(by = 'the end of the session'): void {
    this.#disposed = true;
    this.#removeExitHook();
    const alive = this.#alive();
    const forced = new Set(
      terminateGroupsSync(
        alive.map((shell) => shell.pid),
        this.limits.killGraceMs,
      ),
    );
    for (const shell of alive) shell.markKilled(by, forced.has(shell.pid));
    this.#closeReaper();
  }

  /** {@link disposeSync} without blocking the event loop while processes take their time to end. */
  async dispose(by = 'the end of the session'): Promise<void> {
    this.#disposed = true;
    this.#removeExitHook();
    const alive = this.#alive();
    await Promise.all(alive.map((shell) => shell.kill(by, this.limits.killGraceMs)));
    this.#closeReaper();
  }

  /** Pid of the reaper, once started (tests). */
  get reaperPid(): number | undefined {
    return this.#reaper?.pid;
  }

  #closeReaper(): void {
    for (const shell of this.#shells.values()) this.#unwatch(shell);
    this.#reaper?.close();
    this.#reaper = undefined;
  }

  #removeExitHook(): void {
    if (this.#exitHook) process.off('exit', this.#onExit);
    this.#exitHook = false;
  }
}
