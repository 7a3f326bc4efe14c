/**
 * Time-tracking labels ("tags" in the API, research §2.7): `GET/POST/PUT/DELETE
 * /team/{team_id}/time_entries/tags` ([doc: Get all tags from time entries; Add tags from time
 * entries; Remove tags from time entries; Change tag names from time entries]). Registered before
 * the time-entry routes, whose `/time_entries/:timer_id` would take `tags` for an id.
 *
 * The Workspace's labels are those ever added plus those on its entries. Adding (`{time_entry_ids,
 * tags: [{name, tag_fg, tag_bg}]}`) puts them on every entry named; removing (`tags: [{name}]`)
 * takes them off the entries, "not from the Workspace"; renaming (`{name, new_name, tag_bg,
 * tag_fg}`) renames it everywhere. Labels need the Business Plan or above (../plan.ts); an entry id
 * that names none is 404 and nothing is changed (the emulator's choice: not documented).
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { ClickUpState, TagRecord, TimeEntryRecord } from '../clickup-state.ts';
import { requirePlan } from '../plan.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

const LABELS = 'Time tracking labels';

/** The Workspace's labels: those added, then those only on entries (by name). */
export function timeEntryLabels(state: ClickUpState): TagRecord[] {
  const labels = [...(state.timeEntryTags ?? [])];
  for (const tag of state.timeEntries.flatMap((e) => e.tags))
    if (!labels.some((l) => l.name === tag.name)) labels.push(tag);
  return labels;
}

/** A change to a time entry, for `GET …/time_entries/{timer_id}/history`. */
export function recordEntryChange(
  ctx: RouteContext,
  entry: TimeEntryRecord,
  field: string,
  before: unknown,
  after: unknown,
): void {
  (ctx.state.timeEntryHistory ??= []).push({
    entryId: entry.id,
    field,
    before,
    after,
    date: ctx.now,
    userId: ctx.me,
  });
}

export function timeEntryTagRoutes(): ClickUpRoute[] {
  const render = ({ name, creator, tag_bg, tag_fg }: TagRecord) => ({ name, creator, tag_bg, tag_fg });
  /** `time_entry_ids` and `tags` of a body, every entry found (else 404 before anything changes). */
  const readBody = (ctx: RouteContext) => {
    requireTeam(ctx);
    requirePlan(ctx.state, 'business', LABELS);
    const body = objectBody(ctx.request);
    const ids = body['time_entry_ids'];
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string'))
      throw badRequest('time_entry_ids must be a non-empty array of time entry ids');
    const tags = body['tags'];
    if (
      !Array.isArray(tags) ||
      tags.length === 0 ||
      !tags.every((t) => typeof t?.name === 'string' && t.name.trim() !== '')
    )
      throw badRequest('tags must be a non-empty array of {name}');
    const entries = ids.map((id) => {
      const entry = ctx.state.timeEntries.find((e) => e.id === id);
      if (!entry) throw notFound('Time entry');
      return entry;
    });
    return { entries, tags: tags as { name: string; tag_fg?: unknown; tag_bg?: unknown }[] };
  };
  const names = (tags: TagRecord[]) => tags.map((t) => t.name);
  return [
    v2('GET', '/team/:team_id/time_entries/tags', (ctx) => {
      if (!readTeam(ctx)) return { data: [] };
      return { data: timeEntryLabels(ctx.state).map(render) };
    }),
    v2('POST', '/team/:team_id/time_entries/tags', (ctx) => {
      const { entries, tags } = readBody(ctx);
      const labels = (ctx.state.timeEntryTags ??= []);
      for (const tag of tags) {
        const known = timeEntryLabels(ctx.state).find((l) => l.name === tag.name);
        const label: TagRecord = known ?? {
          name: tag.name,
          tag_fg: typeof tag.tag_fg === 'string' ? tag.tag_fg : '#ffffff',
          tag_bg: typeof tag.tag_bg === 'string' ? tag.tag_bg : '#7b68ee',
          creator: ctx.me,
        };
        if (!labels.some((l) => l.name === label.name)) labels.push(label);
        for (const entry of entries) {
          if (entry.tags.some((t) => t.name === label.name)) continue;
          const before = names(entry.tags);
          entry.tags = [...entry.tags, { ...label }];
          recordEntryChange(ctx, entry, 'tags', before, names(entry.tags));
        }
      }
      return {};
    }),
    v2('DELETE', '/team/:team_id/time_entries/tags', (ctx) => {
      const { entries, tags } = readBody(ctx);
      const gone = new Set(tags.map((t) => t.name));
      for (const entry of entries) {
        if (!entry.tags.some((t) => gone.has(t.name))) continue;
        const before = names(entry.tags);
        entry.tags = entry.tags.filter((t) => !gone.has(t.name));
        recordEntryChange(ctx, entry, 'tags', before, names(entry.tags));
      }
      return {};
    }),
    v2('PUT', '/team/:team_id/time_entries/tags', (ctx) => {
      requireTeam(ctx);
      requirePlan(ctx.state, 'business', LABELS);
      const body = objectBody(ctx.request);
      for (const key of ['name', 'new_name', 'tag_bg', 'tag_fg'])
        if (typeof body[key] !== 'string' || body[key] === '') throw badRequest(`${key} is required`);
      const [name, next] = [body['name'] as string, body['new_name'] as string];
      const label = timeEntryLabels(ctx.state).find((l) => l.name === name);
      if (!label) throw notFound('Tag');
      const colours = { tag_bg: body['tag_bg'] as string, tag_fg: body['tag_fg'] as string };
      const labels = (ctx.state.timeEntryTags ??= []).filter((l) => l.name !== name);
      ctx.state.timeEntryTags = [...labels, { ...label, name: next, ...colours }];
      for (const entry of ctx.state.timeEntries)
        entry.tags = entry.tags.map((t) => (t.name === name ? { ...t, name: next, ...colours } : t));
      return {};
    }),
  ];
}
