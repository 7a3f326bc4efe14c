/**
 * The webhook event names are written three times — the server's WEBHOOK_EVENT_NAMES (the source),
 * the emulator's WEBHOOK_EVENTS (the API's stand-in does not import the server) and the knowledge
 * pack's clickupWebhookEvents() (sandboxed JavaScript cannot import TypeScript). This test keeps
 * them equal: the pack's list is read by running the helper through the pack loader and sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WEBHOOK_EVENTS as EMULATOR_EVENTS } from '@toolsmith/clickup-emulator';
import {
  createSandboxPool,
  loadToolDefinition,
  ToolHelperExecutor,
  type SandboxPool,
} from '@toolsmith/executable-knowledge';
import { findPackFile } from '../../knowledge/pack-location.ts';
import { WEBHOOK_EVENT_NAMES } from './webhook-events.ts';

const SERVER_EVENTS: readonly string[] = WEBHOOK_EVENT_NAMES.filter((e) => e !== '*');

let pool: SandboxPool;
let packEvents: string[];

beforeAll(async () => {
  const definition = await loadToolDefinition(findPackFile());
  pool = createSandboxPool({ size: 1 });
  const executor = new ToolHelperExecutor(definition, pool);
  packEvents = (await executor.execute<string[]>('detect-webhook-type#clickupWebhookEvents', [])).value;
}, 30_000);

afterAll(async () => {
  await pool.close();
});

describe('ClickUp webhook event names', () => {
  it('the server, the emulator and the knowledge pack name the same events', () => {
    const lists = {
      'server (webhook-events.ts)': SERVER_EVENTS,
      'emulator (routes/webhooks.ts)': EMULATOR_EVENTS,
      'knowledge pack (helpers/detect-webhook-type.js)': packEvents,
    };
    const every = new Set(Object.values(lists).flat());
    const missing = Object.fromEntries(
      Object.entries(lists).map(([where, names]) => [where, [...every].filter((e) => !names.includes(e))]),
    );
    expect(missing).toEqual(Object.fromEntries(Object.keys(lists).map((where) => [where, []])));
  });

  it('each list has the 28 documented events once, and only the server takes "*"', () => {
    for (const names of [SERVER_EVENTS, EMULATOR_EVENTS, packEvents]) {
      expect(names).toHaveLength(28);
      expect(new Set(names).size).toBe(28);
      expect(names).not.toContain('*');
    }
    expect(WEBHOOK_EVENT_NAMES).toContain('*');
  });
});
