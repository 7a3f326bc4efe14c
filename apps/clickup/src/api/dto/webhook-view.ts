/** A ClickUp webhook (GET /team/{id}/webhook) and its compact view; the secret is never shown here. */
export interface ApiWebhook {
  id: string;
  endpoint: string;
  events: string[];
  task_id?: string | null;
  list_id?: string | number | null;
  folder_id?: string | number | null;
  space_id?: string | number | null;
  health?: { status?: string; fail_count?: number };
  secret?: string;
}

export interface WebhookView {
  id: string;
  endpoint: string;
  events: string[];
  scope?: string;
  status?: string;
  failCount?: number;
}

export function toWebhookView(w: ApiWebhook): WebhookView {
  const scope = w.task_id
    ? `task ${w.task_id}`
    : w.list_id
      ? `list ${w.list_id}`
      : w.folder_id
        ? `folder ${w.folder_id}`
        : w.space_id
          ? `space ${w.space_id}`
          : undefined;
  return {
    id: w.id,
    endpoint: w.endpoint,
    events: w.events,
    ...(scope ? { scope } : {}),
    ...(w.health?.status ? { status: w.health.status } : {}),
    ...(w.health?.fail_count ? { failCount: w.health.fail_count } : {}),
  };
}
