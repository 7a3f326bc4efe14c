/**
 * `npm run test:scale` as CI runs it (the project's `test` target, inside `npm test`): the real
 * CLI in a child process — three replicas behind nginx, both protocol eras, one replica killed
 * mid-run — judged by the JSON line it ends with.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

function runMain(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules: the CLI runs as `npm run test:scale` runs it
  const child = spawn(process.execPath, ['--conditions=@toolsmith/source', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run test:scale', () => {
  it('serves 100+ calls of both eras through nginx across a replica crash, none failed', async () => {
    const { code, stdout, stderr } = await runMain();
    let last: Record<string, unknown> = {};
    try {
      last = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
    } catch {
      // compared below, with the output
    }
    // On failure, the diff shows everything the run printed.
    const ok = code === 0 && last.failed === 0;
    expect({ code, failed: last.failed, output: ok ? '' : `${stdout}\n${stderr}` }).toEqual({
      code: 0,
      failed: 0,
      output: '',
    });
    expect(Object.keys(last).slice(0, 5)).toEqual(['replicas', 'calls', 'failed', 'p50_ms', 'p99_ms']);
    expect(last).toMatchObject({ replicas: 3, failed: 0, killed_in_flight: true });
    expect(last.calls).toBeGreaterThanOrEqual(100);
    expect(last.legacy_calls).toBeGreaterThan(0);
    expect(last.modern_calls).toBeGreaterThan(0);
    expect(last.writes).toBeGreaterThan(0);
    // The kill caught a read-only call in flight; the client retried it.
    expect(last.read_retries).toBeGreaterThanOrEqual(1);
    // After the kill nginx found the dead replica refusing connections and moved requests on.
    expect(last.nginx_next_upstream).toBeGreaterThanOrEqual(1);
    expect(last.p99_ms).toBeGreaterThanOrEqual(last.p50_ms as number);
    expect(stderr).not.toMatch(/FAILED/);
  }, 120_000);
});
