/**
 * The last guard for background processes: a tiny `/bin/sh` loop, in a process group of its own,
 * that is told each group the session starts (`+<pgid>`) and each it has stopped (`-<pgid>`) through
 * its stdin. When its stdin closes — the host exited or was killed, even by SIGKILL, when no handler
 * of ours runs — it sends SIGTERM to every group still listed, waits up to the grace period for them
 * to end, and SIGKILLs the rest. A normal end stops the groups first (the session's dispose) and
 * un-lists them, so the reaper finds nothing to do.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Writable } from 'node:stream';

/** `$1`: tenths of a second to wait between SIGTERM and SIGKILL. */
const REAPER_SCRIPT = `
groups=" "
while IFS= read -r line; do
  case "$line" in
    +*) groups="$groups\${line#+} " ;;
    -*) gone=\${line#-}; kept=" "
        for g in $groups; do [ "$g" = "$gone" ] || kept="$kept$g "; done
        groups=$kept ;;
  esac
done
[ "$groups" = " " ] && exit 0
for g in $groups; do kill -TERM -$g 2>/dev/null; done
i=0
while [ $i -lt "$1" ]; do
  alive=""
  for g in $groups; do kill -0 -$g 2>/dev/null && alive="$alive $g"; done
  [ -z "$alive" ] && exit 0
  sleep 0.1
  i=$((i + 1))
done
for g in $groups; do kill -KILL -$g 2>/dev/null; done
`;

export class OrphanReaper {
  readonly #child: ChildProcessByStdio<Writable, null, null>;

  private constructor(child: ChildProcessByStdio<Writable, null, null>) {
    this.#child = child;
  }

  /** Starts the reaper; undefined where there is no `/bin/sh` (the exit hook still guards). */
  static start(graceMs: number): OrphanReaper | undefined {
    try {
      const child = spawn(
        '/bin/sh',
        ['-c', REAPER_SCRIPT, 'coding-tools-reaper', String(Math.ceil(graceMs / 100))],
        {
          cwd: '/',
          detached: true,
          stdio: ['pipe', 'ignore', 'ignore'],
        },
      );
      child.on('error', () => {});
      child.stdin.on('error', () => {});
      // It must neither keep the host alive nor go down with the host's process group.
      child.unref();
      (child.stdin as unknown as { unref?: () => void }).unref?.();
      return new OrphanReaper(child);
    } catch {
      return undefined;
    }
  }

  /** Pid of the reaper (tests). */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  watch(pgid: number): void {
    this.#child.stdin.write(`+${pgid}\n`);
  }

  forget(pgid: number): void {
    this.#child.stdin.write(`-${pgid}\n`);
  }

  /** Ends the reaper: it stops whatever is still listed, and exits. */
  close(): void {
    this.#child.stdin.end();
  }
}
