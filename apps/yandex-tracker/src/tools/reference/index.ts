import { GetGlobalFieldsTool } from './get-global-fields.tool.ts';
import { GetIssueTypesTool } from './get-issue-types.tool.ts';
import { GetLinkTypesTool } from './get-link-types.tool.ts';
import { GetPrioritiesTool } from './get-priorities.tool.ts';
import { GetResolutionsTool } from './get-resolutions.tool.ts';
import { GetStatusesTool } from './get-statuses.tool.ts';

/** Reference data: statuses, issue types, priorities, resolutions, global fields, link types (`reference` toolset). */
export function createReferenceTools() {
  return [
    new GetStatusesTool(),
    new GetIssueTypesTool(),
    new GetPrioritiesTool(),
    new GetResolutionsTool(),
    new GetGlobalFieldsTool(),
    new GetLinkTypesTool(),
  ];
}
