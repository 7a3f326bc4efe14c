import { GetBoardColumnsTool } from './get-board-columns.tool.ts';
import { GetBoardTool } from './get-board.tool.ts';
import { GetBoardsTool } from './get-boards.tool.ts';
import { GetSprintTool } from './get-sprint.tool.ts';
import { GetSprintsTool } from './get-sprints.tool.ts';

/** Agile boards, their columns and sprints (`boards` toolset). */
export function createBoardTools() {
  return [
    new GetBoardsTool(),
    new GetBoardTool(),
    new GetBoardColumnsTool(),
    new GetSprintsTool(),
    new GetSprintTool(),
  ];
}
