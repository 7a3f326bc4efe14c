/**
 * Where a running emulator serves attachment files: its own origin, so the `url` of an attachment
 * (a task's `attachments`, an upload's answer) can be downloaded from it, as ClickUp's
 * `https://t<workspace>.p.clickup-attachments.com/…` URLs are. A state no server serves (a unit
 * test of the render functions) keeps ClickUp's host. Keyed by the state object, which reset()
 * refills in place.
 */
import type { ClickUpState } from './clickup-state.ts';

const origins = new WeakMap<ClickUpState, string>();

export function serveAttachmentsAt(state: ClickUpState, origin: string): void {
  origins.set(state, origin.replace(/\/+$/, ''));
}

/** The file's URL: `<origin>/attachments/t<team>/<id>/<title>`, or ClickUp's host when not served. */
export function attachmentUrl(state: ClickUpState, id: string, title: string): string {
  const team = `t${state.team.id.slice(0, 4)}`;
  const origin = origins.get(state);
  return origin
    ? `${origin}/attachments/${team}/${id}/${encodeURIComponent(title)}`
    : `https://${team}.p.clickup-attachments.com/${team}/${id}/${encodeURIComponent(title)}`;
}
