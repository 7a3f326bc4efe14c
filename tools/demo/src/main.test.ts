/**
 * `npm run demo -- --help` (main.ts in a child process, from source, as the root script runs it):
 * usage on stdout and exit 0, with or before a demo's name; an unknown demo or a stray argument is
 * refused with exit 2, naming the demos. No demo runs.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

function demo(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env['NODE_OPTIONS']; // jest's --experimental-vm-modules is not the user's
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--conditions=@toolsmith/source', MAIN, ...args],
      { env, timeout: 20_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('npm run demo -- --help', () => {
  it.each([
    { args: ['--help'] },
    { args: ['-h'] },
    { args: ['team', '--help'] },
    { args: ['--help', 'bookshelf'] },
  ])(
    '$args prints the usage with every demo and exits 0',
    async ({ args }) => {
      const { code, stdout, stderr } = await demo(...args);
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout.split('\n')[0]).toBe('Usage: npm run demo -- [<name>]');
      for (const name of ['tracker', 'clickup', 'team', 'bookshelf']) {
        expect(stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
      }
    },
    30_000,
  );

  it('refuses an unknown demo and a stray argument with exit 2, naming the demos', async () => {
    const [unknown, stray] = await Promise.all([demo('jira'), demo('clickup', 'now')]);
    expect(unknown).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(
        /^Unknown demo "jira"\. The demos: tracker \(the default\), clickup, team, bookshelf\.\nRun with --help/,
      ),
    });
    expect(stray).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/^Unexpected argument "now": a demo takes no arguments\./),
    });
  }, 30_000);
});
