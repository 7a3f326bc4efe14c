import { FindUsersTool } from './find-users.tool.ts';
import { GetUsersTool } from './get-users.tool.ts';

/** Users: search and read people of the organisation (`users` toolset). */
export function createUserTools() {
  return [new FindUsersTool(), new GetUsersTool()];
}
