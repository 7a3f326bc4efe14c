import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';

const BIN = fileURLToPath(new URL('../../../node_modules/.bin/toolsmith-bundle', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolsmith-bundle-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Preloaded into the bin's process: prints where `@toolsmith/core/node-version` resolves from the
 * bundle tool's folder, under the bin's own conditions (require honours `--conditions` as import does).
 */
const PROBE = `import { createRequire } from 'node:module';
process.stderr.write('resolved:' + createRequire(process.env.PROBE_FROM).resolve('@toolsmith/core/node-version') + '\\n');
`;

/** Runs the `toolsmith-bundle` bin as Nx does, through its shebang, with the probe preloaded. */
function runBin(args: string[]) {
  const probe = join(dir, 'probe.mjs');
  writeFileSync(probe, PROBE);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      BIN,
      args,
      {
        timeout: 20_000,
        env: { ...process.env, NODE_OPTIONS: `--import=${probe}`, PROBE_FROM: import.meta.filename },
      },
      (_e, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('toolsmith-bundle bin', () => {
  it('resolves workspace packages to their sources, so it runs before any package is built', async () => {
    // On a fresh clone no dist/ exists when Nx runs `bundle` beside the builds: the bin must not
    // import @toolsmith/core's dist (it did, and CI failed whenever core:build had not finished).
    const { code, stdout, stderr } = await runBin(['--help']);
    expect({ code, stderr }).toMatchObject({ code: 0 });
    expect(stdout + stderr).toContain('Usage: toolsmith-bundle');
    expect(stderr).toMatch(/resolved:\S*\/packages\/core\/src\/node-version\.ts/);
  });
});
