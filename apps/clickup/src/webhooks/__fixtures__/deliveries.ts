/** Webhook bodies for tests: the pack's verbatim fixtures (research §4) and made-up standard deliveries. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { identifyDelivery } from '../identify-delivery.ts';
import type { WebhookDelivery } from '../webhook-event-store.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../knowledge/__fixtures__');

export const FIXTURE = {
  statusUpdated: 'section-4-2-standard-task-status-updated.json',
  taskDeleted: 'section-4-2-standard-task-deleted.json',
  listCreated: 'section-4-2-standard-list-created.json',
  automation: 'section-4-3-automation-call-webhook.json',
  legacy: 'section-4-4-automation-legacy.json',
  versionVector: 'section-4-5-version-vector-comment.json',
} as const;

/** The fixture's body as ClickUp sends it: compact JSON. */
export function fixtureBody(name: string): string {
  return JSON.stringify(JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')));
}

export const WEBHOOK_ID = '7fa3ec74-69a8-4530-a251-8a13730bd204';

/** A standard delivery: one status history item with this id, on this task, in list 162641062. */
export function standardBody(
  historyId: string,
  options: { event?: string; taskId?: string; listId?: string; status?: string } = {},
): string {
  return JSON.stringify({
    event: options.event ?? 'taskStatusUpdated',
    history_items: [
      {
        id: historyId,
        type: 1,
        date: '1642736073330',
        field: 'status',
        parent_id: options.listId ?? '162641062',
        data: { status_type: 'custom' },
        source: null,
        user: { id: 183, username: 'John', email: 'john@example.com', color: '#7b68ee' },
        before: { status: 'to do', color: '#f9d900', orderindex: 0, type: 'open' },
        after: { status: options.status ?? 'in progress', color: '#7C4DFF', orderindex: 1, type: 'custom' },
      },
    ],
    task_id: options.taskId ?? '1vj38vv',
    webhook_id: WEBHOOK_ID,
  });
}

export const delivery = (body: string): WebhookDelivery => identifyDelivery(body, JSON.parse(body));
