/**
 * Webhook bursts for the ClickUp HTTP server's intake (`POST /webhooks/clickup`), and the count of
 * what was acknowledged against what was stored (soak.ts).
 *
 * Two sources of deliveries:
 * - **the emulator**: a webhook created through the server's own `clickup_create_webhook` (its secret
 *   kept in the server's store) makes the ClickUp emulator deliver every change the soak's ClickUp
 *   writes make, from any of the ClickUp servers (one attempt each, as the emulator does);
 * - **bursts** from here: `size` new standard events at once, signed with CLICKUP_WEBHOOK_SECRET
 *   (X-Signature: hex HMAC-SHA256 of the body), each with a history item of its own; among them
 *   replays of events already acknowledged (the same bytes again: must answer `duplicate: true`),
 *   deliveries whose sender goes away after sending the whole request, and deliveries cut off after
 *   half the body. An event not acknowledged is sent again after a second or two, as ClickUp retries,
 *   until a 200 says it was stored (or had been).
 *
 * An event is known by its set of dedupe keys, computed as the server's identify-delivery.ts does: a
 * standard delivery's `{webhook_id}:{history_item_id}` per history item, any other body the SHA-256
 * of its bytes. The server stores a delivery unless every one of its keys was stored before, and
 * keeps the delivery's keys with it, so after the run (soak.ts reads the store directly) every
 * acknowledged event must have each of its keys stored, and no set of keys may be stored twice. (One
 * history item can rightly be in two stored events: ClickUp's taskCreated carries the new task's
 * status item and a creation item, and the taskStatusUpdated sent with it carries the status item
 * alone — whichever comes second is a new event, or a replay, by the server's rule.)
 */
import { createHash, createHmac } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import type { WebhookDelivery as EmulatorDelivery } from '@toolsmith/clickup-emulator';
import { between, sleep } from './soak-traffic.ts';

export const BENCH_WEBHOOK_ID = '5a0c5a0c-0000-4000-8000-0000000050a4';

/** An event this run caused, known by its set of dedupe keys (`identity`). */
export interface SentEvent {
  keys: string[];
  /** The sorted keys, joined: two deliveries with the same keys are one event (the second a replay). */
  identity: string;
  source: 'burst' | 'emulator';
  /** Answers 200 it got (the first stores it, later ones are replays). */
  acked: number;
  /** 200 answers that said `duplicate: false` (more than one: stored twice). */
  storedAnswers: number;
  attempts: number;
}

export interface WebhookTally {
  /** Unique events sent (bursts + emulator). */
  events: number;
  bursts: number;
  /** POSTs of burst events, replays and retries included. */
  deliveries: number;
  emulatorDeliveries: number;
  acked: number;
  replays: number;
  /** Replays answered `duplicate: false`: stored again. */
  replaysStored: number;
  /** Burst deliveries whose sender walked away on purpose. */
  walkedAway: number;
  retries: number;
  /** Burst events still not acknowledged when the run ended. */
  unacked: number;
  /** Emulator deliveries that failed (it does not retry): their events may or may not be stored. */
  emulatorFailed: number;
  statuses: Map<string, number>;
}

export const identityOf = (keys: readonly string[]) => [...keys].sort().join(' ');

export function dedupeKeys(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = undefined;
  }
  const record = (parsed ?? {}) as { webhook_id?: unknown; history_items?: unknown; event?: unknown };
  const webhookId =
    typeof record.webhook_id === 'string' && record.webhook_id !== '' ? record.webhook_id : undefined;
  if (typeof record.event === 'string' && webhookId !== undefined && Array.isArray(record.history_items)) {
    const keys = record.history_items
      .map((item) => (item as { id?: unknown }).id)
      .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
      .map((id) => `${webhookId}:${id}`);
    if (keys.length > 0) return keys;
  }
  return [`sha256:${createHash('sha256').update(body).digest('hex')}`];
}

export class WebhookLoad {
  readonly #events = new Map<string, SentEvent>();
  readonly #bodies: string[] = [];
  readonly #pending = new Set<Promise<void>>();
  readonly #endpoint: URL;
  readonly #secret: string;
  readonly #taskIds: readonly string[];
  readonly #random: () => number;
  #n = 0;
  readonly tally: WebhookTally = {
    events: 0,
    bursts: 0,
    deliveries: 0,
    emulatorDeliveries: 0,
    acked: 0,
    replays: 0,
    replaysStored: 0,
    walkedAway: 0,
    retries: 0,
    unacked: 0,
    emulatorFailed: 0,
    statuses: new Map(),
  };

  constructor(options: {
    endpoint: string;
    secret: string;
    taskIds: readonly string[];
    random: () => number;
  }) {
    this.#endpoint = new URL(options.endpoint);
    this.#secret = options.secret;
    this.#taskIds = options.taskIds;
    this.#random = options.random;
  }

  /** Sends one burst: `size` new events at once, plus replays of acknowledged ones. */
  burst(size: number): void {
    this.tally.bursts++;
    for (let i = 0; i < size; i++) {
      const roll = this.#random();
      if (roll < 0.1 && this.#bodies.length > 0) {
        const body = this.#bodies[Math.floor(this.#random() * this.#bodies.length)]!;
        this.#track(this.#replay(body));
        continue;
      }
      const body = this.#newBody();
      const keys = dedupeKeys(body);
      const identity = identityOf(keys);
      const event: SentEvent = { keys, identity, source: 'burst', acked: 0, storedAnswers: 0, attempts: 0 };
      this.#events.set(identity, event);
      this.tally.events++;
      const mode = roll < 0.15 ? 'gone before the answer' : roll < 0.2 ? 'half a body' : 'whole';
      this.#track(this.#deliver(event, body, mode));
    }
  }

