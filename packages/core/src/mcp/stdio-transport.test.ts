import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { StdioLineTransport } from './stdio-transport.ts';

async function open(maxLineBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new StdioLineTransport(stdin, stdout, maxLineBytes ? { maxLineBytes } : {});
  const received: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => void received.push(message);
  transport.onerror = (error) => void errors.push(error);
  await transport.start();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const lines = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: unknown; error: { code: number; message: string } });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { stdin, transport, received, errors, lines, settle };
}

describe('StdioLineTransport', () => {
  it('reads messages split across chunks, with CRLF and multi-byte characters cut mid-way', async () => {
    const { stdin, received, lines, settle } = await open();
    const bytes = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"echo","params":{"text":"é😀"}}\r\n\n  \n');
    for (let i = 0; i < bytes.length; i += 3) stdin.write(bytes.subarray(i, i + 3));
    await settle();
    expect(received).toEqual([{ jsonrpc: '2.0', id: 1, method: 'echo', params: { text: 'é😀' } }]);
    expect(lines()).toEqual([]); // blank lines carry nothing and get no answer
  });

  it('answers a line that is not JSON with -32700 and one that is not JSON-RPC with -32600', async () => {
    const { stdin, received, errors, lines, settle } = await open();
    stdin.write('hello\n{"jsonrpc":"1.0","id":"a","method":"x"}\n"text"\n{"jsonrpc":"2.0","method":"ok"}\n');
    await settle();
    expect(lines().map((l) => [l.id, l.error.code])).toEqual([
      [null, -32700],
      ['a', -32600],
      [null, -32600],
    ]);
    expect(lines()[2]?.error.message).toBe(
      'Invalid Request: expected a JSON-RPC message (a JSON object), received a string. Send one JSON-RPC 2.0 message per line, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}.',
    );
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'ok' }]);
    expect(errors).toHaveLength(3);
  });

  it('skips a line over the limit, answers it, and reads the next one', async () => {
    const { stdin, received, lines, settle } = await open(1000);
    stdin.write(`{"jsonrpc":"2.0","id":1,"method":"big","params":{"x":"${'x'.repeat(600)}`);
    stdin.write(`${'x'.repeat(600)}`);
    stdin.write(`${'x'.repeat(600)}"}}\n{"jsonrpc":"2.0","id":2,"method":"small"}\n`);
    await settle();
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(lines()[0]?.error.message).toContain('longer than 1000 bytes');
    expect(received).toEqual([{ jsonrpc: '2.0', id: 2, method: 'small' }]);
  });

  it('previews a long bad line instead of echoing it', async () => {
    const { stdin, lines, settle } = await open();
    stdin.write(`${'z'.repeat(100_000)}\n`);
    await settle();
    expect(lines()[0]?.error.message.length).toBeLessThan(300);
  });
});
