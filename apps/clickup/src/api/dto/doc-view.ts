/**
 * Docs and their pages as the API v3 returns them (`/workspaces/{ws}/docs…`), and their compact
 * views: a doc's id, name and where it lives; a page's id, name and markdown content.
 */
import { isoDate } from './task-view.ts';

export interface ApiDoc {
  id: string;
  name: string;
  parent?: { id: string; type: number } | null;
  public?: boolean;
  date_created?: number | string | null;
  deleted?: boolean;
}

export interface ApiDocPage {
  id: string;
  name?: string;
  content?: string | null;
  date_updated?: number | string | null;
  /** Sub-pages (the API nests them). */
  pages?: ApiDocPage[];
}

/** v3 parent types. */
const PARENT_TYPES: Readonly<Record<number, string>> = {
  4: 'space',
  5: 'folder',
  6: 'list',
  7: 'everything',
  12: 'workspace',
};

export interface DocView {
  id: string;
  name: string;
  parent?: { id: string; type: string };
  created?: string;
}

export const toDocView = (d: ApiDoc): DocView => ({
  id: d.id,
  name: d.name,
  ...(d.parent
    ? { parent: { id: d.parent.id, type: PARENT_TYPES[d.parent.type] ?? String(d.parent.type) } }
    : {}),
  ...(isoDate(d.date_created) ? { created: isoDate(d.date_created)! } : {}),
});

export interface DocPageView {
  id: string;
  name: string;
  /** The parent page, for a sub-page. */
  parent?: string;
  updated?: string;
  content: string;
}

/** Pages in reading order, sub-pages after their parent (flattened). */
export function toDocPageViews(pages: ApiDocPage[], parent?: string): DocPageView[] {
  return pages.flatMap((p) => [
    {
      id: p.id,
      name: p.name ?? '',
      ...(parent ? { parent } : {}),
      ...(isoDate(p.date_updated) ? { updated: isoDate(p.date_updated)! } : {}),
      content: p.content ?? '',
    },
    ...toDocPageViews(p.pages ?? [], p.id),
  ]);
}
