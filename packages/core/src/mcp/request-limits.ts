/**
 * What one HTTP server spends on its clients, bounded (ADR 0011, addendum): how many connections
 * it serves at once, how many request-body bytes it holds in memory at once across all requests,
 * how large one body may be and how deeply its JSON may nest. Past a bound the request is answered — 503 with
 * `Retry-After` when the server is full, 413 when the body is too large, 400 when the JSON nests too
 * deep — and a connection whose body was not read to its end is closed (`Connection: close`), so it
 * never waits for an answer that cannot come. The read timeouts are node:http's own
 * (`headersTimeout`, `requestTimeout`), set by streamable-http.ts. The web-standard handler
 * (web-handler.ts) reads its `Request` bodies under the same size, memory and depth bounds
 * (`readWebBody`); connections and timeouts belong to the platform there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Largest accepted request body. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Request-body bytes held in memory at once, across all requests: 16 bodies of the largest size. */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/**
 * A body this small is never refused for memory (only the connection bound limits them: 512 × 64 KiB
 * is 32 MiB), so that clients holding large bodies cannot keep ordinary MCP requests out.
 */
export const SMALL_BODY_BYTES = 64 * 1024;
/** Connections served at once. */
export const DEFAULT_MAX_CONNECTIONS = 512;
/** Time to receive a request's headers. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Time to receive a whole request, headers and body (not the time to answer it). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Deepest nesting of arrays and objects in a JSON body; no MCP message comes near it. */
export const MAX_JSON_DEPTH = 128;

/** A request the server answers without serving it: the status, JSON-RPC code and headers to send. */
export class RequestRefusal extends Error {
  readonly status: number;
  readonly rpc: number;
  readonly headers: Record<string, string>;

  constructor(status: number, rpc: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'RequestRefusal';
    this.status = status;
    this.rpc = rpc;
    this.headers = headers;
  }
}

/** The client closed the connection (or node:http timed it out) before its body arrived. */
export class ClientGone extends Error {
  readonly received: number;

  constructor(received: number) {
    super('The client closed the connection before the request body arrived.');
    this.name = 'ClientGone';
    this.received = received;
  }
}

const inMiB = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

/**
 * The request-body bytes held in memory at once. A body holds its declared `Content-Length` from
 * its first byte (a chunked one, what has arrived) until its response closes. Up to
 * SMALL_BODY_BYTES of a body always fit.
 */
export class BodyMemory {
  readonly maxBytes: number;
  private used = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get inUse(): number {
    return this.used;
  }

  /** Holds `bytes` more; false (nothing held) when that would pass the bound. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false;
    this.used += bytes;
    return true;
  }

  /** Holds `bytes` more whatever the bound (a small body). */
  add(bytes: number): void {
    this.used += bytes;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}

export interface BodyLimits {
  /** Largest body of one request. */
  maxBodyBytes: number;
  memory: BodyMemory;
}

/** 413: a body over `limit` bytes. */
export function tooLarge(limit: number): RequestRefusal {
  return new RequestRefusal(
    413,
    -32000,
    `Payload too large: the request body must not exceed ${limit} bytes.`,
    { connection: 'close' },
  );
}

function memoryFull(memory: BodyMemory): RequestRefusal {
  return new RequestRefusal(
    503,
    -32000,
    `Service unavailable: the server is receiving as many request bodies as it holds at once (${inMiB(memory.maxBytes)}). Retry in a second; an operator can raise the bound with --max-buffered-mb (MCP_MAX_BUFFERED_MB).`,
    { connection: 'close', 'retry-after': '1' },
  );
}

/**
 * What one request body holds in `BodyMemory`: its declared length from the first byte, else what
 * has arrived; up to SMALL_BODY_BYTES whatever the bound. `release` gives it all back (once the
 * response is over).
 */
export class BodyHold {
  readonly #limits: BodyLimits;
  #held = 0;
  #released = false;

  constructor(limits: BodyLimits) {
    this.#limits = limits;
  }

