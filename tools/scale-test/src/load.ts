/**
 * The load: MCP clients of both protocol eras (2025-11-25 `initialize`, 2026-07-28 per-request
 * envelope), each making its calls one after another through the proxy, all clients at once.
 *
 * The retry rule is the client's: a call that fails in transit (a 502 from nginx, a response stream
 * cut off, a timeout) is retried with a short backoff only when the server's own annotations say
 * the tool is read-only (`readOnlyHint: true`). A write that fails is reported failed — its outcome
 * on the server is unknown, and retrying could make the change twice. A result that arrives but is
 * wrong (or `isError`) is a failure too, never retried.
 */
import { connectHttp, resultText, type McpTestConnection } from '@toolsmith/testing';
import type { PlannedCall } from './call-plan.ts';
import type { WriteGate } from './write-gate.ts';

export type Era = 'legacy' | 'modern';

export interface CallRecord {
  client: number;
  era: Era;
  tool: string;
  write: boolean;
  /** From the first attempt to the final answer, backoff included. */
  ms: number;
  attempts: number;
  ok: boolean;
  /** Why it failed (the last attempt), when it did. */
  problem?: string;
  /** The errors of the attempts that were retried. */
  retriedErrors: string[];
  marker?: string;
}

/** Something to do once `afterCalls` calls have completed, while the clients keep calling. */
export interface Milestone {
  afterCalls: number;
  run(): Promise<void>;
}

export interface LoadOptions {
  /** The MCP endpoint, e.g. `http://127.0.0.1:8080/mcp`. */
  url: string;
  /** One entry per client: its protocol era. */
  eras: readonly Era[];
  callsPerClient: number;
  plan(client: number, step: number): PlannedCall;
  gate: WriteGate;
  milestone?: Milestone;
  /**
   * Per attempt: only a guard against a hang (a broken stream aborts the attempt at once), so
   * generous — a slow machine must not turn a write into a failure. @default 30 s
   */
  callTimeoutMs?: number;
  /** Attempts of a read-only call. @default 5 */
  maxAttempts?: number;
  /** First retry delay, doubled on each retry. @default 25 ms */
  backoffMs?: number;
}

export interface ConnectedClient {
  era: Era;
  protocolVersion: string | undefined;
}

export interface LoadResult {
  records: CallRecord[];
  clients: ConnectedClient[];
  elapsedMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseResult(raw: unknown): unknown {
  const structured = (raw as { structuredContent?: unknown }).structuredContent;
  if (structured !== undefined) return structured;
  const text = resultText(raw);
  for (const candidate of [text, text.split('\n\n')[0] ?? '']) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next form
    }
  }
  return undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const timeout = options.callTimeoutMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff = options.backoffMs ?? 25;
  const connections: McpTestConnection[] = [];
  try {
    // Connect everyone first (through the proxy, before anything is killed).
    for (const [index, era] of options.eras.entries()) {
      connections.push(
        await connectHttp(options.url, {
          era,
          name: `scale-test-${era}-${index}`,
          // One user agent per client, as separate client applications have: see the README on
          // how a stateless server matches a cancellation to its request.
          headers: { 'user-agent': `toolsmith-scale-test/${era}-${index}` },
        }),
      );
    }
    const readOnly = new Map<string, boolean>();
    for (const connection of connections) {
      const { tools } = await connection.client.listTools();
      for (const tool of tools) readOnly.set(tool.name, tool.annotations?.readOnlyHint === true);
    }
    const clients = connections.map((c, i) => ({
      era: options.eras[i]!,
      protocolVersion: c.client.getNegotiatedProtocolVersion(),
    }));

    const records: CallRecord[] = [];
    let milestone: Promise<void> | undefined;
    const started = performance.now();

    const runClient = async (index: number) => {
      const connection = connections[index]!;
      const era = options.eras[index]!;
      // The attempt in flight (one per client at a time): aborted when its response stream breaks
      // off. The SDK reports that only to onerror and would leave the request waiting for its
      // timeout — a POST's SSE stream is not resumable without an event store.
      let current: AbortController | undefined;
      connection.client.onerror = (error) => {
        if (error.message.startsWith('SSE stream disconnected')) current?.abort(error);
      };
      for (let step = 0; step < options.callsPerClient; step++) {
        const call = options.plan(index, step);
        const retryable = !call.write && readOnly.get(call.tool) === true;
        const attemptOnce = async () => {
          current = new AbortController();
          try {
            return await connection.client.callTool(
              { name: call.tool, arguments: call.args },
              { signal: current.signal, timeout },
            );
          } finally {
            current = undefined;
          }
        };
        const perform = async (): Promise<CallRecord> => {
          const began = performance.now();
          const retriedErrors: string[] = [];
          const base = {
            client: index,
            era,
            tool: call.tool,
            write: call.write,
            ...(call.marker ? { marker: call.marker } : {}),
          };
          for (let attempt = 1; ; attempt++) {
            let raw: unknown;
            try {
              raw = await attemptOnce();
            } catch (error) {
              if (retryable && attempt < maxAttempts) {
                retriedErrors.push(messageOf(error));
                await sleep(backoff * 2 ** (attempt - 1));
                continue;
              }
              return {
                ...base,
                ms: performance.now() - began,
                attempts: attempt,
                ok: false,
                problem: messageOf(error),
                retriedErrors,
              };
            }
            const ms = performance.now() - began;
            const isError = (raw as { isError?: boolean }).isError === true;
            const problem = isError
              ? `tool error: ${resultText(raw).slice(0, 300)}`
              : call.check(parseResult(raw));
            return {
              ...base,
              ms,
              attempts: attempt,
              ok: problem === undefined,
              retriedErrors,
              ...(problem ? { problem } : {}),
            };
          }
        };
        // A write waits while the gate is closed (around the kill); its time starts when it runs.
        const record = call.write ? await options.gate.run(perform) : await perform();
        records.push(record);
        if (options.milestone && records.length === options.milestone.afterCalls) {
          milestone = options.milestone.run();
          // Surfaced below; never an unhandled rejection meanwhile.
          milestone.catch(() => {});
        }
      }
    };

    await Promise.all(connections.map((_, index) => runClient(index)));
    const elapsedMs = performance.now() - started;
    await milestone;
    return { records, clients, elapsedMs };
  } finally {
    await Promise.allSettled(connections.map((c) => c.close()));
  }
}
