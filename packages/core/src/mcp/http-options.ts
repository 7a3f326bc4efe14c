/**
 * The options `serveHttp` (node:http) and `createWebHandler` (web-standard `Request → Response`)
 * share: where MCP and health are served, sessions, the Origin and Host allow-lists, the body
 * limits and the app's routes — the same rules from the same functions in both, so declared once
 * here. Each adds what is its own: the listener, connections and timeouts for node:http; the
 * runtime and a lazily made ResourceServer for the web handler; and its `host` and `auth`.
 */
import type { HttpRoute } from './http-route.ts';

export interface HttpEndpointOptions {
  /** @default '/mcp' */
  path?: string;
  /** @default '/health' */
  healthPath?: string;
  /**
   * 2025-11-25 sessions (`Mcp-Session-Id`) kept in this process's memory. A session lives in one
   * process or isolate: keep it off behind a load balancer without sticky sessions and on
   * serverless platforms. @default false
   */
  stateful?: boolean;
  /** Browser origins allowed to call the server besides local pages (requests with another `Origin` get 403). */
  allowedOrigins?: readonly string[];
  /**
   * Host names (optionally `name:port`) requests may be addressed to, besides localhost, 127.0.0.1
   * and [::1]. With a loopback `host` other hosts are refused even without this (DNS rebinding);
   * with another (`0.0.0.0`), any host is accepted unless this is set.
   */
  allowedHosts?: readonly string[];
  /** Stateful: most sessions open at once; the least recently used idle one makes room. @default 1000 */
  maxSessions?: number;
  /** Stateful: close a session after this long without a request (0: never). @default 30 minutes */
  sessionIdleTimeoutMs?: number;
  /** Largest accepted request body in bytes (MCP requests and routes). @default 4 MiB */
  maxBodyBytes?: number;
  /**
   * Request-body bytes held in memory at once across all requests; a body past it is refused with
   * 503 and `Retry-After`. @default 64 MiB
   */
  maxBufferedBytes?: number;
  /**
   * More endpoints (e.g. `POST /webhooks/clickup`), behind the same Host and Origin rules and body
   * limit.
   */
  routes?: readonly HttpRoute[];
}
