/**
 * The language servers of one session: started on first use (one per server id and root), stopped
 * after an idle time, killed with the session. After a coding tool writes files, `filesWritten`
 * brings the servers' copies of those files up to date.
 *
 * The client code (vscode-jsonrpc) is loaded on the first start, so a session that never asks a
 * language server pays nothing for it.
 */
import path from 'node:path';
import type { LanguageServerClient } from './language-server-client.ts';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_START_TIMEOUT_MS,
  languageServerConfigs,
  type LanguageServerConfig,
  type LanguageServerSettings,
} from './language-server-config.ts';

/** A failed start is not retried for this long (each call would wait for it again). */
const FAILED_START_MEMORY_MS = 30_000;

export interface LanguageServerManagerOptions {
  /** The workspace root (absolute, real path). */
  root: string;
  /** `false` turns language servers off. */
  settings: LanguageServerSettings | false | undefined;
  env: Record<string, string | undefined>;
}

/** No server could serve the file: the message says why and what to do. */
export class LanguageServerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LanguageServerUnavailableError';
  }
}

interface Entry {
  config: LanguageServerConfig;
  client: Promise<LanguageServerClient>;
  /** The client while it starts (killed by dispose without waiting for its start). */
  starting?: LanguageServerClient;
  started?: LanguageServerClient;
  idle?: NodeJS.Timeout;
  failedAt?: number;
}

export class LanguageServerManager {
  readonly #options: LanguageServerManagerOptions;
  readonly #configs: LanguageServerConfig[];
  readonly #entries = new Map<string, Entry>();
  #disposed = false;

  constructor(options: LanguageServerManagerOptions) {
    this.#options = options;
    this.#configs = options.settings === false ? [] : languageServerConfigs(options.settings);
  }

  get enabled(): boolean {
    return this.#configs.length > 0;
  }

  /** The configured server for `file` (by extension), if any. */
  configFor(file: string): LanguageServerConfig | undefined {
    const extension = path.extname(file).toLowerCase();
    return this.#configs.find((config) => config.extensions.includes(extension));
  }

  /** Extensions some server serves (for messages). */
  extensions(): string[] {
    return [...new Set(this.#configs.flatMap((config) => config.extensions))];
  }

  /** The running (started) server for `file`, without starting one. */
  running(file: string): LanguageServerClient | undefined {
    const config = this.configFor(file);
    const started = config ? this.#entries.get(config.id)?.started : undefined;
    return started && !started.exited ? started : undefined;
  }

  /** The servers running now. */
  runningServers(): LanguageServerClient[] {
    return [...this.#entries.values()].flatMap((entry) =>
      entry.started && !entry.started.exited ? [entry.started] : [],
    );
  }

  /** The server for `file`, started if needed. Throws LanguageServerUnavailableError. */
  async clientFor(file: string): Promise<LanguageServerClient> {
    if (this.#disposed) throw new LanguageServerUnavailableError('The session has ended.');
    const config = this.configFor(file);
    if (!config) {
      const known = this.extensions();
      throw new LanguageServerUnavailableError(
        known.length === 0
          ? 'Language servers are turned off in this session.'
          : `No language server is configured for ${path.extname(file) || 'files without an extension'} files (configured: ${known.join(' ')}). Add one with the languageServers option (command, args, extensions), or use Grep.`,
      );
    }
    let entry = this.#entries.get(config.id);
    if (
      entry?.started?.exited ||
      (entry?.failedAt !== undefined && Date.now() - entry.failedAt > FAILED_START_MEMORY_MS)
    ) {
      this.#entries.delete(config.id);
      entry = undefined;
    }
    if (!entry) {
      const created: Entry = { config, client: Promise.resolve(undefined as never) };
      created.client = this.#start(config, created);
      entry = created;
      this.#entries.set(config.id, created);
      created.client.then(
        (client) => {
          created.started = client;
        },
        () => {
          created.failedAt = Date.now();
        },
      );
    }
    const client = await entry.client;
    this.#touch(entry);
    return client;
  }

  async #start(config: LanguageServerConfig, entry: Entry): Promise<LanguageServerClient> {
    const { LanguageServerClient } = await import('./language-server-client.ts');
    const settings = this.#options.settings || {};
    const client = new LanguageServerClient({
      config,
      root: this.#options.root,
      env: this.#options.env,
      startTimeoutMs: settings.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      requestTimeoutMs: settings.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    });
    entry.starting = client;
    if (this.#disposed) client.kill();
    try {
      await client.start();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const stderr = client.stderrTail.trim();
      throw new LanguageServerUnavailableError(
        `The ${config.id} language server (${config.command}) could not start: ${reason}.${stderr ? ` It said: ${stderr.slice(-500)}` : ''} Check that the command is installed and on PATH (or fix the languageServers setting); meanwhile use Grep, Read and Diagnostics.`,
      );
    }
    if (this.#disposed) {
      client.kill();
      throw new LanguageServerUnavailableError('The session has ended.');
    }
    return client;
  }

  #touch(entry: Entry): void {
    clearTimeout(entry.idle);
    const settings = this.#options.settings || {};
    const idleMs = settings.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    const check = () => {
      const client = entry.started;
      const quietFor = client ? performance.now() - client.lastUsed : idleMs;
      if (client && (client.inFlight > 0 || quietFor < idleMs)) {
        entry.idle = setTimeout(check, Math.max(10, idleMs - quietFor));
        entry.idle.unref();
        return;
      }
      if (this.#entries.get(entry.config.id) === entry) this.#entries.delete(entry.config.id);
      void client?.stop();
    };
    entry.idle = setTimeout(check, idleMs);
    entry.idle.unref();
  }

  /**
   * Brings the running servers' copies of `files` up to date after a tool wrote or deleted them:
   * open documents get the new text (`didChange`), the others a changed-files notice.
   */
  async filesWritten(files: readonly { file: string; deleted: boolean }[]): Promise<void> {
    const byClient = new Map<LanguageServerClient, { file: string; deleted: boolean }[]>();
    for (const change of files) {
      const client = this.running(change.file);
      if (!client) continue;
      byClient.set(client, [...(byClient.get(client) ?? []), change]);
    }
    for (const [client, changes] of byClient) {
      const unopened: { file: string; deleted: boolean }[] = [];
      for (const change of changes) {
        if (!client.isOpen(change.file)) unopened.push(change);
        else if (change.deleted) await client.close(change.file);
        else await client.sync(change.file);
      }
      await client.filesChanged(unopened);
    }
  }

  /** Stops every server now (kills the processes). Synchronous, for the session's dispose. */
  dispose(): void {
    this.#disposed = true;
    for (const entry of this.#entries.values()) {
      clearTimeout(entry.idle);
      (entry.started ?? entry.starting)?.kill();
      entry.client.then(
        (client) => client.kill(),
        () => undefined,
      );
    }
    this.#entries.clear();
  }
}
