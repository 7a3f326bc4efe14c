/**
 * A user in several workspaces picks one per call (`team_id`), against the emulator with Alice in
 * the seed workspace and "Client Projects", over MCP with the SDK client: without team_id the call
 * is refused with the choices (id and name) before anything but GET /team is sent; a name is
 * converted and announced; a workspace she is not in is refused with hers; CLICKUP_TEAM_ID is the
 * default of calls that name none; with one workspace nothing needs naming and nothing is announced.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClickUpEmulator, SEED_OTHER_TEAMS, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { silentLogger } from '@toolsmith/core';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { loadConfig } from '../config.ts';
import { createDeps, type ClickUpDeps } from '../deps.ts';
import { createServer } from '../server.ts';

const SEED = '9015123456';
const CLIENT_PROJECTS = SEED_OTHER_TEAMS[0];

let clickup: ClickUpEmulator;
const opened: { connection: McpTestConnection; deps: ClickUpDeps }[] = [];

beforeAll(async () => {
  clickup = await createClickUpEmulator({ workspaces: 2 });
});
afterAll(async () => {
  for (const { connection, deps } of opened) {
    await connection.close();
    await deps.close();
  }
  await clickup.close();
});

async function serverFor(env: Record<string, string> = {}, emulator = clickup) {
  const deps = createDeps(
    loadConfig({
      CLICKUP_API_TOKEN: emulator.token,
      CLICKUP_API_BASE: emulator.url,
      CLICKUP_RETRIES: '0',
      ...env,
    }),
    silentLogger,
  );
  const connection = await connectInMemory(
    createServer(deps, { logger: silentLogger, selection: { toolsets: ['all'] } }),
  );
  opened.push({ connection, deps });
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await connection.client.callTool({ name, arguments: args });
    return { isError: result.isError === true, text: resultText(result) };
  };
  return { call };
}

describe('workspaces per call', () => {
  it('several workspaces and no team_id: refused with each id and name, nothing sent but GET /team', async () => {
    const { call } = await serverFor();
    const mark = clickup.requests.length;
    const refused = await call('clickup_get_spaces');
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      `team_id: this call works in one workspace, and you are in 2: ${SEED} "Emulator Workspace", ${CLIENT_PROJECTS.id} "${CLIENT_PROJECTS.name}".`,
    );
    expect(refused.text).toContain('Nothing was sent');
    expect(clickup.requests.slice(mark).map((r) => r.path)).toEqual(['/api/v2/team']);
    // A custom task id needs the workspace too.
    expect((await call('clickup_get_task', { task_id: 'DEV-1' })).text).toContain('Pass team_id');
    // A tool that lists the workspaces needs none.
    const listed = await call('clickup_get_workspaces');
    expect(listed.isError).toBe(false);
    expect(listed.text).not.toContain('current');
  });

  it('team_id by id or by name: that workspace, the name converted and announced', async () => {
    const { call } = await serverFor();
    const byId = await call('clickup_get_task', { task_id: 'DEV-1', team_id: SEED });
    expect(byId.isError).toBe(false);
    expect(byId.text).not.toMatch(/converted/);
    const mark = clickup.requests.length;
    const byName = await call('clickup_get_spaces', { team_id: 'client projects' });
    expect(byName.isError).toBe(false);
    expect(byName.text).toContain(
      `team_id "client projects" → ${CLIENT_PROJECTS.id} (${CLIENT_PROJECTS.name})`,
    );
    expect(clickup.requests.slice(mark).map((r) => r.path)).toContain(
      `/api/v2/team/${CLIENT_PROJECTS.id}/space`,
    );
    // The seed workspace's spaces are not in Client Projects' answer.
    expect(byName.text).not.toContain('Development');
  });

  it('a workspace the user is not in: refused with theirs, nothing sent for it', async () => {
    const { call } = await serverFor();
    const mark = clickup.requests.length;
    const refused = await call('clickup_get_spaces', { team_id: '9015999999' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/"9015999999" is not a workspace\./);
    expect(refused.text).toContain(
      `Valid workspaces: ${SEED} (Emulator Workspace), ${CLIENT_PROJECTS.id} (${CLIENT_PROJECTS.name})`,
    );
    expect(clickup.requests.slice(mark).every((r) => r.path === '/api/v2/team')).toBe(true);
  });

  it('CLICKUP_TEAM_ID is the default of calls that name no workspace; another may still be named', async () => {
    const { call } = await serverFor({ CLICKUP_TEAM_ID: SEED });
    const task = await call('clickup_get_task', { task_id: 'DEV-1' });
    expect(task.isError).toBe(false);
    expect(task.text).toContain('"customId":"DEV-1"');
    const listed = await call('clickup_get_workspaces');
    expect(listed.text).toContain(`{"id":"${SEED}","name":"Emulator Workspace","members":5,"current":true}`);
    const other = await call('clickup_get_spaces', { team_id: CLIENT_PROJECTS.id });
    expect(other.isError).toBe(false);
    expect(other.text).not.toContain('Development');
  });

  it('one workspace: used without naming it, and nothing announced', async () => {
    const single = await createClickUpEmulator();
    try {
      const { call } = await serverFor({}, single);
      const task = await call('clickup_get_task', { task_id: 'DEV-1' });
      expect(task.isError).toBe(false);
      expect(task.text).not.toMatch(/converted|assumed/);
      expect(single.requests.filter((r) => r.path === '/api/v2/team')).toHaveLength(1);
    } finally {
      await single.close();
    }
  });
});
