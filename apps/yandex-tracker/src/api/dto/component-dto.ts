/** Compact component view. */
import { compact, personRef, refKey } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiComponent {
  self?: string;
  id: number | string;
  version?: number;
  name: string;
  queue?: Ref;
  description?: string;
  lead?: Ref;
  assignAuto?: boolean;
  archived?: boolean;
  [field: string]: unknown;
}

export function toComponent(component: ApiComponent) {
  return compact({
    id: component.id,
    version: component.version,
    name: component.name,
    queue: refKey(component.queue),
    description: component.description,
    lead: personRef(component.lead),
    assignAuto: component.assignAuto,
    archived: component.archived || undefined,
  });
}
