/** The machine a run was measured on, printed at the top of every report. */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed version of `pkg`: the nearest package.json named `pkg` above its entry point. */
function versionOf(pkg: string): string {
  try {
    let dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
    while (dir !== dirname(dir)) {
      const file = join(dir, 'package.json');
      if (existsSync(file)) {
        const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (json.name === pkg) return json.version ?? 'unknown';
      }
      dir = dirname(dir);
    }
  } catch {
    // fall through
  }
  return 'unknown';
}

/** 1-minute load average against the core count: other work on the machine inflates wall-clock figures. */
export function loadInfo(): string {
  const [one, five] = os.loadavg();
  const cores = os.availableParallelism();
  const busy =
    (one ?? 0) > cores * 0.5 ? ' — the machine is busy: wall-clock figures are inflated, compare ratios' : '';
  return `load avg  ${(one ?? 0).toFixed(2)} (1 min), ${(five ?? 0).toFixed(2)} (5 min) on ${cores} cores${busy}`;
}

export function machineInfo(): string[] {
  const cpus = os.cpus();
  return [
    `date      ${new Date().toISOString()}`,
    `cpu       ${cpus[0]?.model.trim() ?? 'unknown'} — ${cpus.length} logical cores (available parallelism ${os.availableParallelism()})`,
    `memory    ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; ${os.type()} ${os.release()} ${os.arch()}`,
    `node      ${process.version} (V8 ${process.versions.v8})`,
    loadInfo(),
    `packages  @modelcontextprotocol/server ${versionOf('@modelcontextprotocol/server')}, zod ${versionOf('zod')}, zod-to-json-schema ${versionOf('zod-to-json-schema')}`,
  ];
}
