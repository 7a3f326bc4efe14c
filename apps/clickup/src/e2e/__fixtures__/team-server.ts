/**
 * The bin as a team runs it: `clickup-mcp --transport http --auth builtin` on 127.0.0.1 (a free
 * port), against the ClickUp emulator's API and OAuth, its sign-in store and webhook store in a
 * temporary directory, encryption keys generated for the run. Resolves once the server listens and
 * its authorization server is ready, with the ClickUp OAuth app's Redirect URL registered at the
 * emulator as an operator would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { BIN, serverEnv } from './clickup-harness.ts';

export interface TeamServer {
  /** The MCP URL (`http://127.0.0.1:<port>/mcp`). */
  readonly url: string;
  /** The authorization server's issuer (the server's origin). */
  readonly issuer: string;
  /** The ClickUp OAuth app's Redirect URL the server logged. */
  readonly redirectUrl: string;
  readonly encryptionKeys: string;
  readonly process: ChildProcess;
  /** Everything the server wrote to stderr (its JSON log lines). */
  stderr(): string;
  stop(): Promise<void>;
}

export function teamEnv(emulator: ClickUpEmulator, directory: string, keys: string): Record<string, string> {
  return {
    CLICKUP_API_BASE: emulator.url,
    CLICKUP_OAUTH_CLIENT_ID: emulator.oauth.clientId,
    CLICKUP_OAUTH_CLIENT_SECRET: emulator.oauth.clientSecret,
    CLICKUP_OAUTH_AUTHORIZE_URL: emulator.oauth.authorizeUrl,
    CLICKUP_AUTH_STORE: path.join(directory, 'auth'),
    CLICKUP_WEBHOOK_STORE: path.join(directory, 'webhooks'),
    CLICKUP_RETRIES: '1',
    MCP_AUTH_ENCRYPTION_KEYS: keys,
  };
}

export const newEncryptionKeys = () => `k1:${randomBytes(32).toString('base64url')}`;

export async function startTeamServer(
  emulator: ClickUpEmulator,
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<TeamServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'clickup-team-'));
  const keys = newEncryptionKeys();
  const child = spawn(
    process.execPath,
    [
      '--conditions=@toolsmith/source',
      BIN,
      '--transport',
      'http',
      '--port',
      '0',
      '--auth',
      'builtin',
      ...(options.args ?? ['--toolsets', 'all']),
    ],
    {
      env: serverEnv({ ...teamEnv(emulator, directory, keys), ...options.env }),
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const { url, redirectUrl } = await new Promise<{ url: string; redirectUrl: string }>(
      (resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${log}`)), 60_000);
        const check = () => {
          const url = /"url":"(http:\/\/127\.0\.0\.1:\d+\/mcp)"/.exec(log)?.[1];
          const redirectUrl = /"clickupRedirectUrl":"([^"]+)"/.exec(log)?.[1];
          if (url && redirectUrl) {
            clearTimeout(timer);
            resolve({ url, redirectUrl });
          }
        };
        child.stderr!.on('data', check);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`server exited (${code}):\n${log}`));
        });
      },
    );
    emulator.oauth.addRedirectUri(redirectUrl);
    return {
      url,
      issuer: new URL(url).origin,
      redirectUrl,
      encryptionKeys: keys,
      process: child,
      stderr: () => log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
