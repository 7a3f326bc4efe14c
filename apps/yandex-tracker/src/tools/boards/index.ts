import { ArchiveSprintTool } from './archive-sprint.tool.ts';
import { CreateBoardColumnTool } from './create-board-column.tool.ts';
import { CreateBoardTool } from './create-board.tool.ts';
import { CreateSprintTool } from './create-sprint.tool.ts';
import { DeleteBoardColumnTool } from './delete-board-column.tool.ts';
import { DeleteBoardTool } from './delete-board.tool.ts';
import { DeleteSprintTool } from './delete-sprint.tool.ts';
import { GetBoardColumnsTool } from './get-board-columns.tool.ts';
import { GetBoardTool } from './get-board.tool.ts';
import { GetBoardsTool } from './get-boards.tool.ts';
import { GetSprintTool } from './get-sprint.tool.ts';
import { GetSprintsTool } from './get-sprints.tool.ts';
import { MoveIssuesToSprintTool } from './move-issues-to-sprint.tool.ts';
import { StartSprintTool } from './start-sprint.tool.ts';
import { UpdateBoardColumnTool } from './update-board-column.tool.ts';
import { UpdateBoardTool } from './update-board.tool.ts';
import { UpdateSprintTool } from './update-sprint.tool.ts';

/**
 * Agile boards, their columns and sprints: reads (`boards` toolset) and writes — boards, columns,
 * sprints, their start and archive, issues into a sprint (`sprints` toolset).
 */
export function createBoardTools() {
  return [
    new GetBoardsTool(),
    new GetBoardTool(),
    new GetBoardColumnsTool(),
    new GetSprintsTool(),
    new GetSprintTool(),
    new CreateBoardTool(),
    new UpdateBoardTool(),
    new DeleteBoardTool(),
    new CreateBoardColumnTool(),
    new UpdateBoardColumnTool(),
    new DeleteBoardColumnTool(),
    new CreateSprintTool(),
    new UpdateSprintTool(),
    new DeleteSprintTool(),
    new StartSprintTool(),
    new ArchiveSprintTool(),
    new MoveIssuesToSprintTool(),
  ];
}
