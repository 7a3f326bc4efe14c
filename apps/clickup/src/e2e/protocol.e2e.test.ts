/**
 * The ClickUp server as users run it: the bin over stdio and over Streamable HTTP on 127.0.0.1,
 * driven by the SDK v2 client of both protocol eras, against the emulator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { createClickUpEmulator, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { resultText } from '@toolsmith/testing';
import {
  BIN,
  emulatorEnv,
  serverEnv,
  startStdio,
  type ClickUpHarness,
} from './__fixtures__/clickup-harness.ts';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanup.splice(0).map((close) => close()));
});

describe.each(['legacy', 'modern'] as const)('stdio, %s era', (era) => {
  it('lists the default toolsets, reads by custom id, and refuses a bad write before the API', async () => {
    const h: ClickUpHarness = await startStdio({ era, args: [] });
    cleanup.push(() => h.close());
    const { tools } = await h.connection.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['clickup_get_task', 'clickup_create_task', 'clickup_set_custom_field_value']),
    );
    expect(names).not.toContain('clickup_start_timer'); // time: not a default toolset
    const task = await h.call('clickup_get_task', { task_id: 'DEV-1' });
    expect(task.json).toMatchObject({ customId: 'DEV-1' });
    const before = h.emulator.requests.filter((r) => r.method !== 'GET').length;
    const refused = await h.call('clickup_create_task', {
      list_id: '901510000002',
      name: 'x',
      status: 'in review',
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/triaged/);
    expect(h.emulator.requests.filter((r) => r.method !== 'GET').length).toBe(before);
  }, 60_000);
});

describe('Streamable HTTP', () => {
  let emulator: ClickUpEmulator;
  let server: ChildProcess;
  let url: string;
  afterAll(async () => {
    server?.kill('SIGTERM');
    await emulator?.close();
  });

  it.each(['legacy', 'modern'] as const)(
    'serves a %s-era client on 127.0.0.1',
    async (era) => {
      if (!server) {
        emulator = await createClickUpEmulator();
        server = spawn(
          process.execPath,
          ['--conditions=@toolsmith/source', BIN, '--transport', 'http', '--port', '0'],
          {
            env: serverEnv(emulatorEnv(emulator)),
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        );
        url = await new Promise<string>((resolve, reject) => {
          let log = '';
          server.stderr!.on('data', (chunk: Buffer) => {
            log += chunk.toString();
            const match = /"url":"(http:\/\/127\.0\.0\.1:\d+\/mcp)"/.exec(log);
            if (match) resolve(match[1]!);
          });
          server.once('exit', (code) => reject(new Error(`server exited (${code}): ${log}`)));
        });
      }
      const client = new Client(
        { name: 'clickup-e2e', version: '1.0.0' },
        { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
      );
      cleanup.push(() => client.close());
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.callTool({
        name: 'clickup_get_task',
        arguments: { task_id: 'DEV-1', include: ['dates'] },
      });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(resultText(result))).toMatchObject({
        customId: 'DEV-1',
        dates: { created: expect.any(String) },
      });
    },
    60_000,
  );
});
