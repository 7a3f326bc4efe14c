/**
 * Identifies a received body on the intake path, before it is stored: its format (the detection
 * rule of research §4.6, the same as the pack's helpers/detect-webhook-type.js), event, webhook and
 * task ids, and its dedupe keys. Plain TypeScript, no sandbox: the append must not wait for the
 * sandbox, nor fail with it. The full normalisation (process-task) runs after the append.
 *
 * Dedupe keys: a standard delivery has one per history item, `{webhook_id}:{history_item_id}` (the
 * pack's `webhook.dedupe_keys`). The automation formats carry no history item (the pack gives no
 * key): one firing is `{automation id}:{trigger_id}:{task id}:{date}`. The observed version-vector
 * event has `hist_id`. Anything else — a standard event without history items (taskDeleted,
 * listCreated…), an unknown body — is keyed by the SHA-256 of its bytes, which a retry repeats.
 */
import type { WebhookDelivery, WebhookFormat } from './webhook-event-store.ts';

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const idText = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' || typeof value === 'bigint'
      ? String(value)
      : null;

/** The documented event names (research §4.1): a standard body whose webhook_id a relay dropped. */
const EVENT_NAME = /^(task|list|folder|space|goal|keyResult)[A-Z][A-Za-z]*$/;

const isInternalTask = (task: Body) =>
  'status_id' in task ||
  'subcategory' in task ||
  isObject(task.time_mgmt) ||
  isObject(task.ownership) ||
  '_version_vector' in task;

const isV2Task = (task: Body) =>
  !isInternalTask(task) &&
  typeof task.id === 'string' &&
  task.id !== '' &&
  (isObject(task.status) ||
    Array.isArray(task.custom_fields) ||
    isObject(task.list) ||
    Array.isArray(task.assignees) ||
    'date_created' in task);

export function detectFormat(body: unknown): WebhookFormat {
  if (!isObject(body)) return 'unknown';
  if (typeof body.event === 'string' && body.event !== '') {
    if (idText(body.webhook_id) !== null || EVENT_NAME.test(body.event)) return 'standard';
  }
  const payload = body.payload;
  if (body.trigger_id !== undefined && isObject(payload)) {
    if (body.auto_id !== undefined || isInternalTask(payload)) return 'automation';
    if (body.id !== undefined || isV2Task(payload)) return 'automation_legacy';
  }
  if (body.hist_id !== undefined && isObject(body.version) && body.version.object_type) {
    return 'version_vector';
  }
  return isV2Task(body) ? 'task' : 'unknown';
}

// node:crypto from getBuiltinModule at use: importing it builds its module facade (and WebCrypto's) at start.
const sha256 = (text: string) =>
  `sha256:${process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex')}`;

/** `body` is the raw text, `parsed` its JSON. */
export function identifyDelivery(body: string, parsed: unknown): WebhookDelivery {
  const format = detectFormat(parsed);
  const delivery: WebhookDelivery = {
    body,
    format,
    event: null,
    webhookId: null,
    taskId: null,
    dedupeKeys: [],
  };
  if (!isObject(parsed)) return { ...delivery, dedupeKeys: [sha256(body)] };
  if (format === 'standard') {
    delivery.event = typeof parsed.event === 'string' ? parsed.event : null;
    delivery.webhookId = idText(parsed.webhook_id);
    delivery.taskId = idText(parsed.task_id);
    const items = Array.isArray(parsed.history_items) ? parsed.history_items.filter(isObject) : [];
    for (const item of items) {
      const id = idText(item.id);
      if (id !== null) delivery.dedupeKeys.push(delivery.webhookId ? `${delivery.webhookId}:${id}` : id);
    }
  } else if (format === 'automation' || format === 'automation_legacy') {
    const payload = parsed.payload as Body;
    delivery.taskId = idText(payload.id);
    const automation = idText(format === 'automation' ? parsed.auto_id : parsed.id);
    const trigger = idText(parsed.trigger_id);
    const date = idText(parsed.date);
    if (automation && trigger && date) {
      delivery.dedupeKeys.push(`${automation}:${trigger}:${delivery.taskId ?? ''}:${date}`);
    }
  } else if (format === 'version_vector') {
    const version = parsed.version as Body;
    if (version.object_type === 'task') delivery.taskId = idText(version.object_id);
    const hist = idText(parsed.hist_id);
    if (hist) delivery.dedupeKeys.push(`hist:${hist}`);
  } else if (format === 'task') {
    delivery.taskId = idText(parsed.id);
  }
  if (delivery.dedupeKeys.length === 0) delivery.dedupeKeys.push(sha256(body));
  return delivery;
}
