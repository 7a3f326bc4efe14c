/**
 * Writes pass through the gate; `close()` stops new ones and waits for those in flight.
 *
 * A write in flight on a replica that dies has an unknown outcome — the API may or may not have
 * made the change — so the client must not retry it, and the run would count it as failed by
 * chance. The scale run therefore closes the gate around the kill: no write is in flight on the
 * replica when it dies, and writes after the kill find it refusing connections, which nginx
 * safely sends to another replica (nothing was sent). Reads are not gated: they are the ones
 * caught in flight, and the client retries them.
 */
export class WriteGate {
  #inFlight = 0;
  #closed: Promise<void> | undefined;
  #reopen: (() => void) | undefined;
  #idle: (() => void)[] = [];

  /** Writes running now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Runs `write` once the gate is open. */
  async run<T>(write: () => Promise<T>): Promise<T> {
    while (this.#closed) await this.#closed;
    this.#inFlight += 1;
    try {
      return await write();
    } finally {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
    }
  }

  /** Lets no new write start, and resolves once none is running. */
  async close(): Promise<void> {
    this.#closed ??= new Promise<void>((resolve) => (this.#reopen = resolve));
    if (this.#inFlight > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  /** Lets the waiting writes go. */
  open(): void {
    const reopen = this.#reopen;
    this.#closed = undefined;
    this.#reopen = undefined;
    reopen?.();
  }
}
