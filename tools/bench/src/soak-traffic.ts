/**
 * The soak's MCP traffic (soak.ts): clients of both protocol eras calling the servers' tools, over
 * stdio and Streamable HTTP, and clients that walk away in the middle of a request.
 *
 * - **Steady clients**: the stdio server's one client, and two long-lived HTTP clients per server
 *   (2025-11-25 and 2026-07-28), each calling the mix of fixtures/soak/call-mix.ts with a short think
 *   time between scenarios.
 * - **Churn**: a new HTTP client of either era every few seconds: connect, a few calls, close.
 * - **Walking away** (`disconnect()`), in turn: an HTTP client closed while its call waits on a
 *   delayed upstream request; a raw socket that sends half a body and is destroyed; a raw socket that
 *   sends a whole `tools/call` and is destroyed before the answer; a call cancelled by its client
 *   (`notifications/cancelled`, over stdio and HTTP) — over stdio, a client that goes away closes the
 *   server's stdin and the server exits by design, so cancelling is how a stdio client walks away.
 *
 * Every call is counted by server, transport and era: answered, tool errors (`isError`), failures
 * (thrown: transport errors, timeouts) and the messages of both. Pausing stops new scenarios and waits
 * for the running ones, for the quiet figures.
 */
import { connect as netConnect } from 'node:net';
import { connectHttp, resultText, type McpTestConnection } from '@toolsmith/testing';
import { pickScenario, type Call, type CallOutcome, type Scenario } from './fixtures/soak/call-mix.ts';
import { ERA_VERSION, type Era, type ServerName } from './soak-processes.ts';

export interface CallStats {
  calls: number;
  answered: number;
  toolErrors: number;
  /** Answers that call the failure a bug in the server (an internal error: a finding, not a fault). */
  internal: number;
  failed: number;
  /** Calls the soak cancelled or walked away from on purpose. */
  abandoned: number;
  messages: Map<string, number>;
}

export const newStats = (): CallStats => ({
  calls: 0,
  answered: 0,
  toolErrors: 0,
  internal: 0,
  failed: 0,
  abandoned: 0,
  messages: new Map(),
});

const note = (stats: CallStats, message: string) =>
  stats.messages.set(message, (stats.messages.get(message) ?? 0) + 1);

/** Error texts without what varies from call to call (ids, numbers, timings), so they group. */
export const shape = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f-]{27}\b/gi, '<uuid>')
    .replace(/\d+(\.\d+)?/g, 'N')
    .slice(0, 160);

/** The message, with the network cause's code when there is one (`fetch failed (ECONNRESET)`). */
const messageOf = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? `${error.message} (${cause.code})` : error.message;
};

function dataOf(raw: unknown, text: string): unknown {
  const structured = (raw as { structuredContent?: unknown }).structuredContent;
  if (structured !== undefined) return structured;
  for (const candidate of [text, text.split('\n').at(-1) ?? '']) {
    try {
      return JSON.parse(candidate);
    } catch {
      // next
    }
  }
  return undefined;
}

const INTERNAL = /bug in the server|internal error/i;

