/**
 * Webhooks (research §4.1): `GET/POST /team/{team_id}/webhook`, `PUT/DELETE /webhook/{webhook_id}`.
 * Create takes `{endpoint, events: [...] | ["*"], space_id?, folder_id?, list_id?, task_id?}` and
 * answers `{id, webhook}` with the `secret` deliveries are signed with; the same endpoint and
 * location again: OAUTH_171. Update wants the full `{endpoint, events}` (plus `status`; "active"
 * re-enables a suspended webhook).
 */
import { createHash } from 'node:crypto';
import { badRequest, notFound, webhookExists } from '../clickup-error.ts';
import type { WebhookRecord } from '../clickup-state.ts';
import { nextUuid } from '../ids.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

/**
 * The 28 documented event names (research §4.1; "*" is accepted besides them). The emulator stands in
 * for the API, so it keeps its own list rather than importing the server's:
 * apps/clickup/src/tools/webhooks/webhook-events.test.ts checks it equals the server's and the pack's.
 */
export const WEBHOOK_EVENTS: readonly string[] = [
  'taskCreated',
  'taskUpdated',
  'taskDeleted',
  'taskPriorityUpdated',
  'taskStatusUpdated',
  'taskAssigneeUpdated',
  'taskDueDateUpdated',
  'taskTagUpdated',
  'taskMoved',
  'taskCommentPosted',
  'taskCommentUpdated',
  'taskTimeEstimateUpdated',
  'taskTimeTrackedUpdated',
  'listCreated',
  'listUpdated',
  'listDeleted',
  'folderCreated',
  'folderUpdated',
  'folderDeleted',
  'spaceCreated',
  'spaceUpdated',
  'spaceDeleted',
  'goalCreated',
  'goalUpdated',
  'goalDeleted',
  'keyResultCreated',
  'keyResultUpdated',
  'keyResultDeleted',
];

export function webhookRoutes(): ClickUpRoute[] {
  const render = (ctx: RouteContext, w: WebhookRecord) => ({
    id: w.id,
    userid: w.userId,
    team_id: Number(ctx.state.team.id),
    endpoint: w.endpoint,
    client_id: `${w.id.slice(0, 8).toUpperCase()}CLIENT`,
    events: w.events,
    task_id: w.taskId,
    list_id: w.listId === null ? null : Number(w.listId),
    folder_id: w.folderId === null ? null : Number(w.folderId),
    space_id: w.spaceId === null ? null : Number(w.spaceId),
    health: { status: w.status, fail_count: w.failCount },
    secret: w.secret,
  });
  const checked = (body: Record<string, unknown>) => {
    const endpoint = body['endpoint'];
    if (typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint) || !URL.canParse(endpoint)) {
      throw badRequest('Webhook endpoint must be an http(s) URL');
    }
    const events = body['events'];
    if (
      !Array.isArray(events) ||
      events.length === 0 ||
      !events.every((e) => e === '*' || WEBHOOK_EVENTS.includes(e as string))
    ) {
      throw badRequest('Webhook events must be a list of event names, or ["*"]');
    }
    return { endpoint, events: events as string[] };
  };
  const findWebhook = (ctx: RouteContext) => {
    const webhook = ctx.state.webhooks.find((w) => w.id === ctx.params['webhook_id']);
    if (!webhook) throw notFound('Webhook');
    return webhook;
  };
  const location = (body: Record<string, unknown>, name: string) => {
    const value = body[name];
    return value === undefined || value === null ? null : String(value);
  };
  return [
    v2('GET', '/team/:team_id/webhook', (ctx) => {
      if (!readTeam(ctx)) return { webhooks: [] };
      return { webhooks: ctx.state.webhooks.filter((w) => w.userId === ctx.me).map((w) => render(ctx, w)) };
    }),
    v2('POST', '/team/:team_id/webhook', (ctx) => {
      requireTeam(ctx);
      const body = objectBody(ctx.request);
      const { endpoint, events } = checked(body);
      const id = nextUuid(ctx.state, 'webhook');
      const webhook: WebhookRecord = {
        id,
        userId: ctx.me,
        endpoint,
        events,
        taskId: location(body, 'task_id'),
        listId: location(body, 'list_id'),
        folderId: location(body, 'folder_id'),
        spaceId: location(body, 'space_id'),
        status: 'active',
        failCount: 0,
        secret: createHash('sha256').update(`clickup-emulator-webhook:${id}`).digest('hex').toUpperCase(),
      };
      const duplicate = ctx.state.webhooks.some(
        (w) =>
          w.endpoint === webhook.endpoint &&
          w.taskId === webhook.taskId &&
          w.listId === webhook.listId &&
          w.folderId === webhook.folderId &&
          w.spaceId === webhook.spaceId,
      );
      if (duplicate) throw webhookExists();
      ctx.state.webhooks.push(webhook);
      return { id, webhook: render(ctx, webhook) };
    }),
    v2('PUT', '/webhook/:webhook_id', (ctx) => {
      const webhook = findWebhook(ctx);
      const body = objectBody(ctx.request);
      const { endpoint, events } = checked(body);
      webhook.endpoint = endpoint;
      webhook.events = events;
      if (body['status'] === 'active') {
        webhook.status = 'active';
        webhook.failCount = 0;
      } else if (body['status'] === 'suspended') webhook.status = 'suspended';
      return { id: webhook.id, webhook: render(ctx, webhook) };
    }),
    v2('DELETE', '/webhook/:webhook_id', (ctx) => {
      const webhook = findWebhook(ctx);
      ctx.state.webhooks = ctx.state.webhooks.filter((w) => w !== webhook);
      return {};
    }),
  ];
}
