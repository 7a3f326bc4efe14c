/**
 * Errors about the workspace a call works in, written for the agent to act on or relay to the user:
 * several workspaces and no CLICKUP_TEAM_ID, a CLICKUP_TEAM_ID the token does not see, and a task
 * that is not in the workspace (ClickUp's 401 "Team not authorized" for an id that does not exist).
 */
import {
  ConfigError,
  NotFoundError,
  ValidationError,
  type ApiError,
  type ConfigProblem,
} from '@toolsmith/core';

/** A workspace as `GET /team` lists it. */
export interface Workspace {
  id: string;
  name: string;
}

/**
 * A configuration problem met while serving a call, which the agent must relay to the user. Core's
 * ConfigError is a start-up error (thrown and logged, "internal error" to a client); this one is
 * user-facing: the call ends with an isError result naming the choices and the variable to set.
 */
export class UserFacingConfigError extends ConfigError {
  override readonly userFacing = true;

  constructor(options: { problems: readonly ConfigProblem[]; cause?: unknown }) {
    super(options);
    this.name = 'UserFacingConfigError';
  }
}

/** `9015123456 "Acme", 9015123457 "Side project"`. */
export const describeWorkspaces = (workspaces: readonly Workspace[]) =>
  workspaces.map((w) => `${w.id} "${w.name}"`).join(', ');

const ASK_AND_SET =
  'Ask the user which workspace this server should work in, set CLICKUP_TEAM_ID to its id in the server’s environment, and restart the server.';
const PASS_OR_SET =
  'Pass team_id (the id or name of one of them) to the tool; to make one the default of every call, set CLICKUP_TEAM_ID to its id in the server’s environment and restart the server.';

/** CLICKUP_TEAM_ID is not set and the token sees no workspace, or several. */
export function workspaceNotChosen(workspaces: readonly Workspace[]): UserFacingConfigError {
  return new UserFacingConfigError({
    problems: [
      workspaces.length === 0
        ? {
            variable: 'CLICKUP_TEAM_ID',
            problem: 'is not set, and the token sees no workspace.',
            howToFix: 'Use the token of a member of the workspace (CLICKUP_API_TOKEN).',
          }
        : {
            variable: 'CLICKUP_TEAM_ID',
            problem: `is not set, and the token sees ${workspaces.length} workspaces: ${describeWorkspaces(workspaces)}.`,
            howToFix: PASS_OR_SET,
          },
    ],
  });
}

/** CLICKUP_TEAM_ID names a workspace the (valid) token does not see. */
export function workspaceNotVisible(
  configured: string,
  workspaces: readonly Workspace[],
  cause: unknown,
): UserFacingConfigError {
  return new UserFacingConfigError({
    cause,
    problems: [
      {
        variable: 'CLICKUP_TEAM_ID',
        problem: `is ${configured}, a workspace this token does not see (ClickUp answered 401 "Team not authorized"); the token sees ${describeWorkspaces(workspaces) || 'no workspace'}.`,
        howToFix: workspaces.length === 0 ? 'Use the token of a member of the workspace.' : ASK_AND_SET,
      },
    ],
  });
}

/**
 * The task a path named does not exist in the workspace (or is not visible to the token), said as
 * such: ClickUp answers it with 401 "Team not authorized", which reads like a token problem.
 */
export function taskNotInWorkspace(
  ref: string,
  custom: boolean,
  workspace: Workspace | readonly Workspace[],
  original: ApiError,
): NotFoundError {
  const where = Array.isArray(workspace)
    ? `in the workspaces this token sees (${describeWorkspaces(workspace)})`
    : `in workspace "${(workspace as Workspace).name}" (${(workspace as Workspace).id})`;
  const why = custom
    ? `ClickUp's 401 "Team not authorized"${original.apiCode ? ` (${original.apiCode})` : ''} here means the custom id does not exist — the token is fine.`
    : 'It does not exist, was deleted, or is in a Space the token’s user cannot open — the token is fine.';
  return new NotFoundError({
    message: `No task ${ref} ${where}. ${why} Check the id, or find tasks with clickup_search_tasks.`,
    resource: 'task',
    id: ref,
    status: original.status,
    method: original.method,
    url: original.url,
    ...(original.apiCode ? { apiCode: original.apiCode } : {}),
    ...(original.requestId ? { requestId: original.requestId } : {}),
    body: original.body,
    cause: original,
  });
}

/** A workspace id (not CLICKUP_TEAM_ID's) the token does not see. */
export function workspaceNotFound(id: string, workspaces: readonly Workspace[], original: ApiError) {
  return new NotFoundError({
    message: `No workspace ${id} is visible to this token; it sees ${describeWorkspaces(workspaces) || 'no workspace'}. Use one of those ids (clickup_get_workspaces lists them).`,
    resource: 'workspace',
    id,
    status: original.status,
    method: original.method,
    url: original.url,
    ...(original.apiCode ? { apiCode: original.apiCode } : {}),
    body: original.body,
    cause: original,
  });
}

/**
 * A call that works in one workspace, made without `team_id` (and no CLICKUP_TEAM_ID default) by a
 * caller who sees several, or none: refused before anything is sent, with the choices.
 */
export function workspaceRequired(toolName: string, workspaces: readonly Workspace[]): ValidationError {
  const message =
    workspaces.length === 0
      ? 'this call works in a workspace, and your ClickUp account sees none. Ask to be invited to one, or sign in with the account that is. Nothing was sent.'
      : `this call works in one workspace, and you are in ${workspaces.length}: ${describeWorkspaces(workspaces)}. Pass team_id with the id or name of the one meant (ask the user if unsure); CLICKUP_TEAM_ID in the server's environment sets a default. Nothing was sent.`;
  return new ValidationError({ toolName, issues: [{ field: 'team_id', message }] });
}
