import { CreateIssueTool } from './create-issue.tool.ts';
import { FindIssuesTool } from './find-issues.tool.ts';
import { GetIssuesTool } from './get-issues.tool.ts';

/** Issues: read (`issues` toolset) and write (`issues_write`). */
export function createIssueTools() {
  return [new GetIssuesTool(), new FindIssuesTool(), new CreateIssueTool()];
}
