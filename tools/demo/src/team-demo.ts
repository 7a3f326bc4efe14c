/**
 * `npm run demo -- team`: the ClickUp MCP server deployed for a team, with no account and no
 * network. The real bin runs over HTTP with its built-in authorization server
 * (`--transport http --auth builtin`, its store in a temporary directory, a fresh
 * MCP_AUTH_ENCRYPTION_KEYS), the ClickUp emulator plays ClickUp (its OAuth app, Alice in two
 * workspaces, Bob in one). Alice and Bob sign in headlessly through the MCP SDK v2 client's own
 * OAuth — discovery from the 401, registration, PKCE, ClickUp's login with `login_hint`, token — and
 * act as themselves: who am I, a task each (ClickUp records its creator), Alice asked which
 * workspace, Bob refused Alice's other one, a read-only client refused a write (403
 * insufficient_scope), a refresh, and a sign-out after which the old token is refused. No token is
 * printed beyond its first 6 characters.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InsufficientScopeError, refreshAuthorization, type Client } from '@modelcontextprotocol/client';
import {
  createClickUpEmulator,
  SEED_OTHER_TEAMS,
  SEED_TEAM_ID,
  SEED_USERS,
} from '@toolsmith/clickup-emulator';
import { resultText } from '@toolsmith/testing';
import { short, signIn, type SignedIn } from './headless-sign-in.ts';
import { heading, note, request, response } from './transcript.ts';

const bin = fileURLToPath(import.meta.resolve('@toolsmith/clickup-mcp/bin'));
const TOOLSETS = 'tasks,context,workspace,members';
const SPRINT = '901510000001';
const CLIENT_PROJECTS = SEED_OTHER_TEAMS[0];
const NAMES: Record<string, string> = {
  [SEED_USERS.alice]: 'Alice',
  [SEED_USERS.bob]: 'Bob',
};

const emulator = await createClickUpEmulator({ workspaces: 2 });
const directory = await mkdtemp(path.join(tmpdir(), 'clickup-team-demo-'));
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) {
  if (value !== undefined && !key.startsWith('CLICKUP_') && !key.startsWith('MCP_') && key !== 'NODE_OPTIONS')
    env[key] = value;
}
Object.assign(env, {
  CLICKUP_API_BASE: emulator.url,
  CLICKUP_OAUTH_CLIENT_ID: emulator.oauth.clientId,
  CLICKUP_OAUTH_CLIENT_SECRET: emulator.oauth.clientSecret,
  CLICKUP_OAUTH_AUTHORIZE_URL: emulator.oauth.authorizeUrl,
  CLICKUP_AUTH_STORE: path.join(directory, 'auth'),
  CLICKUP_WEBHOOK_STORE: path.join(directory, 'webhooks'),
  MCP_AUTH_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64url')}`,
});
const args = ['--transport', 'http', '--port', '0', '--auth', 'builtin', '--toolsets', TOOLSETS];
const started = performance.now();
const server = spawn(process.execPath, ['--conditions=@toolsmith/source', bin, ...args], {
  env,
  stdio: ['ignore', 'ignore', 'pipe'],
});
let serverLog = '';
server.stderr.on('data', (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-20_000)));
const exited = new Promise((resolve) => server.once('exit', resolve));

const signedIn: SignedIn[] = [];

let stopping: Promise<void> | undefined;
/** Closes the clients, stops the server (SIGTERM, then SIGKILL), the emulator, removes the store; once. */
const stop = () => (stopping ??= stopAll());
async function stopAll() {
  await Promise.allSettled(signedIn.map((user) => user.client.close()));
  if (server.exitCode === null && server.signalCode === null) {
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  await emulator.close();
  await rm(directory, { recursive: true, force: true });
}
// Ctrl-C or a kill still stops the server and removes the store.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    process.stderr.write(`${signal}: stopping the server and removing its store.\n`);
    void stop().finally(() => process.exit(130));
  });
}

/** The server's MCP URL and the Redirect URL it asks the ClickUp OAuth app to list, from its log. */
async function listening(): Promise<{ url: string; redirectUrl: string }> {
  for (let i = 0; i < 600; i++) {
    const url = /"url":"(http:\/\/127\.0\.0\.1:\d+\/mcp)"/.exec(serverLog)?.[1];
    const redirectUrl = /"clickupRedirectUrl":"([^"]+)"/.exec(serverLog)?.[1];
    if (url && redirectUrl) return { url, redirectUrl };
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The ClickUp server did not start (its log follows).');
}

