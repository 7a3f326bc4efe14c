/**
 * A small "notes" server for the adversary's own tests: four tools over a fake HTTP API — one on
 * the guarded path, one that strips unknown keys and writes "" (the old way), one that crashes on
 * a date it does not check, and a read — with members and statuses as reference data.
 */
import {
  ApiError,
  BaseTool,
  change,
  defineEntityKind,
  defineToolMetadata,
  duration,
  ReferenceSource,
  ref,
  when,
  type ParamsValidation,
  type ToolContext,
} from '@toolsmith/core';
import { z } from 'zod';
import { createFakeApi, type FakeApi } from '../../fake-api/fake-api.ts';

export interface NotesDeps {
  api: string;
  references: ReferenceSource<NotesDeps>;
}

const MEMBERS = [
  { id: 7, username: 'ana', email: 'ana@example.com', name: 'Ana Lima', me: true },
  { id: 8, username: 'rui', email: 'rui@example.com', name: 'Rui Costa' },
];
const STATUSES = ['open', 'doing', 'done'];

async function send(deps: NotesDeps, method: string, path: string, body?: unknown) {
  const response = await fetch(`${deps.api}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((error: unknown) => {
    // A request the API's server would not read (a 100 kB path): the id was wrong.
    throw new ApiError({
      status: 0,
      method,
      url: path.slice(0, 80),
      message: 'The notes API closed the connection: check the note id.',
      cause: error,
    });
  });
  if (!response.ok)
    throw new ApiError({
      status: response.status,
      method,
      url: path.slice(0, 80),
      message: `The notes API refused the request (HTTP ${response.status}): check the note id.`,
    });
  return response.json() as Promise<unknown>;
}

const noteParams = () =>
  z.object({
    note_id: z.string().min(1),
    title: z.string().min(1).max(200).optional(),
    status: ref('status').optional(),
    owner: ref('member', { id: 'number' }).optional(),
    watchers: change(
      z.object({
        add: z.array(ref('member', { id: 'number' })).optional(),
        rem: z.array(ref('member', { id: 'number' })).optional(),
      }),
      { operations: ['add', 'rem'], flat: 'refuse' },
    ).optional(),
    due: when().optional(),
    estimate: duration().optional(),
    pinned: z.boolean().optional(),
  });

type NoteParams = z.output<ReturnType<typeof noteParams>>;

/** On the guarded path. */
export class UpdateNoteTool extends BaseTool<NotesDeps, ReturnType<typeof noteParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: 'notes_update_note',
    description: 'Change a note.',
    category: 'notes',
    annotations: { readOnlyHint: false, idempotentHint: true },
  });
  readonly #schema = noteParams();
  override getParamsSchema() {
    return this.#schema;
  }
  protected override guardPolicy() {
    return { refuseEmpty: true };
  }
  async execute(p: NoteParams, ctx: ToolContext<NotesDeps>) {
    return send(ctx.deps, 'PUT', `/notes/${p.note_id}`, {
      title: p.title,
      status: p.status,
      owner: p.owner,
      watchers: p.watchers,
      due: p.due?.epochMs,
      due_time: p.due?.hasTime,
      estimate: p.estimate?.ms,
      pinned: p.pinned,
    });
  }
}

/** The old way: zod strips unknown keys and nothing refuses "" — a silent wrong write. */
export class LegacyUpdateNoteTool extends UpdateNoteTool {
  static override readonly METADATA = defineToolMetadata({
    ...UpdateNoteTool.METADATA,
    name: 'notes_update_note_legacy',
  });
  override validateParams(args: unknown): ParamsValidation<NoteParams> {
    const parsed = this.getParamsSchema().safeParse(args);
    return parsed.success ? { success: true, data: parsed.data } : super.validateParams(args);
  }
  protected override guardPolicy() {
    return { refuseEmpty: false };
  }
}

/** A date handled by hand: `new Date(x).toISOString()` throws on what it cannot read → -32603. */
const snoozeParams = z.object({ note_id: z.string().min(1), until: z.string() });
export class SnoozeNoteTool extends BaseTool<NotesDeps, typeof snoozeParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'notes_snooze_note',
    description: 'Snooze a note.',
    category: 'notes',
    annotations: { readOnlyHint: false },
  });
  override getParamsSchema() {
    return snoozeParams;
  }
  async execute(p: z.output<typeof snoozeParams>, ctx: ToolContext<NotesDeps>) {
    return send(ctx.deps, 'POST', `/notes/${p.note_id}/snooze`, { until: new Date(p.until).toISOString() });
  }
}

/** Reads: a filter on a status, with the status resolved. */
const findParams = z.object({ status: ref('status'), owner: ref('member', { id: 'number' }).optional() });
export class FindNotesTool extends BaseTool<NotesDeps, typeof findParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'notes_find_notes',
    description: 'Find notes.',
    category: 'notes',
    annotations: { readOnlyHint: true },
  });
  override getParamsSchema() {
    return findParams;
  }
  protected override guardPolicy() {
    return { refuseEmpty: true };
  }
  async execute(p: z.output<typeof findParams>, ctx: ToolContext<NotesDeps>) {
    return send(ctx.deps, 'GET', `/notes?status=${encodeURIComponent(p.status)}&owner=${p.owner ?? ''}`);
  }
}

export const references = new ReferenceSource<NotesDeps>({
  zone: async () => 'Europe/Lisbon',
  zoneSource: 'your profile',
  kinds: [
    defineEntityKind<NotesDeps>({
      name: 'member',
      one: 'a member',
      many: 'members',
      listTool: 'notes_get_members',
      load: async () =>
        MEMBERS.map((m) => ({
          value: m.id,
          forms: [m.username, m.email],
          names: [m.name],
          person: true,
          ...(m.me ? { me: true } : {}),
        })),
    }),
    defineEntityKind<NotesDeps>({
      name: 'status',
      one: 'a status',
      many: 'statuses',
      load: async () => STATUSES.map((s) => ({ value: s })),
    }),
  ],
});

/** The notes API: every write echoed, reads answered empty. */
export function startNotesApi(): Promise<FakeApi> {
  return createFakeApi({
    routes: {
      'PUT /notes/:id': (req) => ({ json: { id: req.params['id'], ...(req.body as object) } }),
      'POST /notes/:id/snooze': (req) => ({ json: req.body }),
      'GET /notes': (req) => ({ json: { items: [], query: req.query } }),
    },
  });
}

const VALID_UPDATE = {
  note_id: 'n1',
  title: 'Plan',
  status: 'doing',
  owner: 8,
  watchers: { add: [7], rem: [8] },
  due: '2026-12-01T10:00:00+03:00',
  estimate: 'PT1H30M',
  pinned: true,
};

/** A call of each tool that succeeds. */
export const NOTES_VALID_CALLS = {
  notes_update_note: [VALID_UPDATE],
  notes_update_note_legacy: [VALID_UPDATE],
  notes_snooze_note: [{ note_id: 'n1', until: '2026-12-01T10:00:00Z' }],
  notes_find_notes: [{ status: 'done', owner: 7 }],
};
