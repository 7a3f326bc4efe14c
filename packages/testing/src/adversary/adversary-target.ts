/**
 * What the generated adversary needs of a server: its tools, a real MCP client connected to it, its
 * emulator (reset to the seed world, the requests it received), and one or more valid calls per tool
 * in that seed world. Everything else — which mistakes to make, what must happen — is derived from
 * the tools' schemas and their declarations (ref, when, duration, change, custom, aliases…).
 */
import type { Client } from '@modelcontextprotocol/client';
import type { AnyTool, ReferenceSource, ToolContext } from '@toolsmith/core';

/** A request the emulator received. */
export interface SeenRequest {
  readonly method: string;
  /** Path and query, without the API base. */
  readonly path: string;
  readonly body?: unknown;
  /** The status the emulator answered (a write with a status ≥ 400 changed nothing). */
  readonly status?: number;
}

export type Args = Record<string, unknown>;

export interface AdversaryTarget<TDeps = unknown> {
  /** Short name for the report (`clickup`, `yandex-tracker`). */
  readonly name: string;
  /** Every tool of the server (all toolsets), as registered. */
  readonly tools: readonly AnyTool<TDeps>[];
  /** A real MCP client connected to the server with every toolset enabled. */
  readonly client: Client;
  /**
   * Puts the emulator back to its seed world before a call of `tool` (the server's caches stay: the
   * seed's ids do not change). A tool that needs more than the seed (a running timer) gets it here.
   */
  reset(tool: string): void | Promise<void>;
  /** The requests the emulator received since the last reset. */
  requests(): readonly SeenRequest[];
  /**
   * One or more calls per tool that succeed in the seed world (each runs on a fresh seed). A tool
   * with none is reported as not covered (a failure unless listed in `uncovered`).
   */
  readonly validCalls: Readonly<Record<string, readonly Args[]>>;
  /** Tools deliberately left out, with the reason (printed in the report). */
  readonly uncovered?: Readonly<Record<string, string>>;
  /** The server's reference data, to derive name/e-mail/case variants of the values in valid calls. */
  readonly references?: ReferenceSource<TDeps>;
  /** A context for reading reference data (deps of the server under test). */
  readonly context?: () => ToolContext<TDeps>;
  /**
   * Parts of written bodies that legitimately differ between two runs of the same call (generated
   * timestamps, idempotency keys): removed before writes are compared.
   */
  readonly volatile?: (request: SeenRequest) => SeenRequest;
}
