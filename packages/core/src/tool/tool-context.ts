/**
 * What a tool's `execute` receives besides its params. Adapters (MCP, AI SDK) build it per call.
 */
import type { AuthContext } from '../auth/auth-context.ts';
import type { CallRecord } from '../guard/call-record.ts';
import type { Logger } from '../logging/logger.ts';
import type { ClientInput } from './client-input.ts';

export type { ElicitationRequest, ElicitationResult } from './client-input.ts';

export interface ProgressUpdate {
  /** Increases with every report. */
  progress: number;
  total?: number;
  message?: string;
}

export interface ProgressReporter {
  /** False when the caller did not ask for progress (no MCP progress token): reports are dropped. */
  readonly enabled: boolean;
  report(update: ProgressUpdate): Promise<void>;
}

export interface ToolContext<TDeps = unknown> extends ClientInput {
  /** The tool's dependencies (API facade, stores, clock…), injected by the server. */
  readonly deps: TDeps;
  /** Aborted when the caller cancels (MCP `notifications/cancelled`, agent abort) or the server shuts down. */
  readonly signal: AbortSignal;
  readonly progress: ProgressReporter;
  /** Never writes to stdout. */
  readonly logger: Logger;
  readonly toolName: string;
  readonly requestId?: string | number;
  /**
   * This call's record on the guarded path (BaseTool sets it): the conversions to announce, the
   * defaults assumed, per-call state of the tool's hooks. Absent outside `BaseTool.run`.
   */
  readonly call?: CallRecord;
  /**
   * Who is calling, on an HTTP server with authentication (`--auth`): subject, client, scopes,
   * verified claims, and the user's upstream credentials when the auth mode knows them. Absent over
   * stdio, without authentication and in the AI SDK adapter. Never holds the caller's access token.
   */
  readonly auth?: AuthContext;
}

/** A progress reporter that drops every update. */
export const noProgress: ProgressReporter = { enabled: false, report: async () => {} };

/**
 * Wraps a raw progress sink so that progress only ever increases (the MCP spec requires it) and
 * reports after the call ended are ignored.
 */
export function createProgressReporter(
  sink: ((update: ProgressUpdate) => Promise<void>) | undefined,
): ProgressReporter {
  if (!sink) return noProgress;
  let last = -Infinity;
  return {
    enabled: true,
    async report(update) {
      if (!(update.progress > last)) return;
      last = update.progress;
      await sink(update);
    },
  };
}
