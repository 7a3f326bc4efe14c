/**
 * The seed's Sprint folder (research: ClickUp's Sprints ClickApp keeps sprints as lists of a folder,
 * each with a start and a due date; the current one is the list whose dates hold today): folder
 * "Sprints" in the Marketing Space with "Sprint 7" (ended), "Sprint 8" (the one holding the seed's
 * now, SEED_EPOCH) and "Sprint 9" (next), two weeks each, empty. Lists show their dates as
 * `start_date` / `due_date` (ms strings), as ClickUp's do.
 */
import type { FolderRecord, ListRecord, StatusRecord } from './clickup-state.ts';

const DAY = 86_400_000;

/** 2025-12-22T00:00:00Z, a Monday: Sprint 7 starts; each sprint is 14 days, its due date the last. */
const FIRST_START = Date.UTC(2025, 11, 22);

export const SPRINT_FOLDER_ID = '90152000009';
export const SPRINT_LIST_IDS = ['901510000011', '901510000012', '901510000013'] as const;

const MARKETING = '90151000002';

const statuses = (listId: string): StatusRecord[] =>
  (
    [
      ['to do', 'open', '#d3d3d3'],
      ['in progress', 'custom', '#4194f6'],
      ['complete', 'closed', '#6bc950'],
    ] as const
  ).map(([status, type, color], orderindex) => ({
    id: `p${listId}_${status.replace(/\W+/g, '').slice(0, 8).padEnd(8, 'x')}`,
    status,
    color,
    orderindex,
    type,
  }));

/** The seed's folders and lists with the Sprint folder and its sprints added at the end. */
export function withSprintFolder(folders: FolderRecord[], lists: ListRecord[]) {
  const folder: FolderRecord = {
    id: SPRINT_FOLDER_ID,
    name: 'Sprints',
    spaceId: MARKETING,
    orderindex: 0,
    hidden: false,
    archived: false,
  };
  const sprints = SPRINT_LIST_IDS.map((id, n): ListRecord => {
    const start = FIRST_START + n * 14 * DAY;
    const label = (ms: number) => `${new Date(ms).getUTCMonth() + 1}/${new Date(ms).getUTCDate()}`;
    return {
      id,
      name: `Sprint ${7 + n} (${label(start)} - ${label(start + 13 * DAY)})`,
      spaceId: MARKETING,
      folderId: SPRINT_FOLDER_ID,
      orderindex: n,
      content: '',
      statuses: statuses(id),
      archived: false,
      startDate: start,
      // The last day, at its end (ClickUp keeps a due date without a time as that day's end).
      dueDate: start + 14 * DAY - 1,
    };
  });
  return { folders: [...folders, folder], lists: [...lists, ...sprints] };
}
