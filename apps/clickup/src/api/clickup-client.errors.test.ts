/**
 * API errors translated to their real cause, against the emulator: ClickUp's 401 "Team not
 * authorized" for a task id that does not exist (a custom id included) is "no task … in workspace …",
 * not a token problem — but only while the token itself is valid; a CLICKUP_TEAM_ID the token does not
 * see, and several workspaces without CLICKUP_TEAM_ID, are user-facing configuration errors naming the
 * workspaces. Each test counts the requests the API saw.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createClickUpEmulator, SEED_OTHER_TEAMS, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { AuthError, ConfigError, NotFoundError, noProgress, silentLogger } from '@toolsmith/core';
import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { GetTaskTool } from '../tools/tasks/get-task.tool.ts';
import { createClickUpClient, type ClickUpClientOptions } from './clickup-client.ts';
import { isMissing } from './not-found-hint.ts';

let emulator: ClickUpEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(options: Parameters<typeof createClickUpEmulator>[0] = {}) {
  emulator = await createClickUpEmulator(options);
  return emulator;
}

function clientFor(api: ClickUpEmulator, options: Partial<ClickUpClientOptions> = {}) {
  return createClickUpClient({
    baseUrl: api.url,
    authorization: api.token,
    retries: 0,
    timeoutMs: 2000,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the request to fail');
}

const seen = (api: ClickUpEmulator, method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === `/api/v2${path}`).length;
const WORKSPACE = 'workspace "Emulator Workspace" (9015123456)';

describe('a task that does not exist', () => {
  it('a custom id: NotFoundError "No task DEV-99999 in workspace …", not a token problem', async () => {
    const api = await start();
    const client = clientFor(api, { teamId: api.teamId });
    const { path, query } = await client.task('DEV-99999');
    const error = await failure(client.get(path, { query }));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(AuthError.isInstance(error)).toBe(false);
    expect(error.message).toMatch(/^No task DEV-99999 in workspace "Emulator Workspace" \(9015123456\)\./);
    expect(error.message).toContain('means the custom id does not exist — the token is fine');
    expect(error.message).toContain('find tasks with clickup_search_tasks');
    expect(error.message).not.toMatch(/CLICKUP_API_TOKEN|revoked/);
    expect(error).toMatchObject({
      userFacing: true,
      resource: 'task',
      id: 'DEV-99999',
      status: 401,
      apiCode: 'OAUTH_027',
    });
    expect(isMissing(error)).toBe(true);
    // The token was checked once (GET /team); a second miss reuses it.
    await failure(client.get(path, { query }));
    expect(seen(api, 'GET', '/team')).toBe(1);
    expect(seen(api, 'GET', '/task/DEV-99999')).toBe(2);
  });

  it('a write to it: the same answer, after one GET that shows the task is the missing thing', async () => {
    const api = await start();
    const client = clientFor(api, { teamId: api.teamId });
    const { path, query } = await client.task('DEV-99999', '/comment');
    const error = await failure(
      client.post(path, { query, json: { comment_text: 'hello', notify_all: false } }),
    );
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toContain(`No task DEV-99999 in ${WORKSPACE}`);
    expect(seen(api, 'POST', '/task/DEV-99999/comment')).toBe(1);
    expect(seen(api, 'GET', '/task/DEV-99999')).toBe(1);
    expect(api.writes().map((w) => w.path)).toEqual(['/api/v2/task/DEV-99999/comment']);
  });

  it('does not blame the task in the path when another id in the request is the missing one', async () => {
    const api = await start();
    const client = clientFor(api, { teamId: api.teamId });
    const { path, query } = await client.task('DEV-1', '/link/zzzzzzzzz');
    const error = await failure(client.post(path, { query }));
    expect(NotFoundError.isInstance(error)).toBe(false);
    expect(AuthError.isInstance(error)).toBe(true);
    expect(error.message).not.toContain('No task DEV-1');
  });

  it('a regular id: NotFoundError naming the workspace (the only one the token sees when none is configured)', async () => {
    const api = await start();
    const client = clientFor(api);
    const error = await failure(client.get('/task/zzzzzzzzz'));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(
      /^No task zzzzzzzzz in workspace "Emulator Workspace" \(9015123456\)\. It does not exist/,
    );
    expect(error.message).toContain('clickup_search_tasks');
  });

  it('a bad token stays a token problem (no translation)', async () => {
    const api = await start();
    const client = clientFor(api, { teamId: api.teamId, authorization: 'pk_1_revoked' });
    const error = await failure(
      client.get('/task/DEV-99999', { query: { custom_task_ids: 'true', team_id: api.teamId } }),
    );
    expect(AuthError.isInstance(error)).toBe(true);
    expect(NotFoundError.isInstance(error)).toBe(false);
    expect(error.message).toContain('OAUTH_025');
  });

  it('a task that exists is answered as before, with no extra request', async () => {
    const api = await start();
    const client = clientFor(api, { teamId: api.teamId });
    const { path, query } = await client.task('DEV-1');
    await expect(client.get(path, { query })).resolves.toMatchObject({ custom_id: 'DEV-1' });
    expect(api.requests).toHaveLength(1);
  });
});

describe('the workspace', () => {
  it('several workspaces and no CLICKUP_TEAM_ID: a user-facing configuration error naming each (id and name)', async () => {
    const api = await start({ workspaces: 3 });
    const client = clientFor(api);
    const error = await failure(client.teamId());
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ userFacing: true, code: 'config_invalid' });
    const [client1, personal] = SEED_OTHER_TEAMS;
    expect(error.message).toContain(
      `CLICKUP_TEAM_ID: is not set, and the token sees 3 workspaces: 9015123456 "Emulator Workspace", ${client1.id} "${client1.name}", ${personal.id} "${personal.name}".`,
    );
    expect(error.message).toContain('set CLICKUP_TEAM_ID to its id');
    // Custom ids need the workspace: the same error, before any task request.
    expect((await failure(client.task('DEV-1'))).message).toBe(error.message);
    expect(api.requests.every((r) => r.path === '/api/v2/team')).toBe(true);
  });

  it('a call that works in a workspace, without team_id: refused as an isError result with the choices, before any task request', async () => {
    const api = await start({ workspaces: 2 });
    const deps = createDeps(
      loadConfig({ CLICKUP_API_TOKEN: api.token, CLICKUP_API_BASE: api.url, CLICKUP_RETRIES: '0' }),
      silentLogger,
    );
    try {
      const result = await new GetTaskTool().run(
        { task_id: 'DEV-1' },
        {
          deps,
          signal: new AbortController().signal,
          progress: noProgress,
          logger: silentLogger,
          toolName: 'test',
        },
      );
      expect(result.isError).toBe(true);
      const text = (result.content[0] as { text: string }).text;
      expect(text).toContain('9015123456 "Emulator Workspace"');
      expect(text).toContain(`${SEED_OTHER_TEAMS[0].id} "${SEED_OTHER_TEAMS[0].name}"`);
      expect(text).toContain('Pass team_id with the id or name');
      expect(text).toContain('CLICKUP_TEAM_ID');
      expect(text).toContain('Nothing was sent');
      expect(emulator!.requests.every((r) => r.path === '/api/v2/team')).toBe(true);
    } finally {
      await deps.close();
    }
  });

  it('one workspace and no CLICKUP_TEAM_ID: resolved from GET /team, once', async () => {
    const api = await start();
    const client = clientFor(api);
    expect(await client.teamId()).toBe(api.teamId);
    expect(await client.teamId()).toBe(api.teamId);
    expect(seen(api, 'GET', '/team')).toBe(1);
  });

  it('a CLICKUP_TEAM_ID the token does not see: a user-facing configuration error listing the ones it does', async () => {
    const api = await start({ workspaces: 2 });
    const client = clientFor(api, { teamId: '9015999999' });
    const error = await failure(client.get('/team/9015999999/space'));
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ userFacing: true });
    expect(error.message).toContain('CLICKUP_TEAM_ID: is 9015999999, a workspace this token does not see');
    expect(error.message).toContain(`9015123456 "Emulator Workspace", ${SEED_OTHER_TEAMS[0].id}`);
    // A custom id sent with that workspace: the workspace is the cause, not the task.
    const { path, query } = await client.task('DEV-1');
    expect((await failure(client.get(path, { query }))).message).toContain('is 9015999999, a workspace');
  });

  it('another workspace id a tool was given: NotFoundError listing the workspaces the token sees', async () => {
    const api = await start();
    const client = clientFor(api, { teamId: api.teamId });
    const error = await failure(client.get('/team/123/space'));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'No workspace 123 is visible to this token; it sees 9015123456 "Emulator Workspace". Use one of those ids (clickup_get_workspaces lists them).',
    );
  });
});
