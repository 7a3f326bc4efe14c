/** What else the machine was doing while a benchmark ran: CPU of processes, load average, hypervisor steal (Linux /proc). */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** CPU time (user + system) processes have used so far, in ms, from /proc (Linux; 10 ms ticks; undefined elsewhere). */
export function processesCpuMs(pids: readonly (number | null | undefined)[]): number | undefined {
  if (process.platform !== 'linux') return undefined;
  let ticks = 0;
  for (const pid of pids) {
    if (pid === null || pid === undefined) return undefined;
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return undefined;
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Machine-wide CPU ticks (Linux /proc/stat): all, and stolen by the hypervisor. */
function machineTicks(): { total: number; steal: number } | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      ?.trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (!fields || fields.length < 8) return undefined;
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] as number };
  } catch {
    return undefined;
  }
}

/** Runs `work` and notes the machine meanwhile in `into`: 1-minute load average after it, CPU stolen by the hypervisor. */
export async function watched<T>(label: string, work: () => Promise<T>, into: string[]): Promise<T> {
  const before = machineTicks();
  const result = await work();
  const after = machineTicks();
  const steal =
    before && after && after.total > before.total
      ? `, ${((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1)} % of CPU time stolen by the hypervisor`
      : '';
  into.push(`${label}: load average ${(loadavg()[0] ?? 0).toFixed(2)} after${steal}.`);
  return result;
}
