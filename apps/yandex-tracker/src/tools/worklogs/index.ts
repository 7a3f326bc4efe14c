/** worklogs: time spent per issue (list, add, update, delete) and one person's time across issues. */
import { AddWorklogTool } from './add-worklog.tool.ts';
import { DeleteWorklogTool } from './delete-worklog.tool.ts';
import { GetWorklogsTool } from './get-worklogs.tool.ts';
import { SearchWorklogsTool } from './search-worklogs.tool.ts';
import { UpdateWorklogTool } from './update-worklog.tool.ts';

export function createWorklogTools() {
  return [
    new GetWorklogsTool(),
    new AddWorklogTool(),
    new UpdateWorklogTool(),
    new DeleteWorklogTool(),
    new SearchWorklogsTool(),
  ];
}
