/** Compact project views (legacy `/v2/projects`): a summary for lists, a detail for one project. */
import { compact, personRef, refKey } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiProject {
  self?: string;
  id: string | number;
  version?: number;
  key?: string;
  name: string;
  description?: string;
  lead?: Ref;
  /** Lower case in responses (`launched`), upper case in requests (`LAUNCHED`). */
  status?: string;
  startDate?: string;
  endDate?: string;
  /** With `expand=queues`. */
  queues?: Ref[];
  [field: string]: unknown;
}

export function toProjectSummary(project: ApiProject) {
  return compact({
    id: String(project.id),
    name: project.name,
    status: project.status?.toUpperCase(),
    lead: project.lead?.display,
    queues: project.queues?.map((q) => refKey(q)),
    startDate: project.startDate,
    endDate: project.endDate,
  });
}

export function toProjectDetail(project: ApiProject) {
  return compact({
    id: String(project.id),
    version: project.version,
    name: project.name,
    key: project.key !== project.name ? project.key : undefined,
    description: project.description,
    status: project.status?.toUpperCase(),
    lead: personRef(project.lead),
    queues: project.queues?.map((q) => refKey(q)),
    startDate: project.startDate,
    endDate: project.endDate,
  });
}