  /** Resolves when every burst event was acknowledged, or `timeoutMs` passed. */
  async settled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#pending.size > 0 && Date.now() < deadline) {
      await Promise.race([Promise.allSettled([...this.#pending]), sleep(Math.max(0, deadline - Date.now()))]);
    }
  }

  /** Counts the emulator's deliveries (after `webhooks.settled()`). */
  countEmulator(deliveries: readonly EmulatorDelivery[], endpoint: string): void {
    for (const delivery of deliveries) {
      if (delivery.url !== endpoint) continue;
      this.tally.emulatorDeliveries++;
      const status = delivery.status === null ? `error: ${delivery.error ?? '?'}` : String(delivery.status);
      this.tally.statuses.set(`emulator ${status}`, (this.tally.statuses.get(`emulator ${status}`) ?? 0) + 1);
      const keys = dedupeKeys(delivery.body);
      const identity = identityOf(keys);
      let event = this.#events.get(identity);
      if (!event) {
        event = { keys, identity, source: 'emulator', acked: 0, storedAnswers: 0, attempts: 0 };
        this.#events.set(identity, event);
        this.tally.events++;
      }
      event.attempts++;
      if (delivery.status === 200) event.acked++;
      else this.tally.emulatorFailed++;
    }
  }

  /** Every event, for the comparison with the store. */
  events(): SentEvent[] {
    return [...this.#events.values()];
  }

  finish(): WebhookTally {
    this.tally.acked = this.events().filter((e) => e.acked > 0).length;
    this.tally.unacked = this.events().filter((e) => e.source === 'burst' && e.acked === 0).length;
    return this.tally;
  }

  #track(promise: Promise<void>) {
    this.#pending.add(promise);
    void promise.finally(() => this.#pending.delete(promise));
  }

  #newBody(): string {
    const n = this.#n++;
    const taskId = this.#taskIds[n % this.#taskIds.length]!;
    return JSON.stringify({
      event: 'taskStatusUpdated',
      history_items: [
        {
          id: String(3900000000000000000n + BigInt(n)),
          type: 1,
          date: String(Date.now()),
          field: 'status',
          parent_id: '901510000001',
          data: { status_type: 'custom' },
          source: null,
          user: { id: 81000001, username: 'Alice', email: 'alice@example.com', color: '#7b68ee' },
          before: { status: 'to do', color: '#f9d900', orderindex: 0, type: 'open' },
          after: { status: 'in progress', color: '#7C4DFF', orderindex: 1, type: 'custom' },
        },
      ],
      task_id: taskId,
      webhook_id: BENCH_WEBHOOK_ID,
    });
  }

  #status(label: string) {
    this.tally.statuses.set(label, (this.tally.statuses.get(label) ?? 0) + 1);
  }

  async #deliver(
    event: SentEvent,
    body: string,
    first: 'whole' | 'gone before the answer' | 'half a body',
  ): Promise<void> {
    let mode = first;
    for (let attempt = 0; attempt < 30; attempt++) {
      event.attempts++;
      this.tally.deliveries++;
      if (attempt > 0) this.tally.retries++;
      if (mode !== 'whole') {
        this.tally.walkedAway++;
        this.#status(`burst: ${mode}`);
        await this.#walkAway(body, mode);
      } else {
        const answer = await this.#post(body);
        this.#status(`burst ${answer.status}`);
        if (answer.status === 200) {
          event.acked++;
          if (answer.duplicate === false) event.storedAnswers++;
          this.#bodies.push(body);
          return;
        }
      }
      mode = 'whole';
      await sleep(between(this.#random, 1000, 2000));
    }
  }

  async #replay(body: string): Promise<void> {
    this.tally.replays++;
    this.tally.deliveries++;
    const answer = await this.#post(body);
    this.#status(`replay ${answer.status}`);
    const event = this.#events.get(identityOf(dedupeKeys(body)));
    if (answer.status === 200 && event) {
      event.acked++;
      if (answer.duplicate === false) {
        event.storedAnswers++;
        this.tally.replaysStored++;
      }
    }
  }

  async #post(body: string): Promise<{ status: number | string; duplicate?: boolean }> {
    try {
      const response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': createHmac('sha256', this.#secret).update(body).digest('hex'),
        },
        body,
        signal: AbortSignal.timeout(7000), // ClickUp's receiver timeout
      });
      const text = await response.text();
      let duplicate: boolean | undefined;
      try {
        duplicate = (JSON.parse(text) as { duplicate?: boolean }).duplicate;
      } catch {
        duplicate = undefined;
      }
      return { status: response.status, ...(duplicate === undefined ? {} : { duplicate }) };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { status: `error ${cause?.code ?? cause?.message ?? (error as Error).name}` };
    }
  }

  /** Sends the signed request (all of it, or half the body) on a raw socket and destroys it. */
  #walkAway(body: string, mode: 'gone before the answer' | 'half a body'): Promise<void> {
    const url = this.#endpoint;
    const head = [
      `POST ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      'Content-Type: application/json',
      `X-Signature: ${createHmac('sha256', this.#secret).update(body).digest('hex')}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      '',
    ].join('\r\n');
    const sent = mode === 'half a body' ? body.slice(0, Math.floor(body.length / 2)) : body;
    return new Promise((resolve) => {
      const socket = netConnect(Number(url.port), url.hostname);
      socket.on('error', () => undefined);
      socket.once('connect', () => {
        socket.write(head + sent);
        setTimeout(
          () => {
            socket.destroy();
            resolve();
          },
          mode === 'half a body' ? between(this.#random, 50, 500) : between(this.#random, 0, 30),
        );
      });
    });
  }
}
