/**
 * The stdio transport: one JSON-RPC message per line on stdin, one per line on stdout.
 *
 * Unlike the SDK's StdioServerTransport, which reports a bad line to `onerror` and drops it, every
 * line gets an answer: a line that is not JSON gets a parse error (-32700, id null), a JSON value
 * that is not a JSON-RPC message gets an invalid-request error (-32600, with its id when one can be
 * read). A line longer than the limit is skipped to its end and answered the same way, instead of
 * closing the transport. Blank lines are ignored. Nothing but JSON-RPC is written to stdout.
 */
import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';
import { previewValue } from '../tool/error-budget.ts';

/** Longest accepted line (bytes), as in the SDK. */
export const DEFAULT_MAX_LINE_BYTES = 10 * 1024 * 1024;

const EXAMPLE =
  'Send one JSON-RPC 2.0 message per line, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}.';

type JsonRpcId = string | number | null;

/** The `id` of a message that failed validation, when it is one JSON-RPC allows. */
function readableId(value: unknown): JsonRpcId {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

/** What is wrong with a JSON value that is not a JSON-RPC message, in a sentence. */
function describeInvalid(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `expected a JSON-RPC message (a JSON object), received ${kindOf(value)}${Array.isArray(value) ? ' (batches are not supported)' : ''}.`;
  }
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return '"jsonrpc" must be "2.0".';
  if ('method' in message && typeof message.method !== 'string') return '"method" must be a string.';
  if ('id' in message && readableId(message) === null) return '"id" must be a string or a number.';
  if ('params' in message && (typeof message.params !== 'object' || message.params === null)) {
    return '"params" must be an object.';
  }
  if (!('method' in message) && !('result' in message) && !('error' in message)) {
    return 'a message needs a "method" (request or notification) or a "result" or "error" (response).';
  }
  return 'it does not have the shape of a JSON-RPC request, notification or response.';
}

function errorLine(id: JsonRpcId, code: number, message: string): string {
  return `${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`;
}

export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: NodeJS.ReadableStream;
  readonly #stdout: NodeJS.WritableStream;
  readonly #maxLineBytes: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Skipping the rest of a line that went over the limit. */
  #skipping = false;
  #started = false;

  constructor(
    stdin: NodeJS.ReadableStream = process.stdin,
    stdout: NodeJS.WritableStream = process.stdout,
    options: { maxLineBytes?: number } = {},
  ) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('StdioLineTransport already started; connect() starts it.');
    this.#started = true;
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onStreamError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.#write(`${JSON.stringify(message)}\n`);
  }

  async close(): Promise<void> {
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onStreamError);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#pending = [];
    this.#pendingBytes = 0;
    this.onclose?.();
  }

  #write(text: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(text)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  #onStreamError = (error: Error) => this.onerror?.(error);

  #onData = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let newline = data.indexOf(0x0a);
    while (newline !== -1) {
      const tail = data.subarray(0, newline);
      if (this.#skipping) this.#skipping = false;
      else {
        const line =
          this.#pending.length === 0
            ? tail
            : Buffer.concat([...this.#pending, tail], this.#pendingBytes + tail.length);
        if (line.length > this.#maxLineBytes) this.#tooLong();
        else this.#handleLine(line.toString('utf8'));
      }
      this.#pending = [];
      this.#pendingBytes = 0;
      data = data.subarray(newline + 1);
      newline = data.indexOf(0x0a);
    }
    if (data.length === 0 || this.#skipping) return;
    this.#pending.push(data);
    this.#pendingBytes += data.length;
    if (this.#pendingBytes > this.#maxLineBytes) {
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#skipping = true;
      this.#tooLong();
    }
  };

  #tooLong() {
    this.#reject(
      null,
      -32600,
      `Invalid Request: the message is longer than ${this.#maxLineBytes} bytes, the most this server reads in one line; it was skipped. Send smaller arguments (e.g. a path or an id instead of the content).`,
    );
  }

  #handleLine(raw: string) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#reject(
        null,
        -32700,
        `Parse error: the line is not valid JSON (received ${JSON.stringify(previewValue(line, 60))}). ${EXAMPLE}`,
      );
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(value);
    } catch {
      this.#reject(readableId(value), -32600, `Invalid Request: ${describeInvalid(value)} ${EXAMPLE}`);
      return;
    }
    this.onmessage?.(message);
  }

  /** Answers a line that is not a message, and tells the owner (the SDK Server logs nothing by default). */
  #reject(id: JsonRpcId, code: number, message: string) {
    this.onerror?.(new Error(message));
    void this.#write(errorLine(id, code, message));
  }
}
