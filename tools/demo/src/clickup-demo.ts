/**
 * `npm run demo -- clickup`: the ClickUp MCP server against the ClickUp API emulator, with no
 * account. The server runs as users run it over HTTP (`--transport http`), driven by the MCP SDK's
 * real client; the session reads by custom id, creates a task whose status, assignees and custom
 * field the server converts before sending, is refused (nothing sent) for a status the list lacks
 * and for a flat assignees array, and receives one signed webhook delivery from ClickUp.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClickUpEmulator } from '@toolsmith/clickup-emulator';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { freePort, resultText } from '@toolsmith/testing';
import { heading, note, request, response } from './transcript.ts';

const bin = fileURLToPath(import.meta.resolve('@toolsmith/clickup-mcp/bin'));
const SPRINT = '901510000001';
const BUGS = '901510000002';

const emulator = await createClickUpEmulator();
const port = await freePort();
const webhookUrl = `http://127.0.0.1:${port}/webhooks/clickup`;
const store = await mkdtemp(path.join(tmpdir(), 'clickup-demo-webhooks-'));
// The webhook exists before the server starts, so the server can be given its secret.
const created = (await (
  await fetch(`${emulator.url}/team/${emulator.teamId}/webhook`, {
    method: 'POST',
    headers: { authorization: emulator.token, 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: webhookUrl, events: ['taskStatusUpdated'], list_id: SPRINT }),
  })
).json()) as { id: string; webhook: { secret: string } };

const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) {
  if (value !== undefined && !key.startsWith('CLICKUP_') && !key.startsWith('MCP_') && key !== 'NODE_OPTIONS')
    env[key] = value;
}
Object.assign(env, {
  CLICKUP_API_BASE: emulator.url,
  CLICKUP_API_TOKEN: emulator.token,
  CLICKUP_WEBHOOK_SECRET: created.webhook.secret,
  CLICKUP_WEBHOOK_STORE: store,
});
const server = spawn(
  process.execPath,
  [
    '--conditions=@toolsmith/source',
    bin,
    '--transport',
    'http',
    '--port',
    String(port),
    '--toolsets',
    'tasks,custom_fields,webhooks',
  ],
  { env, stdio: ['ignore', 'ignore', 'pipe'] },
);
let serverLog = '';
server.stderr.on('data', (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-8000)));

const client = new Client({ name: 'clickup-demo', version: '1.0.0' });
async function call(name: string, args: Record<string, unknown>) {
  request(`tools/call ${name}`, args);
  const result = await client.callTool({ name, arguments: args });
  response(resultText(result), result.isError === true);
  return result;
}
const writes = () => emulator.requests.filter((r) => r.method !== 'GET').length;

try {
  heading('toolsmith demo — the ClickUp MCP server over Streamable HTTP, driven by the MCP SDK client');
  note(`ClickUp API emulator on ${emulator.url} (workspace ${emulator.teamId}, lists "Sprint 1" and "Bugs")`);
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  request('tools/list');
  const { tools } = await client.listTools();
  response(`${tools.length} tools: ${tools.map((t) => t.name).join(', ')}`);

  heading('Read a task by its custom id (custom_task_ids and team_id are added by the server)');
  await call('clickup_get_task', { task_id: 'DEV-1' });

  heading('Create a task: status case, "me", an email and a drop-down label are converted first');
  await call('clickup_create_task', {
    list_id: SPRINT,
    name: 'Checkout button does nothing on Safari 18',
    status: 'In Progress',
    assignees: ['me', 'bob@example.com'],
    priority: 'high',
    custom_fields: [{ id: 'Priority Level', value: 'High' }],
  });

  heading('Refused before the API: a status the list does not have');
  let before = writes();
  await call('clickup_create_task', { list_id: BUGS, name: 'Typo on the pricing page', status: 'in review' });
  note(`requests that changed something while refusing: ${writes() - before}`);

  heading('Refused before the API: a flat assignees array (ClickUp would ignore it and answer 200)');
  before = writes();
  await call('clickup_update_task', { task_id: 'DEV-1', assignees: ['carol@example.com'] });
  note(`requests that changed something while refusing: ${writes() - before}`);

  heading('A signed webhook: ClickUp posts the status change to /webhooks/clickup');
  await call('clickup_update_task', { task_id: 'DEV-1', status: 'in review' });
  const answered = () =>
    emulator.webhooks.deliveries.find(
      (d) => d.body.includes('"in review"') && (d.status !== null || d.error !== null),
    );
  for (let i = 0; i < 50 && !answered(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const delivery = answered();
  note(
    delivery
      ? `ClickUp → POST ${webhookUrl} ${delivery.event ?? ''} (X-Signature ${delivery.signature?.slice(0, 12)}…) → HTTP ${String(delivery.status ?? 'no answer')}`
      : 'no delivery was made',
  );
  await call('clickup_list_webhook_events', { include: ['changes'] });

  heading('Done');
  note(`The emulator served ${emulator.requests.length} API requests.`);
} catch (error) {
  process.stderr.write(
    `${error instanceof Error ? error.message : String(error)}\nserver log:\n${serverLog}\n`,
  );
  process.exitCode = 1;
} finally {
  await client.close().catch(() => undefined);
  server.kill('SIGTERM');
  await emulator.close();
  await rm(store, { recursive: true, force: true }).catch(() => undefined);
}
