/**
 * Webhook deliveries (research §4.1, §4.2). A change the API makes is POSTed, as compact JSON with
 * `X-Signature` (hex HMAC-SHA256 of the raw body with the webhook's secret), to every active webhook
 * of the workspace whose location (task, list, folder, Space or none) covers it and whose `events`
 * name the event or `*`. As in ClickUp, a specific task event is also delivered as `taskUpdated`
 * with the same history item, and a creation also sends `taskStatusUpdated`.
 *
 * Health: a delivery is one attempt (ClickUp retries up to 5 times; the emulator does not). A non-2xx
 * answer or a network error counts a failure (`failing`); 401 or 410 suspends the webhook at once,
 * as do 100 failures; a 2xx makes it `active` again with `fail_count` 0.
 *
 * `send()` is the test hook: it delivers one payload in any of the three formats (standard,
 * automation "Call webhook", automation legacy) on demand.
 */
import type { ClickUpState, TaskRecord, WebhookRecord } from '../clickup-state.ts';
import { nextCounter } from '../ids.ts';
import { ms, renderUser } from '../render.ts';
import { automationPayload, legacyAutomationPayload } from './automation-payloads.ts';
import { signBody } from './sign-body.ts';

export type WebhookFormat = 'standard' | 'automation' | 'automation-legacy';

export interface WebhookDelivery {
  format: WebhookFormat;
  /** The webhook it was sent for (standard format). */
  webhookId: string | null;
  event: string | null;
  url: string;
  /** The raw body, exactly as sent. */
  body: string;
  /** The `X-Signature` header, when one was sent. */
  signature: string | null;
  /** The receiver's status, or null when the request failed. */
  status: number | null;
  error: string | null;
}

/** One change of a task, as a history item (research §4.2 table). */
export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
  data?: Record<string, unknown>;
  /** Extra members of the item, e.g. `custom_field` or `comment`. */
  extra?: Record<string, unknown>;
  /** The specific event this change fires besides `taskUpdated` (e.g. `taskStatusUpdated`). */
  event?: string;
  /** Members added to the payload itself (e.g. `data` of `taskTimeTrackedUpdated`). */
  payload?: Record<string, unknown>;
}

export interface SendOptions {
  /** Standard format: the webhook whose endpoint and secret are used. */
  webhookId?: string;
  /** Where to POST; default the webhook's endpoint. Required for the automation formats. */
  url?: string;
  taskId: string;
  /** Standard format: the event (default `taskUpdated`). */
  event?: string;
  /** Standard format: the history items' changes (default a `status` item with the current status). */
  changes?: HistoryChange[];
}

export interface WebhookDispatcher {
  /** Every delivery made, in order (live array). */
  readonly deliveries: readonly WebhookDelivery[];
  /** A task was created. */
  taskCreated(task: TaskRecord, userId: number): void;
  /** A task changed: one delivery set per change (its specific event, and `taskUpdated`). */
  taskChanged(task: TaskRecord, userId: number, changes: HistoryChange[]): void;
  taskDeleted(task: TaskRecord): void;
  /** A list, folder, Space or goal event: `{event, <idKey>: id, webhook_id}`. */
  resourceEvent(
    event: string,
    idKey: 'list_id' | 'folder_id' | 'space_id' | 'goal_id',
    id: string,
    location: { spaceId?: string; folderId?: string | null; listId?: string },
  ): void;
  /** Sends one payload in the given format now (test hook). */
  send(format: WebhookFormat, options: SendOptions): Promise<WebhookDelivery>;
  /** Resolves when every delivery started so far has finished. */
  settled(): Promise<void>;
  /** Aborts the deliveries in flight and forgets every delivery made (`emulator.reset()`). */
  reset(): void;
}

export interface DispatcherOptions {
  now: () => number;
  /** How long a receiver may take (ClickUp: 7 s). */
  timeoutMs?: number;
}

