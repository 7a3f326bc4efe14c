/**
 * Where a task is — its list, folder and space, its parent and tags — read with one cached
 * `GET /task/{id}` (custom ids with their flags), for the checks that depend on it: the statuses and
 * custom fields of the task's list, the tags of its space, a new parent in the same list. Kept a
 * few seconds; a tool that moves or deletes a task forgets it.
 */
import type { ClickUpClient } from '../api/clickup-client.ts';
import type { ApiTask } from '../api/dto/task-view.ts';
import { parseTaskRef } from '../api/task-ref.ts';

export interface TaskPlace {
  readonly id: string;
  readonly customId: string | undefined;
  readonly name: string;
  readonly listId: string;
  readonly listName: string | undefined;
  readonly spaceId: string | undefined;
  readonly folderId: string | undefined;
  readonly parent: string | undefined;
  readonly tags: readonly string[];
}

/** Shared between the checks of a call and its neighbours; a value looked up again reads it again. */
const TTL_MS = 5_000;

export interface TaskPlaces {
  /** The task's place; throws the API's error (a missing task: NotFoundError naming it). */
  get(ref: string, signal?: AbortSignal): Promise<TaskPlace>;
  /** Forgets one task (every reference it was read by), or all. */
  forget(ref?: string): void;
}

export function taskPlaces(client: ClickUpClient, now: () => number = Date.now): TaskPlaces {
  const cache = new Map<string, { at: number; value: Promise<TaskPlace> }>();
  const keyOf = (ref: string) => {
    try {
      return parseTaskRef(ref).id;
    } catch {
      return ref;
    }
  };
  return {
    get(ref, signal) {
      const key = keyOf(ref);
      const hit = cache.get(key);
      if (hit && now() - hit.at < TTL_MS) return hit.value;
      const entry: { at: number; value: Promise<TaskPlace> } = { at: now(), value: Promise.resolve(null!) };
      entry.value = (async (): Promise<TaskPlace> => {
        const { path, query } = await client.task(ref, '', signal);
        const task = await client.get<ApiTask>(path, { query, ...(signal ? { signal } : {}) });
        const place: TaskPlace = {
          id: task.id,
          customId: task.custom_id ?? undefined,
          name: task.name,
          listId: String(task.list?.id ?? ''),
          listName: task.list?.name,
          spaceId: task.space?.id === undefined ? undefined : String(task.space.id),
          folderId: task.folder?.id === undefined || task.folder.hidden ? undefined : String(task.folder.id),
          parent: task.parent ?? undefined,
          tags: (task.tags ?? []).map((t) => t.name),
        };
        // The same task under its other names.
        for (const other of [place.id, place.customId])
          if (other !== undefined && other !== key) cache.set(other, entry);
        return place;
      })();
      entry.value.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      cache.set(key, entry);
      return entry.value;
    },
    forget(ref) {
      if (ref === undefined) {
        cache.clear();
        return;
      }
      const entry = cache.get(keyOf(ref));
      for (const [key, value] of [...cache]) if (key === keyOf(ref) || value === entry) cache.delete(key);
    },
  };
}