/** The answer's JSON (the last line of the text), when it is JSON. */
function json(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text.split('\n').at(-1) ?? '') as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** A tool call, printed with its answer cut to a few lines. */
async function call(who: string, client: Client, name: string, toolArgs: Record<string, unknown> = {}) {
  request(`${who}: tools/call ${name}`, toolArgs);
  const result = await client.callTool({ name, arguments: toolArgs });
  const text = resultText(result);
  const lines = text.split('\n');
  const brief = lines.length > 4 ? [...lines.slice(0, 3), `… (${lines.length - 3} more lines)`] : lines;
  response(
    brief.map((l) => (l.length > 220 ? `${l.slice(0, 220)}…` : l)).join('\n'),
    result.isError === true,
  );
  return { isError: result.isError === true, text, json: json(text) };
}

function printSignIn(who: string, user: SignedIn, flow = '401 → discovery') {
  for (const step of user.steps) note(`${step.by === 'client' ? 'client ' : 'browser'} ${step.line}`);
  note(
    `${who} signed in in ${user.loginMs.toFixed(0)} ms (${flow} → registration → PKCE → ClickUp → token → connected)`,
  );
}

/** Whose ClickUp token each request since `mark` carried (the emulator's tokens start with the user id). */
function tokensSince(mark: number): string {
  const owners = emulator.requests
    .slice(mark)
    .map((r) => /^Bearer (\d+)_/.exec(r.headers['authorization'] ?? '')?.[1] ?? 'none');
  const counts = new Map<string, number>();
  for (const owner of owners) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  return [...counts]
    .map(([owner, count]) => `${count} with ${NAMES[owner] ?? owner}'s ClickUp token`)
    .join(', ');
}

/** A stateless 2026-07-28 tools/list with `token`, raw: the status and the challenge. */
async function rawList(url: string, token: string) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'demo', version: '1.0.0' },
        },
      },
    }),
  });
  await answer.body?.cancel();
  return { status: answer.status, challenge: answer.headers.get('www-authenticate') ?? '' };
}

