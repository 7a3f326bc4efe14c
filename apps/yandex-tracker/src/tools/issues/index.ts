import { CountIssuesTool } from './count-issues.tool.ts';
import { CreateIssueLinkTool } from './create-issue-link.tool.ts';
import { CreateIssueTool } from './create-issue.tool.ts';
import { DeleteIssueLinkTool } from './delete-issue-link.tool.ts';
import { FindIssuesTool } from './find-issues.tool.ts';
import { GetIssueChangelogTool } from './get-issue-changelog.tool.ts';
import { GetIssueLinksTool } from './get-issue-links.tool.ts';
import { GetIssueTransitionsTool } from './get-issue-transitions.tool.ts';
import { GetIssueUrlsTool } from './get-issue-urls.tool.ts';
import { GetIssuesTool } from './get-issues.tool.ts';
import { MoveIssueTool } from './move-issue.tool.ts';
import { TransitionIssueTool } from './transition-issue.tool.ts';
import { UpdateIssueTool } from './update-issue.tool.ts';

/** Issues: read (`issues` toolset) and write (`issues_write`), with their transitions and links. */
export function createIssueTools() {
  return [
    new GetIssuesTool(),
    new FindIssuesTool(),
    new CountIssuesTool(),
    new CreateIssueTool(),
    new UpdateIssueTool(),
    new MoveIssueTool(),
    new GetIssueChangelogTool(),
    new GetIssueTransitionsTool(),
    new TransitionIssueTool(),
    new GetIssueLinksTool(),
    new CreateIssueLinkTool(),
    new DeleteIssueLinkTool(),
    new GetIssueUrlsTool(),
  ];
}