/** `call` over an SDK client, counted in `stats`. */
export function counted(
  connection: McpTestConnection,
  stats: CallStats,
  options: { timeoutMs: number; signal?: AbortSignal } = { timeoutMs: 60_000 },
): Call {
  return async (tool, args): Promise<CallOutcome> => {
    stats.calls++;
    try {
      const raw = await connection.client.callTool(
        { name: tool, arguments: args },
        { timeout: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
      );
      stats.answered++;
      const text = resultText(raw);
      const isError = (raw as { isError?: boolean }).isError === true;
      if (isError) {
        stats.toolErrors++;
        if (INTERNAL.test(text)) stats.internal++;
        note(stats, `${tool}: ${shape(text)}`);
      }
      return { answered: true, isError, text, data: isError ? undefined : dataOf(raw, text) };
    } catch (error) {
      const message = messageOf(error);
      if (options.signal?.aborted) stats.abandoned++;
      else {
        stats.failed++;
        if (INTERNAL.test(message) || /-32603/.test(message)) stats.internal++;
        note(stats, `${tool}: thrown: ${shape(message)}`);
      }
      return { answered: false, isError: true, text: message, data: undefined };
    }
  };
}

/** Starts and stops new work; `pause()` waits for what runs. */
export class Gate {
  #paused = false;
  #stopped = false;
  #running = 0;
  #resume: (() => void)[] = [];
  #idle: (() => void)[] = [];

  get stopped() {
    return this.#stopped;
  }

  /** Waits while paused; false once stopped. Pair a true answer with `done()`. */
  async enter(): Promise<boolean> {
    while (this.#paused && !this.#stopped) await new Promise<void>((resolve) => this.#resume.push(resolve));
    if (this.#stopped) return false;
    this.#running++;
    return true;
  }

  done(): void {
    this.#running--;
    if (this.#running === 0) for (const wake of this.#idle.splice(0)) wake();
  }

  /** Stops new work and waits (up to `timeoutMs`) for the running work to finish. */
  async pause(timeoutMs: number): Promise<number> {
    this.#paused = true;
    if (this.#running > 0) {
      await Promise.race([
        new Promise<void>((resolve) => this.#idle.push(resolve)),
        new Promise((resolve) => setTimeout(resolve, timeoutMs)),
      ]);
    }
    return this.#running;
  }

  resume(): void {
    this.#paused = false;
    for (const wake of this.#resume.splice(0)) wake();
  }

  stop(): void {
    this.#stopped = true;
    this.resume();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

/** A client calling the mix until the gate stops, `thinkMs` between scenarios. */
export async function steadyClient(options: {
  call: Call;
  mix: readonly Scenario[];
  stdio: boolean;
  gate: Gate;
  random: () => number;
  thinkMs: [number, number];
  counter: { n: number };
}): Promise<void> {
  const { gate, random } = options;
  while (await gate.enter()) {
    try {
      await pickScenario(options.mix, random(), options.stdio).run(options.call, options.counter.n++);
    } finally {
      gate.done();
    }
    await sleep(between(random, ...options.thinkMs));
  }
}

/** `connectHttp` with a user agent of its own (see tools/scale-test's README on caller keys). */
export function connectClient(url: string, era: Era, id: string): Promise<McpTestConnection> {
  return connectHttp(url, { era, name: `soak-${id}`, headers: { 'user-agent': `toolsmith-soak/${id}` } });
}

/** Churn: connect, `calls` scenarios, close. */
export async function churnClient(options: {
  url: string;
  era: Era;
  id: string;
  mix: readonly Scenario[];
  stats: CallStats;
  random: () => number;
  calls: number;
  counter: { n: number };
}): Promise<void> {
  let connection: McpTestConnection;
  try {
    connection = await connectClient(options.url, options.era, options.id);
  } catch (error) {
    options.stats.failed++;
    note(options.stats, `connect: ${shape(messageOf(error))}`);
    return;
  }
  try {
    const call = counted(connection, options.stats);
    for (let i = 0; i < options.calls; i++)
      await pickScenario(options.mix, options.random(), false).run(call, options.counter.n++);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

export type DisconnectKind =
  'client closed mid-call' | 'half a body' | 'gone before the answer' | 'cancelled';
export const DISCONNECT_KINDS: readonly DisconnectKind[] = [
  'client closed mid-call',
  'half a body',
  'gone before the answer',
  'cancelled',
];

/** The raw request line and headers of a POST to `url`. */
function rawHead(url: URL, length: number, era: Era): string {
  return [
    `POST ${url.pathname} HTTP/1.1`,
    `Host: ${url.host}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `MCP-Protocol-Version: ${ERA_VERSION[era]}`,
    `User-Agent: toolsmith-soak/raw`,
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');
}

/** A raw socket that sends `bytes` of the request, waits `waitMs` and is destroyed. Resolves with what came back. */
function rawWalkAway(
  url: URL,
  head: string,
  body: string,
  bodyBytes: number,
  waitMs: number,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = netConnect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(head + body.slice(0, bodyBytes));
      setTimeout(() => {
        socket.destroy();
        resolve(received);
      }, waitMs);
    });
  });
}

/**
 * One client walking away in the middle of a request. `slow` is a call whose upstream request the
 * caller has just delayed (`delayMs`), so the request is in the server's hands when the client goes.
 */
export async function disconnect(options: {
  kind: DisconnectKind;
  server: ServerName;
  url: string;
  era: Era;
  id: string;
  slow: { tool: string; args: Record<string, unknown> };
  delayMs: number;
  stats: CallStats;
  random: () => number;
  /** For 'cancelled': a steady connection to cancel a call on (stdio or HTTP). */
  steady?: McpTestConnection;
}): Promise<void> {
  const { stats, random, slow } = options;
  const url = new URL(options.url);
  const walkAfter = between(random, 0.1, 0.7) * options.delayMs;
  if (options.kind === 'client closed mid-call') {
    let connection: McpTestConnection;
    try {
      connection = await connectClient(options.url, options.era, options.id);
    } catch (error) {
      stats.failed++;
      note(stats, `connect: ${shape(messageOf(error))}`);
      return;
    }
    stats.calls++;
    const pending = connection.client
      .callTool({ name: slow.tool, arguments: slow.args }, { timeout: 60_000 })
      .then(
        () => 'answered',
        () => 'gone',
      );
    await sleep(walkAfter);
    await connection.close().catch(() => undefined);
    if ((await pending) === 'answered') stats.answered++;
    else stats.abandoned++;
    return;
  }
  if (options.kind === 'cancelled') {
    const connection = options.steady;
    if (!connection) return;
    const controller = new AbortController();
    const call = counted(connection, stats, { timeoutMs: 60_000, signal: controller.signal });
    const pending = call(slow.tool, slow.args);
    await sleep(walkAfter);
    controller.abort(new Error('soak: the client walked away'));
    await pending;
    return;
  }
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: slow.tool, arguments: slow.args },
  });
  const head = rawHead(url, Buffer.byteLength(body), 'legacy');
  stats.calls++;
  stats.abandoned++;
  if (options.kind === 'half a body') {
    await rawWalkAway(url, head, body, Math.floor(body.length / 2), between(random, 50, 1000));
  } else {
    await rawWalkAway(url, head, body, body.length, walkAfter);
  }
}
