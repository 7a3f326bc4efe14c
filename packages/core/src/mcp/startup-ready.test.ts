import { describe, expect, it } from '@jest/globals';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { BaseTool } from '../tool/base-tool.ts';
import { defineToolMetadata } from '../tool/tool-metadata.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { createMcpServer } from './create-mcp-server.ts';
import { signalStartupReady } from './startup-ready.ts';

const READY = Symbol.for('toolsmith.startupReady');
const holder = globalThis as { [READY]?: unknown };
const tick = () => new Promise((resolve) => setImmediate(resolve));

class PingTool extends BaseTool<unknown, z.ZodObject> {
  static override readonly METADATA = defineToolMetadata({
    name: 'ping',
    description: 'Answers pong.',
    category: 'test',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });
  override getParamsSchema() {
    return z.object({});
  }
  async execute() {
    return { pong: true };
  }
}

describe('signalStartupReady', () => {
  it('calls the hook a bundled bin installed once, after the current turn, and removes it', async () => {
    let calls = 0;
    holder[READY] = () => calls++;
    signalStartupReady();
    signalStartupReady();
    expect(calls).toBe(0);
    expect(READY in holder).toBe(false);
    await tick();
    expect(calls).toBe(1);
  });

  it('does nothing without a hook (tests, servers run from source) or with one that is not a function', async () => {
    expect(() => signalStartupReady()).not.toThrow();
    holder[READY] = 'not a function';
    signalStartupReady();
    await tick();
    expect(holder[READY]).toBe('not a function');
    delete holder[READY];
  });

  it.each(['tools/list', 'tools/call'])('a server signals it at its first %s answer', async (method) => {
    let calls = 0;
    holder[READY] = () => calls++;
    const server = createMcpServer({
      name: 'ready',
      version: '0.0.0',
      registry: new ToolRegistry().register(new PingTool()),
      deps: {},
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '0' });
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    try {
      await client.ping();
      await tick();
      expect(calls).toBe(0);
      if (method === 'tools/list') await client.listTools();
      else await client.callTool({ name: 'ping', arguments: {} });
      await tick();
      expect(calls).toBe(1);
      await client.listTools();
      await tick();
      expect(calls).toBe(1);
    } finally {
      await client.close();
      await server.close();
      delete holder[READY];
    }
  });
});
