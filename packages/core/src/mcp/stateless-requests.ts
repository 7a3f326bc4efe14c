/**
 * Stateless requests in flight, by caller and JSON-RPC id, so that a `notifications/cancelled`
 * arriving in a later POST can reach the server instance running the request — on node:http and in
 * the web-standard handler alike. A caller is `callerKey`'s (http-answers.ts); anonymous calls are
 * never tracked, and a cancellation that names a request two instances run (JSON-RPC ids start at 0
 * in every client) reaches neither: it would be a guess.
 */
import { isJSONRPCNotification, isJSONRPCRequest, type Server } from '@modelcontextprotocol/server';

const keyOf = (caller: string, id: unknown) => `${caller}\u0000${String(id)}`;

export class StatelessRequests {
  private readonly running = new Map<string, Set<Server>>();

  /** The instance a `notifications/cancelled` from `caller` is for, when exactly one runs that request. */
  cancelled(caller: string | undefined, body: unknown): Server | undefined {
    if (caller === undefined || !isJSONRPCNotification(body) || body.method !== 'notifications/cancelled') {
      return undefined;
    }
    const targets = this.running.get(keyOf(caller, body.params?.requestId));
    return targets?.size === 1 ? [...targets][0] : undefined; // two: which one? neither
  }

  /** Keeps `mcp` as running `body` for `caller` (a request from a known caller); returns what forgets it. */
  track(caller: string | undefined, body: unknown, mcp: Server): () => void {
    if (caller === undefined || !isJSONRPCRequest(body)) return () => {};
    const key = keyOf(caller, body.id);
    const same = this.running.get(key) ?? new Set<Server>();
    this.running.set(key, same.add(mcp));
    return () => {
      const now = this.running.get(key);
      if (now?.delete(mcp) && now.size === 0) this.running.delete(key);
    };
  }
}
