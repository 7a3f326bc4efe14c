/**
 * The workspace's spaces, folders and lists, read once for every entity kind that needs them —
 * spaces, folders, lists, the statuses and tags of the whole workspace, views — and shared between
 * them. ClickUp has no endpoint for the whole tree: it is `GET /team/{id}/space`, then per space its
 * folders (with their lists) and its folderless lists, read concurrently: 1 + 2 × spaces requests.
 * Archived places cost as much again (and a request per folder), so they are read only when asked
 * for: when a value was not found among the active ones (core looks a missing value up once more).
 * Tools that create, rename or delete a place drop it (ClickUpReferences.changed).
 */
import type { ApiFolder, ApiList, ApiSpace } from '../api/dto/hierarchy-view.ts';
import type { ClickUpClient } from '../api/clickup-client.ts';

export interface Place {
  readonly id: string;
  readonly name: string;
  readonly archived: boolean;
}

export interface FolderPlace extends Place {
  readonly spaceId: string;
}

export interface ListPlace extends Place {
  readonly spaceId: string;
  /** Undefined for a folderless list. */
  readonly folderId: string | undefined;
  /** The list's statuses in order, as ClickUp spells them. */
  readonly statuses: readonly string[];
}

export interface Hierarchy {
  readonly teamId: string;
  readonly spaces: readonly Place[];
  readonly folders: readonly FolderPlace[];
  readonly lists: readonly ListPlace[];
  /** Archived places were read too. */
  readonly archived: boolean;
}

/**
 * Only long enough to share one crawl between the kinds read for a call: each kind keeps its values
 * (ReferenceSource, minutes), and when core looks a missing value up again (values over 5 s old) the
 * kind's read must see the workspace as it is now.
 */
const TTL_MS = 5_000;

export interface HierarchyLoader {
  /** The active places; with `archived`, the archived ones too. */
  get(signal?: AbortSignal, options?: { archived?: boolean }): Promise<Hierarchy>;
  /** Reads it again next time (a place was created, renamed or deleted). */
  forget(): void;
}

export function hierarchyLoader(client: ClickUpClient, now: () => number = Date.now): HierarchyLoader {
  let cached: { at: number; archived: boolean; value: Promise<Hierarchy> } | undefined;
  return {
    get(signal, options = {}) {
      const archived = options.archived === true;
      if (cached && now() - cached.at < TTL_MS && (cached.archived || !archived)) return cached.value;
      const entry = { at: now(), archived, value: read(client, archived, signal) };
      entry.value.catch(() => {
        if (cached === entry) cached = undefined;
      });
      cached = entry;
      return entry.value;
    },
    forget() {
      cached = undefined;
    },
  };
}

async function read(client: ClickUpClient, withArchived: boolean, signal?: AbortSignal): Promise<Hierarchy> {
  const get = <T>(path: string, archived: boolean) =>
    client.get<T>(path, { query: { archived }, ...(signal ? { signal } : {}) });
  const teamId = await client.teamId(signal);
  /** The active items of a path, and the archived ones when they are wanted. */
  const read = async <T>(path: string, pick: (answer: T) => readonly unknown[]) => {
    const answers = await Promise.all(
      withArchived ? [get<T>(path, false), get<T>(path, true)] : [get<T>(path, false)],
    );
    return answers.flatMap((a) => [...pick(a)]);
  };
  const spaces = (await read<{ spaces: ApiSpace[] }>(`/team/${teamId}/space`, (a) => a.spaces)) as ApiSpace[];
  // Each space's places in the API's order, then the spaces in theirs: answers list them stably.
  const perSpace = await Promise.all(
    spaces.map(async (space) => {
      const spaceId = String(space.id);
      const [spaceFolders, folderless] = await Promise.all([
        read<{ folders: ApiFolder[] }>(`/space/${spaceId}/folder`, (a) => a.folders) as Promise<ApiFolder[]>,
        read<{ lists: ApiList[] }>(`/space/${spaceId}/list`, (a) => a.lists) as Promise<ApiList[]>,
      ]);
      // A folder's answer holds its active lists; its archived ones are asked for.
      const archivedInFolders = withArchived
        ? await Promise.all(
            spaceFolders.map(
              async (folder) => (await get<{ lists: ApiList[] }>(`/folder/${folder.id}/list`, true)).lists,
            ),
          )
        : spaceFolders.map(() => [] as ApiList[]);
      const folders: FolderPlace[] = spaceFolders.map((folder) => ({
        id: String(folder.id),
        name: folder.name,
        archived: folder.archived === true,
        spaceId,
      }));
      const lists: ListPlace[] = [];
      const seen = new Set<string>();
      const add = (list: ApiList, folderId: string | undefined) => {
        if (seen.has(String(list.id))) return;
        seen.add(String(list.id));
        lists.push({
          id: String(list.id),
          name: list.name,
          archived: list.archived === true,
          spaceId,
          folderId,
          statuses: (list.statuses ?? []).map((s) => s.status),
        });
      };
      spaceFolders.forEach((folder, i) => {
        for (const list of [...(folder.lists ?? []), ...archivedInFolders[i]!]) add(list, String(folder.id));
      });
      for (const list of folderless) add(list, undefined);
      return { folders, lists };
    }),
  );
  return {
    teamId,
    spaces: spaces.map((s) => ({ id: String(s.id), name: s.name, archived: s.archived === true })),
    folders: perSpace.flatMap((p) => p.folders),
    lists: perSpace.flatMap((p) => p.lists),
    archived: withArchived,
  };
}
