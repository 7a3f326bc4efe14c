import { describe, expect, it } from '@jest/globals';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runStandalone, serverCommand } from './run-standalone.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const DISPATCHER = join(ROOT, 'scripts/emulator.mjs');

async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await runStandalone(argv, {
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    stopped: Promise.resolve(),
  });
  return { code, out, err };
}

async function runDispatcher(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--conditions=@toolsmith/source',
      DISPATCHER,
      ...args,
    ]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the standalone command', () => {
  it('prints help, refuses bad arguments (2) and a taken port (1)', async () => {
    const help = await run(['clickup', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run emulator -- clickup [--host <host>] [--port <port>]');
    expect((await run(['--port', '70000'])).code).toBe(2);
    expect((await run(['clickup', 'extra'])).err).toContain('Unexpected argument "extra"');
    expect((await run(['--prot', '1'])).err).toContain("Unknown option '--prot'");
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const second = await run(['--port', String(port)]);
      expect(second.code).toBe(1);
      expect(second.err).toContain(`Cannot listen on 127.0.0.1:${port}`);
    } finally {
      taken.close();
    }
  });

  it('runs through `npm run emulator -- clickup`: prints base URL, token and team id and the command that starts clickup-mcp against it, serves until SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=@toolsmith/source', DISPATCHER, 'clickup', '--port', '0'],
      // From the repository root, as `npm run emulator` runs: the server's path is relative to it.
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('stops the emulator')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready: ${out}`)));
      });
      const env = Object.fromEntries(
        [...out.matchAll(/^ {2}(CLICKUP_\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]),
      );
      expect(Object.keys(env)).toEqual(['CLICKUP_API_BASE', 'CLICKUP_API_TOKEN', 'CLICKUP_TEAM_ID']);
      expect(env['CLICKUP_API_BASE']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
      expect(out).toContain(`ClickUp emulator (workspace ${env['CLICKUP_TEAM_ID']}`);
      const start = /^Start clickup-mcp against it:\n {2}(.+)$/m.exec(out)?.[1];
      expect(start).toBe(
        `CLICKUP_API_BASE=${env['CLICKUP_API_BASE']} CLICKUP_API_TOKEN=${env['CLICKUP_API_TOKEN']} ` +
          `CLICKUP_TEAM_ID=${env['CLICKUP_TEAM_ID']} node --conditions=@toolsmith/source ` +
          'apps/clickup/src/bin/clickup-mcp.ts --transport http --port 3001',
      );
      const response = await fetch(`${env['CLICKUP_API_BASE']}/team`, {
        headers: { authorization: env['CLICKUP_API_TOKEN']! },
      });
      const teams = ((await response.json()) as { teams: Array<{ id: string }> }).teams;
      expect(teams[0]!.id).toBe(env['CLICKUP_TEAM_ID']);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      expect(out).toMatch(/Emulator stopped\.\n$/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);

  it('names the published package when the server source is not there', () => {
    expect(serverCommand(new URL('file:///nowhere/clickup-mcp.ts'))).toBe(
      'npx -y @toolsmith/clickup-mcp --transport http --port 3001',
    );
  });

  it('the dispatcher lists the emulators, refuses an unknown name and passes --help on to each emulator', async () => {
    const [help, unknown, tracker, clickup] = await Promise.all([
      runDispatcher(['--help']),
      runDispatcher(['jira']),
      runDispatcher(['yandex-tracker', '--help']),
      runDispatcher(['clickup', '-h']),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Emulators: yandex-tracker, clickup');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'Unknown emulator "jira". Available emulators: yandex-tracker, clickup.',
    );
    expect(tracker.code).toBe(0);
    expect(tracker.stdout).toMatch(/yandex-tracker +Yandex Tracker API/);
    expect(clickup).toEqual({
      code: 0,
      stdout: expect.stringMatching(/^Usage: npm run emulator -- clickup /),
      stderr: '',
    });
  }, 30_000);
});
