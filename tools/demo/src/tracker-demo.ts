/**
 * The Yandex Tracker demo: starts the Tracker API emulator, launches `yandex-tracker-mcp` as a child
 * process over stdio (as Claude Desktop would), and runs a scripted session through the MCP SDK's
 * real Client — find issues, create one, comment with a mention, transition it, log work, run a bulk
 * change with progress — printing a readable transcript.
 */
import { fileURLToPath } from 'node:url';
import { connectStdio, resultText } from '@toolsmith/testing';
import type { McpTestConnection } from '@toolsmith/testing';
import { createTrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { heading, note, request, response } from './transcript.ts';

/** The SDK's client, as the testing harness connects it. */
type Client = McpTestConnection['client'];

const bin = fileURLToPath(import.meta.resolve('@toolsmith/yandex-tracker-mcp/bin'));
const TOOLSETS = 'issues,issues_write,comments,worklogs,bulk,meta';

async function call(client: Client, name: string, args: Record<string, unknown>, onProgress = false) {
  request(`tools/call ${name}`, args);
  const result = await client.callTool(
    { name, arguments: args },
    {
      ...(onProgress
        ? {
            onprogress: (p: { progress: number; total?: number; message?: string }) =>
              note(`progress ${p.progress}/${p.total ?? '?'}${p.message ? ` — ${p.message}` : ''}`),
          }
        : {}),
    },
  );
  response(resultText(result), result.isError === true);
  return { isError: result.isError === true, json: parse(resultText(result)) };
}

function parse(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text.split('\n\n')[0]!) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const emulator = await createTrackerEmulator();
emulator.state.bulkDurationMs = 900;
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) {
  if (value !== undefined && !key.startsWith('YANDEX_') && !key.startsWith('MCP_') && key !== 'NODE_OPTIONS')
    env[key] = value;
}
Object.assign(env, {
  YANDEX_TRACKER_API_BASE: emulator.url,
  YANDEX_TRACKER_TOKEN: emulator.token,
  YANDEX_ORG_ID: emulator.orgId,
  YANDEX_TRACKER_BULK_POLL_MS: '200',
});
try {
  heading('toolsmith demo — the Yandex Tracker MCP server, driven by the MCP SDK client');
  note(`Tracker API emulator on ${emulator.url} (in-memory organisation: queues DEMO, OPS, WEB)`);
  note(`server: yandex-tracker-mcp --toolsets ${TOOLSETS}  (stdio)`);
  const started = performance.now();
  const stdio = await connectStdio({
    command: process.execPath,
    args: ['--conditions=@toolsmith/source', bin, '--toolsets', TOOLSETS],
    env,
  });
  const client = stdio.client;
  const info = client.getServerVersion();
  request('initialize');
  response(`${info?.name} ${info?.version} (ready in ${Math.round(performance.now() - started)} ms)`);

  request('tools/list');
  const { tools } = await client.listTools();
  const bytes = Buffer.byteLength(JSON.stringify({ tools }));
  response(
    `${tools.length} tools, ${(bytes / 1024).toFixed(1)} KB of definitions (all generated from Zod schemas)\n` +
      tools.map((t) => `${t.name.padEnd(36)} ${t.annotations?.readOnlyHint ? 'read ' : 'WRITE'}`).join('\n'),
  );

  heading('Check the connection');
  await call(client, 'tracker_ping', {});

  heading('Find open issues in DEMO, compact and paged');
  const found = await call(client, 'tracker_find_issues', {
    query: 'Queue: DEMO Resolution: empty() "Sort by": Updated DESC',
    perPage: 4,
  });
  if (typeof found.json['nextCursor'] === 'string') {
    await call(client, 'tracker_find_issues', {
      query: 'Queue: DEMO Resolution: empty() "Sort by": Updated DESC',
      perPage: 4,
      cursor: found.json['nextCursor'],
      fields: ['key', 'summary', 'assignee.display'],
    });
  }

  heading('Create an issue (safe to retry: it carries a unique key)');
  const createdIssue = await call(client, 'tracker_create_issue', {
    queueId: 'DEMO',
    summary: 'Checkout button does nothing on Safari 18',
    type: 'bug',
    priority: 'critical',
    assignee: 'bob',
    tags: ['checkout'],
    description: 'Steps: open the cart, press **Checkout**. Nothing happens.',
    markdown: true,
  });
  const key = String(createdIssue.json['key'] ?? 'DEMO-13');

  heading('Comment with a real mention, then move it through the workflow');
  await call(client, 'tracker_add_comment', {
    issueId: key,
    text: 'Bob, can you take a look today? Console shows a CSP error.',
    summonees: ['bob'],
  });
  note('A status is not a field: the server says how to change it instead.');
  await call(client, 'tracker_update_issue', { issueId: key, status: 'inProgress' });
  await call(client, 'tracker_get_issue_transitions', { issueId: key });
  await call(client, 'tracker_transition_issue', {
    issueId: key,
    transitionId: 'start_progress',
    comment: 'Taking it.',
  });

  heading('Log work (durations are business time: 1d = 8h)');
  await call(client, 'tracker_add_worklog', {
    issueId: key,
    start: '2026-11-21T10:00:00+03:00',
    duration: '1h 30m',
    comment: 'Reproduced and found the CSP rule',
  });

  heading('A bulk change with progress: tag the sprint’s open bugs');
  await call(
    client,
    'tracker_bulk_update_issues',
    { issueIds: ['DEMO-1', 'DEMO-5', 'DEMO-9', key], values: { tags: { add: ['triaged'] } } },
    true,
  );
  await call(client, 'tracker_get_issues', {
    issueIds: ['DEMO-1', 'DEMO-5', 'DEMO-9', key],
    fields: ['key', 'tags'],
  });

  heading('Done');
  note(
    `The emulator served ${emulator.requests.length} API requests; the session changed ${key} and 4 tags.`,
  );
  await stdio.close();
} finally {
  await emulator.close();
}
