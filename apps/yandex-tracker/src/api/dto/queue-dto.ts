/** Compact queue views: a summary for lists, a detail for one queue, fields and permissions. */
import { compact, personRef, refKey } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiQueue {
  self?: string;
  id: number | string;
  key: string;
  version?: number;
  name: string;
  description?: string;
  lead?: Ref;
  assignAuto?: boolean;
  defaultType?: Ref;
  defaultPriority?: Ref;
  teamUsers?: Ref[];
  issueTypes?: Ref[];
  versions?: Ref[];
  components?: Ref[];
  projects?: Ref[];
  workflows?: Record<string, Ref[]>;
  fields?: Ref[];
  issueTypesConfig?: Array<{ issueType?: Ref; workflow?: Ref; resolutions?: Ref[] }>;
  [field: string]: unknown;
}

export interface ApiField {
  self?: string;
  id: string;
  key?: string;
  name: string;
  /** `local` for a queue's local field. */
  type?: string;
  version?: number;
  schema?: { type?: string; items?: string; required?: boolean };
  readonly?: boolean;
  category?: Ref;
  queue?: Ref;
  [field: string]: unknown;
}

export interface ApiPermissionSet {
  self?: string;
  users?: Ref[];
  groups?: Ref[];
  roles?: Ref[];
}

export interface ApiPermissions {
  self?: string;
  version?: number;
  create?: ApiPermissionSet;
  write?: ApiPermissionSet;
  read?: ApiPermissionSet;
  grant?: ApiPermissionSet;
  [field: string]: unknown;
}

const display = (ref: Ref) => ref.display ?? String(ref.id);

export function toQueueSummary(queue: ApiQueue) {
  return compact({
    key: queue.key,
    name: queue.name,
    lead: queue.lead?.display,
    defaultType: refKey(queue.defaultType),
    defaultPriority: refKey(queue.defaultPriority),
  });
}

export function toQueueDetail(queue: ApiQueue) {
  return compact({
    key: queue.key,
    id: queue.id,
    version: queue.version,
    name: queue.name,
    description: queue.description,
    lead: personRef(queue.lead),
    defaultType: refKey(queue.defaultType),
    defaultPriority: refKey(queue.defaultPriority),
    assignAuto: queue.assignAuto,
    issueTypes: queue.issueTypes?.map((t) => refKey(t)),
    team: queue.teamUsers?.map(display),
    components: queue.components?.map((c) => ({ id: String(c.id), name: display(c) })),
    projects: queue.projects?.map((p) => ({ id: String(p.id), name: display(p) })),
    versions: queue.versions?.map(display),
    workflows: queue.workflows
      ? Object.fromEntries(
          Object.entries(queue.workflows).map(([id, types]) => [id, types.map((t) => refKey(t))]),
        )
      : undefined,
    requiredFields: queue.fields?.map((f) => String(f.id)),
    issueTypesConfig: queue.issueTypesConfig?.map((c) => ({
      issueType: refKey(c.issueType),
      workflow: c.workflow ? String(c.workflow.id) : undefined,
      resolutions: c.resolutions?.map((r) => refKey(r)),
    })),
  });
}

/** A field usable in a queue: `setAs` is the key to write it under (`customFields` of issue tools). */
export function toQueueField(field: ApiField) {
  const local = field.type === 'local' || field.id.includes('--');
  return compact({
    id: field.id,
    name: field.name,
    setAs: local ? (field.key ?? field.id) : field.id,
    type: field.schema?.items ? `${field.schema.type}<${field.schema.items}>` : field.schema?.type,
    required: field.schema?.required ?? false,
    readonly: field.readonly || undefined,
    local: local || undefined,
    category: field.category?.display,
  });
}

function toPermissionSet(set: ApiPermissionSet | undefined) {
  return {
    users: (set?.users ?? []).map((u) => personRef(u)!),
    groups: (set?.groups ?? []).map((g) => ({ id: String(g.id), display: display(g) })),
    roles: (set?.roles ?? []).map((r) => String(r.id)),
  };
}

/** Who may create, write, read and grant in a queue; `version` is the permissions' version. */
export function toQueuePermissions(queueId: string, permissions: ApiPermissions) {
  return {
    queue: queueId,
    ...(permissions.version !== undefined ? { version: permissions.version } : {}),
    create: toPermissionSet(permissions.create),
    write: toPermissionSet(permissions.write),
    read: toPermissionSet(permissions.read),
    grant: toPermissionSet(permissions.grant),
  };
}
