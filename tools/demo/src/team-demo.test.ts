/**
 * `npm run demo -- team` run as a user runs it (main.ts in a child process, from source): it exits
 * 0, its transcript shows each step of the story with the answers that make it true — the sign-in
 * walked by the SDK's client and the browser, each user themselves, a workspace chosen and one
 * refused, a write refused to a read-only token, a refresh, a sign-out — prints no token, and
 * leaves no server or temporary directory behind.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const PREFIX = 'clickup-team-demo-';
const demoDirectories = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith(PREFIX)));

let code: number | null;
let stdout = '';
let stderr = '';
let before: Set<string>;

beforeAll(async () => {
  before = demoDirectories();
  const env = { ...process.env };
  delete env['NODE_OPTIONS']; // jest's --experimental-vm-modules is not the user's
  const child = spawn(process.execPath, ['--conditions=@toolsmith/source', MAIN, 'team'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  code = await new Promise((resolve) => child.once('exit', resolve));
}, 120_000);

/** The transcript's section under `heading`, up to the next one. */
function section(heading: string): string {
  const start = stdout.indexOf(`━━ ${heading}`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = stdout.indexOf('\n━━ ', start + 1);
  return stdout.slice(start, end === -1 ? undefined : end);
}

describe('npm run demo -- team', () => {
  it('exits 0 with nothing on stderr', () => {
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it("signs each user in through the SDK client's OAuth and ClickUp's login, timed", () => {
    for (const [who, heading, first] of [
      ['Alice', 'Alice signs in', 'POST /mcp initialize (no token) ← 401 Bearer resource_metadata='],
      ['Bob', 'Bob signs in', 'POST /mcp server/discover (no token) ← 401 Bearer resource_metadata='],
    ] as const) {
      const text = section(heading);
      const hint = `${who.toLowerCase()}@example.com`;
      const order = [
        first,
        'GET /.well-known/oauth-protected-resource/mcp ← 200 authorization_servers http://127.0.0.1:',
        'GET /.well-known/oauth-authorization-server ← 200 registration, PKCE S256',
        'POST /register ← 201 client_id ',
        'scope "read write offline_access"',
        'GET /authorize ← 303 → /interaction/:uid',
        `GET ClickUp /api (login_hint ${hint}: no page) ← 302 → /oauth/callback`,
        'GET /authorize/:uid ← 303 → http://127.0.0.1:53682/callback',
        'POST /token grant_type=authorization_code ← 200 access_token ',
        '(Bearer ',
      ];
      const at = order.map((line) => text.indexOf(line));
      expect(at).not.toContain(-1);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(text).toMatch(new RegExp(`${who} signed in in \\d+ ms \\(401 → discovery`));
    }
    expect(section('Done')).toMatch(/logins: Alice \d+ ms, Bob \d+ ms, read-only client \d+ ms/);
  });

  it('each user is themselves, asked for with their own ClickUp token, and creates as themselves', () => {
    const who = section('Who am I?');
    expect(who).toMatch(/Alice: tools\/call clickup_find_member.*\n← .*"name":"Alice Martin"/);
    expect(who).toMatch(/Bob: tools\/call clickup_find_member.*\n← .*"name":"Bob Chen"/);
    expect(who).toMatch(/ClickUp got \d+ with Alice's ClickUp token\n/);
    expect(who).toMatch(/ClickUp got \d+ with Bob's ClickUp token\n/);
    const tasks = section('A task each');
    expect(tasks).toContain('"Written by Alice" creator 81000001 (Alice)');
    expect(tasks).toContain('"Written by Bob" creator 81000002 (Bob)');
  });

  it('Alice is asked which workspace and names one; Bob is refused hers without ClickUp being asked', () => {
    const alice = section('Alice is in two workspaces');
    expect(alice).toContain(
      'you are in 2: 9015123456 "Emulator Workspace", 9015123457 "Client Projects". Pass team_id',
    );
    expect(alice).toContain('team_id "Client Projects" → 9015123457 (Client Projects)');
    const bob = section('Bob asks for Alice’s other workspace');
    expect(bob).toContain(
      '"9015123457" is not a workspace. Valid workspaces: 9015123456 (Emulator Workspace).',
    );
    expect(bob).not.toContain('Client Projects');
    expect(bob).toContain('requests to ClickUp about 9015123457: 0');
  });

  it('a read-only token sees fewer tools and its write is refused with 403 insufficient_scope', () => {
    const text = section('A read-only client');
    expect(text).toContain('scope "read offline_access"');
    expect(text).toMatch(/POST \/token grant_type=authorization_code ← 200 .*scope "read", /);
    const [, read, all] = /tools\/list: (\d+) tools for "read" \(of (\d+) for/.exec(text) ?? [];
    expect(Number(read)).toBeLessThan(Number(all));
    expect(text).toContain(
      'tools/call (Bearer eyJhbG…) ← 403 Bearer error=insufficient_scope scope="read write"',
    );
    expect(text).toContain('refused: Tool clickup_create_task needs the write scope');
    expect(text).toContain('tasks named "Not allowed" in ClickUp: 0');
  });

  it('a refresh rotates the tokens, and after a sign-out the old access token is refused', () => {
    const refresh = section('A refresh');
    expect(refresh).toMatch(/POST \/token grant_type=refresh_token ← 200 access_token /);
    expect(refresh).toContain('rotated: a new access token (not the old one)');
    expect(refresh).toMatch(
      /Alice \(new token\): tools\/call clickup_find_member.*\n← .*"name":"Alice Martin"/,
    );
    const signOut = section('Bob signs out');
    expect(signOut).toMatch(/POST \/revoke token=\S{6}… token_type_hint=refresh_token ← 200/);
    expect(signOut).toMatch(
      /tools\/list \(Bearer \S{6}…\) ← 401 error=invalid_token \(The access token was revoked/,
    );
    expect(signOut).toMatch(/Alice: tools\/call clickup_get_workspaces.*\n← \{"items"/);
  });

  it('prints no token, code or secret beyond its first 6 characters', () => {
    expect(stdout).not.toMatch(/eyJ[\w-]*\.[\w-]+/); // a JWT
    expect(stdout).not.toMatch(/\d{8}_[0-9a-f]{12,}/); // a ClickUp token of the emulator
    expect(stdout).not.toContain('EMULATORCLIENTSECRET');
    // Nothing random-looking and long: tokens, codes, client ids, interaction uids.
    const long = stdout.match(/[A-Za-z0-9_-]{16,}/g) ?? [];
    expect(long.filter((word) => /[A-Z]/.test(word) && /[a-z]/.test(word) && /\d/.test(word))).toEqual([]);
  });

  it('leaves no server listening and no temporary directory', async () => {
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(stdout)?.[1];
    expect(port).toBeDefined();
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    expect([...demoDirectories()].filter((name) => !before.has(name))).toEqual([]);
  });
});
