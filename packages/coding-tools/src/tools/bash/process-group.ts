/**
 * Process groups: a command runs as the leader of its own group (`detached: true`), so everything
 * it starts — pipelines, `&` jobs, grandchildren — can be signalled at once with `kill(-pgid)`.
 *
 * Liveness is read from /proc where it exists: `kill(-pgid, 0)` also succeeds while only zombies are
 * left (orphans whose reaper never waits for them, as under a minimal container init), which would
 * make every stop wait for the full grace period.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Sends `signal` to every process of group `pgid`; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** `/proc/<pid>/stat` fields after the command name: state, ppid, pgrp. */
function readStat(pid: string): { state: string; pgrp: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself contain spaces or parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', pgrp: Number(fields[2]) };
}

/** True when process `pid` exists and is not a zombie. */
export function processAlive(pid: number): boolean {
  const stat = readStat(String(pid));
  if (stat) return stat.state !== 'Z' && stat.state !== 'X';
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Pids of the living (non-zombie) members of group `pgid`, from /proc; undefined when /proc is not
 * available (then only {@link groupAlive}'s `kill(-pgid, 0)` answer is known).
 */
export function groupMembers(pgid: number): number[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && stat.pgrp === pgid && stat.state !== 'Z' && stat.state !== 'X') members.push(Number(entry));
  }
  return members;
}

/**
 * The living (non-zombie) members of every process group, counted in one pass over /proc; undefined
 * without /proc. Cheaper than {@link groupMembers} per group when many groups are checked at once.
 */
export function livingGroups(): Map<number, number> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const groups = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && stat.state !== 'Z' && stat.state !== 'X')
      groups.set(stat.pgrp, (groups.get(stat.pgrp) ?? 0) + 1);
  }
  return groups;
}

/** True while any non-zombie process of group `pgid` is left. */
export function groupAlive(pgid: number): boolean {
  const members = groupMembers(pgid);
  return members === undefined ? signalGroup(pgid, 0) : members.length > 0;
}

async function waitForGroupExit(pgid: number, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (groupAlive(pgid)) {
    if (performance.now() >= deadline) return false;
    await sleep(20);
  }
  return true;
}

/**
 * Stops the whole group: SIGTERM, then SIGKILL for whatever is still alive after `graceMs`.
 * Resolves once the group is gone (or SIGKILL was sent and another `graceMs` passed); returns
 * whether SIGKILL was needed.
 */
export async function terminateGroup(pgid: number, graceMs: number): Promise<{ forced: boolean }> {
  if (!signalGroup(pgid, 'SIGTERM')) return { forced: false };
  if (await waitForGroupExit(pgid, graceMs)) return { forced: false };
  signalGroup(pgid, 'SIGKILL');
  await waitForGroupExit(pgid, graceMs);
  return { forced: true };
}

/** Blocks the thread for `ms` (Atomics.wait: no busy loop), for waits where the event loop cannot run. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * {@link terminateGroup} for several groups at once, synchronously — for a process `exit` handler or
 * a synchronous dispose, where no timer can fire: SIGTERM to every group, a wait of at most
 * `graceMs` for all of them to end, then SIGKILL to the ones left (and up to `graceMs` more for
 * those to go). Returns the groups that needed SIGKILL.
 */
export function terminateGroupsSync(pgids: readonly number[], graceMs: number): number[] {
  const signalled = pgids.filter((pgid) => signalGroup(pgid, 'SIGTERM'));
  const waitForExit = (groups: readonly number[]): number[] => {
    const deadline = performance.now() + graceMs;
    let alive = groups.filter(groupAlive);
    while (alive.length > 0 && performance.now() < deadline) {
      sleepSync(20);
      alive = alive.filter(groupAlive);
    }
    return alive;
  };
  const stubborn = waitForExit(signalled);
  for (const pgid of stubborn) signalGroup(pgid, 'SIGKILL');
  waitForExit(stubborn);
  return stubborn;
}