try {
  heading('toolsmith demo — the ClickUp MCP server for a team: each member signs in and acts as themselves');
  note(`ClickUp emulator on ${emulator.url}: OAuth app ${emulator.oauth.clientId}, users Alice and Bob`);
  note(
    `  Alice is in ${SEED_TEAM_ID} "Emulator Workspace" and ${CLIENT_PROJECTS.id} "${CLIENT_PROJECTS.name}"`,
  );
  note(`  Bob is in ${SEED_TEAM_ID} "Emulator Workspace" only`);
  note(`server: clickup-mcp ${args.join(' ')}`);
  note(
    '  sign-in store: PGlite in a temporary directory; MCP_AUTH_ENCRYPTION_KEYS: a fresh 32-byte key "k1"',
  );
  const { url, redirectUrl } = await listening();
  const origin = new URL(url).origin;
  /** Names URLs for the transcript: paths on the MCP server, "ClickUp …" on the emulator, uids elided. */
  const describe = (at: URL) => {
    const where = at.origin === origin ? '' : at.origin === emulator.origin ? 'ClickUp ' : `${at.origin}`;
    return `${where}${at.pathname.replace(/^\/(interaction|authorize)\/[^/]+/, '/$1/:uid')}`;
  };
  note(`listening on ${url} (ready in ${(performance.now() - started).toFixed(0)} ms)`);
  emulator.oauth.addRedirectUri(redirectUrl);
  note(`the operator lists ${redirectUrl} as the ClickUp OAuth app's Redirect URL`);

  heading('Alice signs in (MCP SDK v2 client, protocol 2025-11-25)');
  const alice = await signIn(url, 'alice@example.com', { era: 'legacy', describe });
  signedIn.push(alice);
  printSignIn('Alice', alice);

  heading('Bob signs in (MCP SDK v2 client, protocol 2026-07-28, stateless)');
  const bob = await signIn(url, 'bob@example.com', { era: 'modern', describe });
  signedIn.push(bob);
  printSignIn('Bob', bob);

  heading('Who am I? Each asks, and ClickUp is asked with each one’s own token');
  let mark = emulator.requests.length;
  await call('Alice', alice.client, 'clickup_find_member', { query: 'me', team_id: SEED_TEAM_ID });
  note(`ClickUp got ${tokensSince(mark)}`);
  mark = emulator.requests.length;
  await call('Bob', bob.client, 'clickup_find_member', { query: 'me' });
  note(`ClickUp got ${tokensSince(mark)}`);

  heading('A task each: ClickUp records who created it');
  for (const [who, user, extra] of [
    ['Alice', alice, { team_id: SEED_TEAM_ID }],
    ['Bob', bob, {}],
  ] as const) {
    const name = `Written by ${who}`;
    await call(who, user.client, 'clickup_create_task', {
      list_id: SPRINT,
      name,
      assignees: ['me'],
      ...extra,
    });
    const task = emulator.state.tasks.find((t) => t.name === name);
    note(`in ClickUp: "${name}" creator ${String(task?.creator)} (${NAMES[String(task?.creator)] ?? '?'})`);
  }

  heading('Alice is in two workspaces: asked which one, then she names it');
  await call('Alice', alice.client, 'clickup_get_spaces');
  await call('Alice', alice.client, 'clickup_get_spaces', { team_id: CLIENT_PROJECTS.name });

  heading('Bob asks for Alice’s other workspace: refused, and ClickUp is not asked');
  mark = emulator.requests.length;
  await call('Bob', bob.client, 'clickup_get_spaces', { team_id: CLIENT_PROJECTS.id });
  const asked = emulator.requests.slice(mark).filter((r) => r.path.includes(CLIENT_PROJECTS.id)).length;
  note(`requests to ClickUp about ${CLIENT_PROJECTS.id}: ${asked}`);

  heading('A read-only client: Alice signs in again asking only for "read"');
  const reader = await signIn(url, 'alice@example.com', { era: 'modern', describe, scope: 'read' });
  signedIn.push(reader);
  printSignIn('The read-only client', reader, 'discovery');
  const [all, readable] = await Promise.all([alice.client.listTools(), reader.client.listTools()]);
  note(`tools/list: ${readable.tools.length} tools for "read" (of ${all.tools.length} for "read write")`);
  request('read-only client: tools/call clickup_create_task', { list_id: SPRINT, name: 'Not allowed' });
  reader.fetch.state.recording = true;
  const before = reader.steps.length;
  try {
    await reader.client.callTool({
      name: 'clickup_create_task',
      arguments: { list_id: SPRINT, name: 'Not allowed', team_id: SEED_TEAM_ID },
    });
    response('the write was accepted', true);
  } catch (error) {
    if (!(error instanceof InsufficientScopeError)) throw error;
    for (const step of reader.steps.slice(before)) note(`client  ${step.line}`);
    response(`refused: ${error.errorDescription ?? error.message}`, true);
  }
  note(
    `tasks named "Not allowed" in ClickUp: ${emulator.state.tasks.filter((t) => t.name === 'Not allowed').length}`,
  );

  heading('A refresh: Alice’s client trades its refresh token for new tokens');
  const metadata = alice.provider.discovery?.authorizationServerMetadata;
  const first = alice.provider.saved!;
  alice.fetch.state.recording = true;
  const stepsBefore = alice.steps.length;
  const rotated = await refreshAuthorization(origin, {
    ...(metadata ? { metadata } : {}),
    clientInformation: alice.provider.information!,
    refreshToken: first.refresh_token!,
    resource: new URL(url),
    fetchFn: alice.fetch,
  });
  alice.fetch.state.recording = false;
  for (const step of alice.steps.slice(stepsBefore)) note(`client  ${step.line}`);
  note(
    `rotated: a new access token (${rotated.access_token === first.access_token ? 'the same!' : 'not the old one'}), refresh ${short(first.refresh_token)} → ${short(rotated.refresh_token)}`,
  );
  alice.provider.saveTokens(rotated);
  await call('Alice (new token)', alice.client, 'clickup_find_member', {
    query: 'me',
    team_id: SEED_TEAM_ID,
  });

  heading('Bob signs out (RFC 7009 revocation): his old access token is refused');
  const { access_token: bobsToken, refresh_token: bobsRefresh } = bob.provider.saved!;
  const revoked = await fetch(`${origin}/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: bob.provider.information!.client_id,
      token: bobsRefresh!,
      token_type_hint: 'refresh_token',
    }),
  });
  await revoked.body?.cancel();
  note(`client  POST /revoke token=${short(bobsRefresh)} token_type_hint=refresh_token ← ${revoked.status}`);
  const refused = await rawList(url, bobsToken);
  const error = /error="([^"]+)"/.exec(refused.challenge)?.[1];
  const reason = /error_description="([^"]+)"/.exec(refused.challenge)?.[1];
  note(
    `client  POST /mcp tools/list (Bearer ${short(bobsToken)}) ← ${refused.status} error=${error} (${reason})`,
  );
  await call('Alice', alice.client, 'clickup_get_workspaces');

  heading('Done');
  note(
    `logins: Alice ${alice.loginMs.toFixed(0)} ms, Bob ${bob.loginMs.toFixed(0)} ms, read-only client ${reader.loginMs.toFixed(0)} ms`,
  );
  note(`The emulator served ${emulator.requests.length} ClickUp requests; no token was printed whole.`);
} catch (error) {
  if (interrupted) await new Promise(() => undefined); // the signal handler exits
  process.stderr.write(
    `${error instanceof Error ? error.message : String(error)}\nserver log (last lines):\n${serverLog
      .split('\n')
      .slice(-30)
      .join('\n')}\n`,
  );
  process.exitCode = 1;
} finally {
  await stop();
}
