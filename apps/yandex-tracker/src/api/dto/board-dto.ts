/** Boards, columns and sprints as the API sends them, and the compact views the board tools return. */
import { compact, refKey } from './refs.ts';
import type { Ref } from './tracker-types.ts';

export interface ApiBoard {
  self?: string;
  id: number | string;
  version?: number;
  name: string;
  columns?: Ref[];
  query?: string;
  filter?: Record<string, unknown>;
  orderBy?: string;
  orderAsc?: boolean;
  useRanking?: boolean;
  defaultQueue?: Ref;
  [field: string]: unknown;
}

export interface ApiBoardColumn {
  self?: string;
  id: number | string;
  name: string;
  statuses?: Ref[];
  [field: string]: unknown;
}

export interface ApiSprint {
  self?: string;
  id: number | string;
  version?: number;
  name: string;
  board?: Ref;
  status?: string;
  archived?: boolean;
  startDate?: string;
  endDate?: string;
  createdBy?: Ref;
  createdAt?: string;
  [field: string]: unknown;
}

export function toBoardSummary(board: ApiBoard) {
  return compact({
    boardId: String(board.id),
    name: board.name,
    queue: refKey(board.defaultQueue),
  });
}

export function toBoardDetail(board: ApiBoard) {
  return compact({
    boardId: String(board.id),
    version: board.version,
    name: board.name,
    queue: refKey(board.defaultQueue),
    query: board.query,
    filter: board.filter,
    orderBy: board.orderBy,
    orderAsc: board.orderAsc,
    useRanking: board.useRanking,
    columns: board.columns?.map((c) => ({ columnId: String(c.id), name: c.display ?? String(c.id) })),
  });
}

export function toBoardColumn(column: ApiBoardColumn) {
  return {
    columnId: String(column.id),
    name: column.name,
    statuses: (column.statuses ?? []).map((s) => refKey(s)!),
  };
}

export function toSprint(sprint: ApiSprint) {
  return compact({
    sprintId: String(sprint.id),
    name: sprint.name,
    status: sprint.status,
    startDate: sprint.startDate,
    endDate: sprint.endDate,
  });
}

export function toSprintDetail(sprint: ApiSprint) {
  return compact({
    ...toSprint(sprint),
    version: sprint.version,
    board: sprint.board
      ? { boardId: String(sprint.board.id), name: sprint.board.display ?? String(sprint.board.id) }
      : undefined,
    archived: sprint.archived,
    createdBy: sprint.createdBy?.display,
    createdAt: sprint.createdAt,
  });
}
