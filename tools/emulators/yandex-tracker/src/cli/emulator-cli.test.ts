import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { trackerStandalone } from '../standalone.ts';
import { runEmulatorCli } from './emulator-cli.ts';

const emulators = { 'yandex-tracker': trackerStandalone };

/** Runs the CLI in process; `stop` ends a started emulator right after it prints. */
async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await runEmulatorCli(argv, emulators, {
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    stopped: Promise.resolve(),
  });
  return { code, out, err };
}

describe('npm run emulator', () => {
  it('prints help with the emulators and options', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    expect(out).toContain('Usage: npm run emulator -- <name>');
    expect(out).toMatch(/yandex-tracker +Yandex Tracker API/);
    expect(out).toContain('--port <port>');
  });

  it('names the emulator asked about in the usage line (-- yandex-tracker --help)', async () => {
    const { code, out } = await run(['yandex-tracker', '--help']);
    expect(code).toBe(0);
    expect(out).toContain('Usage: npm run emulator -- yandex-tracker [--host <host>]');
  });

  it('refuses an unknown or missing name, listing the emulators, with exit code 2', async () => {
    const unknown = await run(['clickup']);
    expect(unknown).toEqual({
      code: 2,
      out: '',
      err: 'Unknown emulator "clickup". Available emulators: yandex-tracker.\nRun with --help for the options.\n',
    });
    expect((await run([])).err).toContain('Name an emulator to run. Available emulators: yandex-tracker.');
    expect((await run(['yandex-tracker', '--port', '70000'])).code).toBe(2);
    expect((await run(['yandex-tracker', '--prot', '1'])).err).toContain("Unknown option '--prot'");
    expect((await run(['yandex-tracker', 'extra'])).code).toBe(2);
  });

  it('says so when the port is taken (exit code 1)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const second = await run(['yandex-tracker', '--port', String(port)]);
      expect(second.code).toBe(1);
      expect(second.err).toContain(`Cannot listen on 127.0.0.1:${port}`);
    } finally {
      taken.close();
    }
  });

  it('serves the API on the printed URL with the printed token until SIGTERM, then exits 0', async () => {
    const main = fileURLToPath(new URL('../main.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@toolsmith/source', main, 'yandex-tracker', '--port', '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let out = '';
      child.stdout.setEncoding('utf8');
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          if (out.includes('stops the emulator')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready: ${out}`)));
      });
      await ready;
      const env = Object.fromEntries(
        [...out.matchAll(/^ {2}(YANDEX_\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]),
      );
      expect(Object.keys(env)).toEqual(['YANDEX_TRACKER_API_BASE', 'YANDEX_TRACKER_TOKEN', 'YANDEX_ORG_ID']);
      expect(out).toContain(
        `Yandex Tracker emulator (queues DEMO, OPS, WEB) on ${env['YANDEX_TRACKER_API_BASE']}\n`,
      );
      expect(out).toMatch(
        /Start yandex-tracker-mcp against it:\n {2}YANDEX_TRACKER_API_BASE=\S+ YANDEX_TRACKER_TOKEN=\S+ YANDEX_ORG_ID=\S+ node --conditions=@toolsmith\/source \S*apps\/yandex-tracker\/src\/bin\/yandex-tracker-mcp\.ts --transport http/,
      );

      const response = await fetch(`${env['YANDEX_TRACKER_API_BASE']}/v3/myself`, {
        headers: { authorization: `OAuth ${env['YANDEX_TRACKER_TOKEN']}`, 'x-org-id': env['YANDEX_ORG_ID']! },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { login: string }).login).toBe('alice');

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      expect(out).toMatch(/Emulator stopped\.\n$/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 30_000);
});
