/** What nginx saw during a run, from its access and error logs: where requests went, what it moved. */
import type { AccessLogEntry } from './nginx.ts';

export interface NginxReport {
  /** MCP requests (POST and GET /mcp) nginx answered. */
  requests: number;
  /** Requests served, by replica index. */
  served: number[];
  /** Requests nginx moved to another replica because the first refused the connection. */
  moved: number;
  /** Of those, writes (`tracker_add_comment` in the body). */
  movedWrites: number;
  /** Answers with a 5xx status (502: the replica died with the request). */
  serverErrors: number;
  errorLogLines: number;
  /** The distinct kinds of error-log lines, e.g. "connect() failed (111: Connection refused)". */
  errorKinds: string[];
}

export function nginxReport(
  access: readonly AccessLogEntry[],
  errorLog: string,
  replicaPorts: readonly number[],
): NginxReport {
  const mcp = access.filter((e) => e.uri.startsWith('/mcp'));
  const byAddress = new Map(replicaPorts.map((port, index) => [`127.0.0.1:${port}`, index]));
  const served = replicaPorts.map(() => 0);
  for (const entry of mcp) {
    const index = byAddress.get(entry.upstreams.at(-1) ?? '');
    if (index !== undefined) served[index]! += 1;
  }
  const moved = mcp.filter((e) => e.upstreams.length > 1);
  const lines = errorLog.split('\n').filter(Boolean);
  // "2026/11/25 15:00:00 [error] 12#12: *34 connect() failed (111: …) while connecting to upstream, …"
  const kind = (line: string) => /\[\w+\] \d+#\d+: (?:\*\d+ )?(.*?)(?: while |, |$)/.exec(line)?.[1] ?? line;
  return {
    requests: mcp.length,
    served,
    moved: moved.length,
    movedWrites: moved.filter((e) => e.body.includes('tracker_add_comment')).length,
    serverErrors: mcp.filter((e) => e.status >= 500).length,
    errorLogLines: lines.length,
    errorKinds: [...new Set(lines.map(kind))],
  };
}
