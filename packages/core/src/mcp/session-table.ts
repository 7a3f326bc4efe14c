/**
 * The sessions of a stateful HTTP server, bounded in number and in idle time.
 *
 * A session is busy while it has a request or an SSE stream open, idle otherwise. Idle sessions are
 * closed after `idleTimeoutMs` (one unref'd timer sweeps them); when `maxSessions` are open, a new
 * session takes the place of the least recently used idle one, and when every session is busy there
 * is no room (the server answers 503). Closing a session removes it from the table, so its server
 * and transport can be collected.
 */

/** What the table needs of a session: something to close. */
export interface SessionHandle {
  close(): Promise<void>;
}

interface Entry<T extends SessionHandle> {
  readonly id: string;
  readonly session: T;
  lastActivity: number;
  /** Requests and streams open on the session. */
  open: number;
}

export interface SessionTableOptions {
  /** @default 1000 */
  maxSessions?: number;
  /** 0 or Infinity: never. @default 30 minutes */
  idleTimeoutMs?: number;
  /** For tests. @default performance.now */
  now?: () => number;
}

export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;

export class SessionTable<T extends SessionHandle> {
  readonly maxSessions: number;
  readonly idleTimeoutMs: number;
  /** Least recently used first: every activity moves an entry to the end. */
  readonly #entries = new Map<string, Entry<T>>();
  readonly #now: () => number;
  /** Sessions being initialized: counted against the cap before they have an id. */
  #reserved = 0;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(options: SessionTableOptions = {}) {
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    const idle = options.idleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS;
    this.idleTimeoutMs = idle > 0 ? idle : Infinity;
    this.#now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.#entries.size;
  }

  get(id: string): T | undefined {
    return this.#entries.get(id)?.session;
  }

  /**
   * Room for one more session, counted until `add` or `release`: evicts the least recently used
   * idle session when the table is full. False when every session is busy.
   */
  reserve(): boolean {
    if (this.#entries.size + this.#reserved >= this.maxSessions) {
      let idle: Entry<T> | undefined;
      for (const entry of this.#entries.values()) {
        if (entry.open === 0) {
          idle = entry;
          break;
        }
      }
      if (!idle) return false;
      this.#close(idle);
    }
    this.#reserved++;
    return true;
  }

  /** Gives back a reservation that did not become a session (the initialize failed). */
  release(): void {
    this.#reserved = Math.max(0, this.#reserved - 1);
  }

  /** Adds a session, taking its reservation. */
  add(id: string, session: T): void {
    this.release();
    this.#entries.set(id, { id, session, lastActivity: this.#now(), open: 0 });
    this.#startSweeper();
  }

  /** Removes a session that closed by itself (DELETE, transport closed). */
  delete(id: string): void {
    this.#entries.delete(id);
    if (this.#entries.size === 0) this.#stopSweeper();
  }

  /** The session is busy until `done` is called (when the request's response closes). */
  begin(id: string): () => void {
    const entry = this.#entries.get(id);
    if (!entry) return () => {};
    entry.open++;
    this.#touch(entry);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      entry.open--;
      if (this.#entries.get(id) === entry) this.#touch(entry);
    };
  }

  /** Closes every session idle for longer than the timeout. */
  sweep(): void {
    const now = this.#now();
    for (const entry of this.#entries.values()) {
      if (entry.open > 0) continue;
      // Entries are in order of last activity: the first recent one ends the sweep.
      if (now - entry.lastActivity < this.idleTimeoutMs) break;
      this.#close(entry);
    }
  }

  /** Closes every session and stops the timer. */
  async closeAll(): Promise<void> {
    this.#stopSweeper();
    const entries = [...this.#entries.values()];
    this.#entries.clear();
    await Promise.allSettled(entries.map((entry) => entry.session.close()));
  }

  #touch(entry: Entry<T>) {
    entry.lastActivity = this.#now();
    this.#entries.delete(entry.id);
    this.#entries.set(entry.id, entry);
  }

  #close(entry: Entry<T>) {
    this.delete(entry.id);
    void entry.session.close().catch(() => {});
  }

  #startSweeper() {
    if (this.#sweeper || !Number.isFinite(this.idleTimeoutMs)) return;
    const every = Math.min(Math.max(this.idleTimeoutMs / 4, 10), 60_000);
    const sweeper = setInterval(() => this.sweep(), every);
    // Node's and Bun's timers can be unref'd; Deno's and Workers' are numbers (web handler).
    (sweeper as { unref?: () => void }).unref?.();
    this.#sweeper = sweeper;
  }

  #stopSweeper() {
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }
}
