/**
 * The ClickUp server's dependencies against the HTTP-level emulator (tools/emulators/clickup): real
 * HTTP, real client, the API's quirks. Tests use this, never fakes of the client.
 */
import { createClickUpEmulator } from '@toolsmith/clickup-emulator';
import { silentLogger, type ToolContext } from '@toolsmith/core';
import { createToolContext } from '@toolsmith/testing';
import { loadConfig } from '../config.ts';
import { createDeps, type ClickUpDeps } from '../deps.ts';

export type ClickUpEmulator = Awaited<ReturnType<typeof createClickUpEmulator>>;

export interface EmulatedClickUp {
  emulator: ClickUpEmulator;
  deps: ClickUpDeps;
  /** The environment a spawned server needs to reach the emulator. */
  env: Record<string, string>;
  /** A context like the one the MCP adapter builds for each call. */
  ctx(overrides?: Partial<ToolContext<ClickUpDeps>>): ToolContext<ClickUpDeps>;
  close(): Promise<void>;
}

export async function emulatedClickUp(extraEnv: Record<string, string> = {}): Promise<EmulatedClickUp> {
  const emulator = await createClickUpEmulator();
  const env = {
    CLICKUP_API_TOKEN: emulator.token,
    CLICKUP_API_BASE: emulator.url,
    CLICKUP_RETRIES: '1',
    ...extraEnv,
  };
  const deps = createDeps(loadConfig(env), silentLogger);
  return {
    emulator,
    deps,
    env,
    ctx: (overrides = {}) => createToolContext(deps, overrides),
    close: async () => {
      await deps.close();
      await emulator.close();
    },
  };
}