  /** The body's `Content-Length` (a string, or undefined): a refusal when too large or no room. */
  declare(length: string | null | undefined): RequestRefusal | undefined {
    const declared = length === undefined || length === null ? undefined : Number(length);
    if (declared !== undefined && declared > this.#limits.maxBodyBytes)
      return tooLarge(this.#limits.maxBodyBytes);
    if (declared !== undefined && declared > 0 && !this.#hold(declared))
      return memoryFull(this.#limits.memory);
    return undefined;
  }

  /** `size` bytes of the body have arrived in all: a refusal when that is too large or no room. */
  arrived(size: number): RequestRefusal | undefined {
    if (size > this.#limits.maxBodyBytes) return tooLarge(this.#limits.maxBodyBytes);
    if (size > this.#held && !this.#hold(size - this.#held)) return memoryFull(this.#limits.memory);
    return undefined;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#limits.memory.give(this.#held);
  }

  #hold(bytes: number): boolean {
    if (this.#released) return true; // the response is over: nothing is held any more
    if (this.#held + bytes <= SMALL_BODY_BYTES) this.#limits.memory.add(bytes);
    else if (!this.#limits.memory.take(bytes)) return false;
    this.#held += bytes;
    return true;
  }
}

/**
 * Reads a request body within the limits. Rejects with RequestRefusal (413 too large, 503 memory
 * full) — the rest of the body is then discarded as it arrives, and the refusal's headers close the
 * connection — or with ClientGone. What the body holds in `memory` is given back when `res` closes.
 */
export function readBody(req: IncomingMessage, res: ServerResponse, limits: BodyLimits): Promise<Buffer> {
  const hold = new BodyHold(limits);
  res.once('close', () => hold.release());
  const early = hold.declare(req.headers['content-length']);
  if (early) return refuse(req, early);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      if (error === undefined) resolve(Buffer.concat(chunks, size));
      else {
        if (!(error instanceof ClientGone)) req.resume(); // discard the rest; the answer closes
        reject(error);
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      const refusal = hold.arrived(size);
      if (refusal) settle(refusal);
      else chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onGone = () => settle(new ClientGone(size));
    req.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone);
  });
}

/**
 * Reads a web `Request` body within the limits (the web-standard handler): the same refusals as
 * `readBody` — 413 from the declared `Content-Length` before anything is read, or as soon as more
 * has arrived; 503 when the bodies held at once would pass the bound — or ClientGone when the body
 * stream fails (the client went away). The caller releases `hold` when its response is over.
 */
export async function readWebBody(request: Request, hold: BodyHold): Promise<Uint8Array> {
  const early = hold.declare(request.headers.get('content-length'));
  if (early) throw early;
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const received = size;
    const next = await reader.read().catch(() => {
      throw new ClientGone(received);
    });
    if (next.done) break;
    size += next.value.byteLength;
    const refusal = hold.arrived(size);
    if (refusal) {
      void reader.cancel().catch(() => {});
      throw refusal;
    }
    chunks.push(next.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function refuse(req: IncomingMessage, refusal: RequestRefusal): Promise<never> {
  req.resume(); // never read: discarded as it arrives until the connection closes
  return Promise.reject(refusal);
}

/**
 * Whether a JSON text nests arrays and objects deeper than `max`: one pass over the text, brackets
 * inside strings ignored. Parsing such a text works, but what comes after (the SDK's JSON.stringify,
 * schema checks) recurses and overflows the stack.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Parses a JSON body: undefined when empty; RequestRefusal 400 when not JSON or nested too deep. */
export function parseJsonBody(text: string): unknown {
  if (text === '') return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new RequestRefusal(
      400,
      -32600,
      `Invalid request: the JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep. Send a flatter message.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestRefusal(400, -32700, 'Parse error: the request body is not valid JSON.');
  }
}

interface ConnectionState {
  /** Requests whose response is still open. */
  open: number;
}

/**
 * The connections a server serves at once. A connection is admitted with its first request and
 * leaves when it closes. At the bound, the connection idle the longest (no response open) is closed
 * to make room — as a keep-alive timeout would — and when every one is busy the request is refused.
 */
export class ConnectionTable {
  readonly maxConnections: number;
  private readonly connections = new Map<Socket, ConnectionState>();

  constructor(maxConnections: number) {
    this.maxConnections = maxConnections;
  }

  get size(): number {
    return this.connections.size;
  }

  /** Admits the request's connection; false when the server is full (answer 503). */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    const socket = req.socket;
    let state = this.connections.get(socket);
    if (state) {
      this.connections.delete(socket); // most recently used last
    } else {
      if (this.connections.size >= this.maxConnections && !this.closeIdle()) return false;
      state = { open: 0 };
      socket.once('close', () => this.connections.delete(socket));
    }
    this.connections.set(socket, state);
    state.open++;
    const current = state;
    res.once('close', () => current.open--);
    return true;
  }

  private closeIdle(): boolean {
    for (const [socket, state] of this.connections) {
      if (state.open === 0) {
        this.connections.delete(socket);
        socket.destroy();
        return true;
      }
    }
    return false;
  }
}

export function connectionsFull(table: ConnectionTable): RequestRefusal {
  return new RequestRefusal(
    503,
    -32000,
    `Service unavailable: the server is serving as many connections as it takes at once (${table.maxConnections}), each with a request in progress. Retry in a second; an operator can raise the bound with --max-connections (MCP_MAX_CONNECTIONS).`,
    { connection: 'close', 'retry-after': '1' },
  );
}
