import { AddEntityCommentTool } from './add-entity-comment.tool.ts';
import { CreateEntityTool } from './create-entity.tool.ts';
import { DeleteEntityTool } from './delete-entity.tool.ts';
import { FindEntitiesTool } from './find-entities.tool.ts';
import { GetEntityCommentsTool } from './get-entity-comments.tool.ts';
import { GetEntityLinksTool } from './get-entity-links.tool.ts';
import { GetEntityTool } from './get-entity.tool.ts';
import { LinkEntitiesTool } from './link-entities.tool.ts';
import { UnlinkEntitiesTool } from './unlink-entities.tool.ts';
import { UpdateEntityTool } from './update-entity.tool.ts';
import { UpdateKeyResultsTool } from './update-key-results.tool.ts';

/**
 * Projects, portfolios and goals through the Entity API (`entities` toolset, off by default):
 * search, read, create, change, delete; goals' key results; their comments and links. The v2 projects API stays in
 * `projects`.
 */
export function createEntityTools() {
  return [
    new FindEntitiesTool(),
    new GetEntityTool(),
    new CreateEntityTool(),
    new UpdateEntityTool(),
    new UpdateKeyResultsTool(),
    new DeleteEntityTool(),
    new GetEntityCommentsTool(),
    new AddEntityCommentTool(),
    new GetEntityLinksTool(),
    new LinkEntitiesTool(),
    new UnlinkEntitiesTool(),
  ];
}
