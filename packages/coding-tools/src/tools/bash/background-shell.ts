/**
 * One background process: `<shell> -c <command>` started as the leader of its own process group,
 * with stdin open for BashInput and stdout and stderr kept, interleaved in arrival order, in an
 * {@link OutputRing}. Nothing waits for it: its status, exit code and output are read when asked.
 * Stopping it stops its whole group (SIGTERM, then SIGKILL after a grace period).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { Readable, Writable } from 'node:stream';
import { OutputRing, type OutputSince } from './output-ring.ts';
import { groupMembers, livingGroups, processAlive, terminateGroup } from './process-group.ts';

export interface StartShellOptions {
  id: string;
  command: string;
  description?: string;
  /** The shell that runs `command` with `-c`. */
  shell: string;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Bytes of output kept; older output is dropped. */
  bufferBytes: number;
  now: () => number;
}

/** How a background process ended, or that it has not. */
export type ShellState =
  | { status: 'running' }
  | { status: 'exited'; exitCode: number }
  | { status: 'signalled'; signal: NodeJS.Signals }
  /** Stopped by KillShell or the session's end. */
  | { status: 'killed'; by: string; forced: boolean };

export class BackgroundShell {
  readonly id: string;
  readonly command: string;
  readonly description: string | undefined;
  readonly cwd: string;
  /** Pid of the shell, and the id of its process group. */
  readonly pid: number;
  /** Epoch ms. */
  readonly startedAt: number;
  readonly #now: () => number;
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #ring: OutputRing;
  /** Position in the output up to which the model has read. */
  #cursor = 0;
  #state: ShellState = { status: 'running' };
  #endedAt: number | undefined;
  #stopping: string | undefined;
  #inputClosed = false;
  /** Resolves when the shell has exited (its group may live on). */
  readonly exited: Promise<void>;
  /** Resolves when the shell has exited and its output pipes are closed. */
  readonly #closed: Promise<void>;

  private constructor(options: StartShellOptions, child: ChildProcessByStdio<Writable, Readable, Readable>) {
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#ended(code, signal);
        resolve();
      });
    });
    this.#closed = new Promise((resolve) => child.once('close', () => resolve()));
    this.id = options.id;
    this.command = options.command;
    this.description = options.description;
    this.cwd = options.cwd;
    this.pid = child.pid!;
    this.#now = options.now;
    this.startedAt = options.now();
    this.#child = child;
    this.#ring = new OutputRing(options.bufferBytes);
  }

  /** Spawns the command; rejects only when the shell cannot be started (ENOENT, EACCES). */
  static async start(options: StartShellOptions): Promise<BackgroundShell> {
    const child = spawn(options.shell, ['-c', options.command], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    // Later errors (a failed kill, input written to a process that has gone) must not crash us.
    child.on('error', () => {});
    child.stdin.on('error', () => {});
    const shell = new BackgroundShell(options, child);
    const ring = shell.#ring;
    const stdout = new StringDecoder('utf8');
    const stderr = new StringDecoder('utf8');
    child.stdout.on('data', (chunk: Buffer) => ring.write(stdout.write(chunk)));
    child.stderr.on('data', (chunk: Buffer) => ring.write(stderr.write(chunk)));
    child.stdout.once('end', () => ring.write(stdout.end()));
    child.stderr.once('end', () => ring.write(stderr.end()));
    // Node keeps the event loop alive for a child and its pipes: a background process must not
    // keep the host from exiting (the session's exit hook stops it then).
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) {
      (stream as unknown as { unref?: () => void }).unref?.();
    }
    return shell;
  }

  #ended(code: number | null, signal: NodeJS.Signals | null): void {
    this.#endedAt ??= this.#now();
    if (this.#stopping !== undefined) return; // kill() records how it ended
    this.#state =
      code !== null ? { status: 'exited', exitCode: code } : { status: 'signalled', signal: signal! };
  }

  get state(): ShellState {
    return this.#state;
  }

  get running(): boolean {
    return this.#state.status === 'running' && this.#endedAt === undefined;
  }

  /** Milliseconds it ran (so far, when still running). */
  get runtimeMs(): number {
    return (this.#endedAt ?? this.#now()) - this.startedAt;
  }

  get inputClosed(): boolean {
    return this.#inputClosed;
  }

  /**
   * How many processes of its group other than the shell are alive (what it started and left
   * running); `groups` ({@link livingGroups}) saves a pass over /proc when many are asked at once.
   */
  leftovers(groups: ReadonlyMap<number, number> | undefined = livingGroups()): number {
    if (groups === undefined) return (groupMembers(this.pid) ?? []).filter((pid) => pid !== this.pid).length;
    const members = groups.get(this.pid) ?? 0;
    return Math.max(0, members - (processAlive(this.pid) ? 1 : 0));
  }

  /** True while any process of its group is alive. */
  groupAlive(): boolean {
    return this.running || this.leftovers() > 0;
  }

  /** Bytes written that the model has not read yet (dropped ones included). */
  get unreadBytes(): number {
    return this.#ring.end - this.#cursor;
  }

  get bufferBytes(): number {
    return this.#ring.capacity;
  }

  /** The output since the last read; {@link advance} marks how much of it was read. */
  unread(): OutputSince {
    return this.#ring.since(this.#cursor);
  }

  advance(position: number): void {
    this.#cursor = Math.max(this.#cursor, position);
  }

  /** Position just after the last byte written. */
  get outputEnd(): number {
    return this.#ring.end;
  }

  /** Writes to its stdin; resolves once the pipe took it. */
  async write(input: string): Promise<void> {
    const stdin = this.#child.stdin;
    await new Promise<void>((resolve, reject) => {
      stdin.write(input, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Closes its stdin: the process reads end-of-file. */
  closeInput(): void {
    this.#inputClosed = true;
    this.#child.stdin.end();
  }

  /**
   * Stops its whole group: SIGTERM, then SIGKILL after `graceMs` for what is left. `by` says who
   * (KillShell, the session's end). Returns whether SIGKILL was needed.
   */
  async kill(by: string, graceMs: number): Promise<{ forced: boolean }> {
    const wasRunning = this.running;
    this.#stopping = by;
    const { forced } = await terminateGroup(this.pid, graceMs);
    // Let the last output arrive, unless something outside the group still holds the pipes.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    if (wasRunning) this.#state = { status: 'killed', by, forced };
    this.#closePipes();
    return { forced };
  }

  /** Records a stop made for many groups at once (terminateGroupsSync). */
  markKilled(by: string, forced: boolean): void {
    if (this.running) {
      this.#stopping = by;
      this.#state = { status: 'killed', by, forced };
      this.#endedAt = this.#now();
    }
    this.#closePipes();
  }

  #closePipes(): void {
    this.#child.stdin.destroy();
    // A process that left the group (setsid) may still hold the pipes: stop listening to it.
    this.#child.stdout.destroy();
    this.#child.stderr.destroy();
  }
}