export function createWebhookDispatcher(state: ClickUpState, options: DispatcherOptions): WebhookDispatcher {
  const deliveries: WebhookDelivery[] = [];
  const pending = new Set<Promise<unknown>>();
  const timeoutMs = options.timeoutMs ?? 7000;
  // Aborted by reset(): deliveries of the state before it stop at once.
  let generation = new AbortController();

  const post = async (delivery: WebhookDelivery, webhook?: WebhookRecord) => {
    deliveries.push(delivery);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(delivery.signature === null ? {} : { 'x-signature': delivery.signature }),
        },
        body: delivery.body,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), generation.signal]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = response.status;
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    if (webhook) recordHealth(webhook, delivery.status);
    return delivery;
  };

  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
    return promise;
  };

  const deliverStandard = (webhook: WebhookRecord, event: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({ event, ...payload, webhook_id: webhook.id });
    return track(
      post(
        {
          format: 'standard',
          webhookId: webhook.id,
          event,
          url: webhook.endpoint,
          body,
          signature: signBody(webhook.secret, body),
          status: null,
          error: null,
        },
        webhook,
      ),
    );
  };

  const subscribers = (
    event: string,
    location: { taskId?: string; listId?: string; folderId?: string | null; spaceId?: string },
  ) =>
    state.webhooks.filter(
      (w) =>
        w.status !== 'suspended' &&
        (w.events.includes('*') || w.events.includes(event)) &&
        (w.taskId === null || w.taskId === location.taskId) &&
        (w.listId === null || w.listId === location.listId) &&
        (w.folderId === null || w.folderId === location.folderId) &&
        (w.spaceId === null || w.spaceId === location.spaceId),
    );

  const taskLocation = (task: TaskRecord) => {
    const list = state.lists.find((l) => l.id === task.listId);
    return { taskId: task.id, listId: task.listId, folderId: list?.folderId ?? null, spaceId: list?.spaceId };
  };

  const historyItem = (task: TaskRecord, userId: number, change: HistoryChange) => {
    const user = state.users.find((u) => u.id === userId);
    return {
      id: String(2800000000000000000n + BigInt(nextCounter(state, 'history'))),
      type: 1,
      date: ms(options.now()),
      field: change.field,
      parent_id: task.listId,
      data: change.data ?? {},
      source: null,
      user: user ? renderUser(user) : { id: userId },
      before: change.before,
      after: change.after,
      ...change.extra,
    };
  };

  const deliverTask = (
    task: TaskRecord,
    event: string,
    items: unknown[],
    extra?: Record<string, unknown>,
  ) => {
    for (const webhook of subscribers(event, taskLocation(task))) {
      deliverStandard(webhook, event, { history_items: items, task_id: task.id, ...extra });
    }
  };

  const statusChange = (task: TaskRecord): HistoryChange => {
    const list = state.lists.find((l) => l.id === task.listId);
    const status = list?.statuses.find((s) => s.status === task.status);
    return {
      field: 'status',
      event: 'taskStatusUpdated',
      data: { status_type: status?.type ?? 'open' },
      before: { status: null, color: '#000000', type: 'removed', orderindex: -1 },
      after: {
        status: task.status,
        color: status?.color ?? '#d3d3d3',
        orderindex: status?.orderindex ?? 0,
        type: status?.type ?? 'open',
      },
    };
  };

  return {
    deliveries,
    taskCreated(task, userId) {
      const status = historyItem(task, userId, statusChange(task));
      const creation = historyItem(task, userId, { field: 'task_creation', before: null, after: null });
      deliverTask(task, 'taskCreated', [status, creation]);
      deliverTask(task, 'taskStatusUpdated', [status]);
    },
    taskChanged(task, userId, changes) {
      for (const change of changes) {
        const item = historyItem(task, userId, change);
        if (change.event && change.event !== 'taskUpdated') {
          deliverTask(task, change.event, [item], change.payload);
        }
        deliverTask(task, 'taskUpdated', [item], change.payload);
      }
    },
    taskDeleted(task) {
      for (const webhook of subscribers('taskDeleted', taskLocation(task))) {
        deliverStandard(webhook, 'taskDeleted', { task_id: task.id });
      }
    },
    resourceEvent(event, idKey, id, location) {
      for (const webhook of subscribers(event, location)) deliverStandard(webhook, event, { [idKey]: id });
    },
    async send(format, sendOptions) {
      const task = state.tasks.find((t) => t.id === sendOptions.taskId);
      if (!task) throw new Error(`No task ${sendOptions.taskId} in the emulator.`);
      if (format === 'standard') {
        const webhook = state.webhooks.find((w) => w.id === sendOptions.webhookId);
        if (!webhook) throw new Error(`No webhook ${String(sendOptions.webhookId)} in the emulator.`);
        const event = sendOptions.event ?? 'taskUpdated';
        const changes = sendOptions.changes ?? [statusChange(task)];
        const items = changes.map((change) => historyItem(task, state.me, change));
        const body = JSON.stringify({
          event,
          history_items: items,
          task_id: task.id,
          webhook_id: webhook.id,
        });
        return track(
          post(
            {
              format,
              webhookId: webhook.id,
              event,
              url: sendOptions.url ?? webhook.endpoint,
              body,
              signature: signBody(webhook.secret, body),
              status: null,
              error: null,
            },
            webhook,
          ),
        );
      }
      if (sendOptions.url === undefined) throw new Error(`The ${format} format needs a url.`);
      const n = nextCounter(state, 'automation');
      const ids = {
        automationId: `b4ced072-ae72-4c70-b898-${n.toString(16).padStart(12, '0')}`,
        triggerId: `6f612d16-9ff7-4db2-a2f6-${n.toString(16).padStart(12, '0')}`,
        date: options.now(),
      };
      const payload =
        format === 'automation'
          ? automationPayload(state, task, ids)
          : legacyAutomationPayload(state, task, ids);
      return track(
        post({
          format,
          webhookId: null,
          event: null,
          url: sendOptions.url,
          body: JSON.stringify(payload),
          signature: null,
          status: null,
          error: null,
        }),
      );
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    reset() {
      if (pending.size > 0) {
        generation.abort(new Error('emulator reset'));
        generation = new AbortController();
      }
      deliveries.length = 0;
    },
  };
}

function recordHealth(webhook: WebhookRecord, status: number | null): void {
  if (status !== null && status >= 200 && status < 300) {
    webhook.failCount = 0;
    webhook.status = 'active';
    return;
  }
  webhook.failCount += 1;
  webhook.status = status === 401 || status === 410 || webhook.failCount >= 100 ? 'suspended' : 'failing';
}
