/**
 * The `conformance` target as CI runs it (this project's `test` target, inside `npm test`): the
 * official MCP conformance suite against the fixture server (every scored scenario of the
 * 2026-07-28 and 2025-11-25 requirement sets) and its transport scenarios against the Yandex
 * Tracker server on its emulator. No baseline of expected failures: a gap fails the run.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const RUN = fileURLToPath(new URL('./run-conformance.ts', import.meta.url));

function runConformance(): Promise<{ code: number | null; output: string }> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules: the runner runs as the Nx target runs it
  const child = spawn(process.execPath, ['--conditions=@toolsmith/source', RUN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

describe('nx run @toolsmith/conformance-server:conformance', () => {
  it('passes every scored scenario of both revisions, and the transport scenarios against the Tracker server', async () => {
    const { code, output } = await runConformance();
    // On failure, the diff shows everything the run printed.
    expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });
    for (const revision of ['2026-07-28', '2025-11-25']) {
      expect(output).toContain(
        `=== MCP conformance, requirements ${revision}, against the fixture server ===`,
      );
    }
    expect(output).toContain('Fixture server: conformance passed for every revision.');
    expect(output).toContain('yandex-tracker-mcp: all scenarios passed');
    expect(output).toMatch(/Conformance passed\.\s*$/);
  }, 240_000);
});
