import { afterEach, describe, expect, it } from '@jest/globals';
import { createFakeApi, type FakeApi } from '@toolsmith/testing';
import { parseToolDefinition } from '../loader/index.ts';
import { HealthChecker } from './health-checker.ts';

const tool = (id: string, healthCheck: string) =>
  parseToolDefinition(
    `tool:\n  schema_version: 2.0\n  id: ${id}\n  type: api\n  name: ${id}\n  version: 1.0.0\n  description: test tool\n  health_check:\n${healthCheck
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}\n`,
    { file: `${id}.tool.yaml`, baseDir: '/tmp' },
  );

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('HealthChecker', () => {
  it('tool_call: healthy when the call resolves, unhealthy on error results, throws and timeouts', async () => {
    const calls: string[] = [];
    const checker = new HealthChecker({
      callTool: async (name) => {
        calls.push(name);
        if (name === 'broken') throw new Error('connection refused');
        if (name === 'erroring') return { isError: true, content: [] };
        if (name === 'stuck') return new Promise(() => {});
        return { content: [] };
      },
    });
    const check = (name: string) =>
      tool(name.replace('_', '-'), `method: tool_call\ntool_call: { name: ${name}, timeout_ms: 50 }`);
    expect(await checker.check(await check('ok_tool'))).toMatchObject({
      status: 'healthy',
      method: 'tool_call',
    });
    expect(await checker.check(await check('broken'))).toMatchObject({
      status: 'unhealthy',
      message: 'broken failed: connection refused',
    });
    expect(await checker.check(await check('erroring'))).toMatchObject({
      status: 'unhealthy',
      message: 'erroring answered with an error',
    });
    const started = Date.now();
    expect(await checker.check(await check('stuck'))).toMatchObject({
      status: 'unhealthy',
      message: 'stuck failed: no answer within 50 ms',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(calls).toEqual(['ok_tool', 'broken', 'erroring', 'stuck']);
  });

  it('command: exit code 0 is healthy; a failing or missing program is not', async () => {
    const checker = new HealthChecker();
    expect(await checker.check(await tool('yes', 'command: "true"'))).toMatchObject({
      status: 'healthy',
      method: 'command',
    });
    expect(await checker.check(await tool('no', 'command: "false"'))).toMatchObject({
      status: 'unhealthy',
      message: '"false" exited with code 1',
    });
    expect(
      (await checker.check(await tool('missing', 'command: definitely-not-a-program --version'))).message,
    ).toMatch(/could not run "definitely-not-a-program"/);
  });

  it('http: checks the status against expect_status (default 2xx) with a timeout', async () => {
    api = await createFakeApi({
      routes: { 'GET /up': () => ({ json: {} }), 'GET /teapot': () => ({ status: 418 }) },
    });
    const checker = new HealthChecker();
    expect(await checker.check(await tool('up', `http: ${api.url}/up`))).toMatchObject({
      status: 'healthy',
      method: 'http',
    });
    expect(
      await checker.check(await tool('tea', `http: { url: "${api.url}/teapot", expect_status: 418 }`)),
    ).toMatchObject({
      status: 'healthy',
    });
    expect(await checker.check(await tool('down', `http: ${api.url}/teapot`))).toMatchObject({
      status: 'unhealthy',
      message: `GET ${api.url}/teapot answered 418`,
    });
    api.faults.add({ kind: 'hang' });
    expect(await checker.check(await tool('slow', `timeout_ms: 100\nhttp: ${api.url}/up`))).toMatchObject({
      status: 'unhealthy',
      message: `GET ${api.url}/up failed: no answer within 100 ms`,
    });
  });

  it('caches results for the TTL and re-checks after it', async () => {
    let now = 1_000;
    let calls = 0;
    const checker = new HealthChecker({ now: () => now, ttlMs: 60_000, callTool: async () => void calls++ });
    const definition = await tool('cached', 'tool_call: { name: ping }');
    expect((await checker.check(definition)).cached).toBe(false);
    now += 59_000;
    expect((await checker.check(definition)).cached).toBe(true);
    now += 2_000;
    expect((await checker.check(definition)).cached).toBe(false);
    expect(calls).toBe(2);
  });

  it('checkAll fails fast on required tools and warns or skips optional ones', async () => {
    const checker = new HealthChecker({ callTool: async () => Promise.reject(new Error('down')) });
    const report = await checker.checkAll([
      { definition: await tool('core-tool', 'tool_call: { name: a }\nrequired: true') },
      {
        definition: await tool(
          'nice-tool',
          "tool_call: { name: b }\non_failure: { action: warn, message: 'Nice tool offline.' }",
        ),
      },
      { definition: await tool('skip-tool', 'tool_call: { name: c }\non_failure: { action: skip }') },
      { definition: await tool('quiet-tool', 'enabled: false') },
    ]);
    expect(report.ok).toBe(false);
    expect(report.failures).toEqual([{ toolId: 'core-tool', message: 'a failed: down' }]);
    expect(report.warnings).toEqual([
      { toolId: 'nice-tool', message: 'Nice tool offline. (b failed: down)' },
    ]);
    expect(report.skipped).toEqual(['skip-tool']);
    expect(report.results.find((r) => r.toolId === 'quiet-tool')?.status).toBe('disabled');
  });
});
