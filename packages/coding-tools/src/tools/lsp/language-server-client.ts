/**
 * One running language server: the process (spoken to over stdio with vscode-jsonrpc), its
 * `initialize` handshake, the documents it has open (kept equal to what is on disk: `didOpen`, then
 * `didChange` with the whole text when the file changed) and the diagnostics it publishes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  FileChangeType,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type DidChangeWatchedFilesParams,
  type InitializeResult,
  type MessageConnection,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol/node';
import { languageIdOf, type LanguageServerConfig } from './language-server-config.ts';

export interface LanguageServerClientOptions {
  config: LanguageServerConfig;
  /** The workspace root (absolute, real path). */
  root: string;
  env: Record<string, string | undefined>;
  startTimeoutMs: number;
  requestTimeoutMs: number;
}

interface OpenDocument {
  version: number;
  text: string;
  /** The publication counter when this text was sent: later publications are about it. */
  sentAt: number;
}

interface PublishedDiagnostics {
  diagnostics: Diagnostic[];
  /** Counter of publications for this document (any document counts: see `#published`). */
  serial: number;
}

/** typescript-language-server's command that passes a request to tsserver. */
const TSSERVER_REQUEST = 'typescript.tsserverRequest';

/** A diagnostic as tsserver answers `semanticDiagnosticsSync` (1-based lines and offsets). */
interface TsserverDiagnostic {
  start: { line: number; offset: number };
  end: { line: number; offset: number };
  text: string;
  code?: number;
  category: string;
}

/** The URI of an absolute path. */
export function fileUri(file: string): string {
  return pathToFileURL(file).href;
}

export class LanguageServerClient {
  readonly config: LanguageServerConfig;
  readonly root: string;
  /** Milliseconds from spawn to the `initialize` answer. */
  startMs = 0;
  capabilities: ServerCapabilities = {};
  /** Set when the process ended; the manager then starts a new one on the next use. */
  exited = false;
  /** Requests waiting for an answer (an idle server is not stopped while one is). */
  inFlight = 0;
  /** `performance.now()` of the last request's end (or the start). */
  lastUsed = 0;
  /** Last lines the server wrote to stderr (shown when it fails to start). */
  stderrTail = '';

  readonly #options: LanguageServerClientOptions;
  #process: ChildProcess | undefined;
  #connection: MessageConnection | undefined;
  readonly #documents = new Map<string, OpenDocument>();
  readonly #diagnostics = new Map<string, PublishedDiagnostics>();
  #serial = 0;
  readonly #waiters = new Set<() => void>();

  constructor(options: LanguageServerClientOptions) {
    this.#options = options;
    this.config = options.config;
    this.root = options.root;
  }

  /** Spawns the server and completes the `initialize` handshake. */
  async start(): Promise<void> {
    if (this.exited) throw new Error('it was stopped before it started');
    const started = performance.now();
    const { config, root } = this.#options;
    const child = spawn(config.command, [...(config.args ?? [])], {
      cwd: root,
      env: (config.env ?? this.#options.env) as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so killing it also ends the helpers it starts (tsserver).
      detached: true,
    });
    this.#process = child;
    const failedToSpawn = new Promise<never>((_, reject) => {
      child.once('error', (error) => {
        this.exited = true;
        reject(error);
      });
      child.once('exit', (code, signal) => {
        this.exited = true;
        this.#wake();
        reject(new Error(`it exited (${signal ?? `code ${code}`}) before answering initialize`));
      });
    });
    failedToSpawn.catch(() => undefined);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    this.#connection = connection;
    // Requests servers send to their client: answered with the neutral value.
    connection.onRequest('workspace/configuration', (params: { items?: unknown[] }) =>
      (params.items ?? []).map(() => null),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('client/unregisterCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onRequest('window/showMessageRequest', () => null);
    connection.onRequest('workspace/applyEdit', () => ({ applied: false }));
    connection.onNotification(PublishDiagnosticsNotification.type, ({ uri, diagnostics }) => {
      this.#diagnostics.set(uri, { diagnostics, serial: ++this.#serial });
      this.#wake();
    });
    connection.onError(() => undefined);
    connection.onClose(() => {
      this.exited = true;
      this.#wake();
    });
    connection.listen();

    const rootUri = fileUri(root);
    const initialize = connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'root' }],
      initializationOptions: config.initializationOptions,
      capabilities: {
        textDocument: {
          synchronization: { didSave: false, dynamicRegistration: false },
          publishDiagnostics: { relatedInformation: false, versionSupport: true },
          hover: { contentFormat: ['plaintext', 'markdown'] },
          definition: { linkSupport: false },
          references: {},
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          rename: { prepareSupport: true },
          callHierarchy: {},
        },
        workspace: {
          workspaceFolders: true,
          configuration: true,
          symbol: {},
          workspaceEdit: { documentChanges: true, resourceOperations: [] },
          didChangeWatchedFiles: { dynamicRegistration: false },
        },
      },
    }) as Promise<InitializeResult>;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`it did not answer initialize within ${this.#options.startTimeoutMs} ms`)),
        this.#options.startTimeoutMs,
      );
    });
    try {
      const result = await Promise.race([initialize, failedToSpawn, timeout]);
      this.capabilities = result.capabilities;
    } catch (error) {
      this.kill();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    await connection.sendNotification(InitializedNotification.type, {});
    this.startMs = performance.now() - started;
    this.lastUsed = performance.now();
  }

  /** The server's process id (tests, diagnostics). */
  get pid(): number | undefined {
    return this.#process?.pid;
  }

  /** Sends a request, with the session's time limit. */
  async request<R>(method: string, params: unknown, signal?: AbortSignal): Promise<R> {
    const connection = this.#connection;
    if (!connection || this.exited) throw new Error('the language server is not running');
    let timer: NodeJS.Timeout | undefined;
    const limit = this.#options.requestTimeoutMs;
    this.inFlight++;
    try {
      return await Promise.race([
        connection.sendRequest(method, params) as Promise<R>,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer to ${method} within ${limit} ms`)), limit);
          signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.inFlight--;
      this.lastUsed = performance.now();
    }
  }

  /**
   * Makes the server's copy of `file` equal to `text` (default: what is on disk): opens it, or sends
   * the whole new text when it differs. Returns whether anything was sent.
   */
  async sync(file: string, text?: string): Promise<boolean> {
    const connection = this.#connection;
    if (!connection || this.exited) return false;
    const uri = fileUri(file);
    let content = text;
    if (content === undefined) {
      try {
        content = readFileSync(file, 'utf8');
      } catch {
        await this.close(file);
        return false;
      }
    }
    const open = this.#documents.get(uri);
    if (!open) {
      this.#documents.set(uri, { version: 1, text: content, sentAt: this.#serial });
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: languageIdOf(this.config, file), version: 1, text: content },
      });
      return true;
    }
    if (open.text === content) return false;
    open.version += 1;
    open.text = content;
    open.sentAt = this.#serial;
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: open.version },
      contentChanges: [{ text: content }],
    });
    return true;
  }

  /** Closes `file` if open (it was deleted). */
  async close(file: string): Promise<void> {
    const uri = fileUri(file);
    if (!this.#documents.delete(uri) || !this.#connection || this.exited) return;
    await this.#connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** Whether `file` is open in the server. */
  isOpen(file: string): boolean {
    return this.#documents.has(fileUri(file));
  }

  /** The text the server has of an open file. */
  openText(file: string): string | undefined {
    return this.#documents.get(fileUri(file))?.text;
  }

  /** Tells the server files changed on disk (for the ones it does not have open). */
  async filesChanged(changes: readonly { file: string; deleted: boolean }[]): Promise<void> {
    if (!this.#connection || this.exited || changes.length === 0) return;
    const params: DidChangeWatchedFilesParams = {
      changes: changes.map(({ file, deleted }) => ({
        uri: fileUri(file),
        type: deleted ? FileChangeType.Deleted : FileChangeType.Changed,
      })),
    };
    await this.#connection.sendNotification(DidChangeWatchedFilesNotification.method, params);
  }

  /** The publication counter: pass it to `waitForDiagnostics` to wait for later ones. */
  get diagnosticsSerial(): number {
    return this.#serial;
  }

  /**
   * The diagnostics of `file` published after publication `after`, once the server has been quiet
   * for `settleMs` (servers publish syntax, then semantic results); undefined when none came within
   * `timeoutMs`.
   */
  async waitForDiagnostics(
    file: string,
    after: number,
    timeoutMs: number,
    settleMs = 150,
  ): Promise<Diagnostic[] | undefined> {
    const uri = fileUri(file);
    const deadline = performance.now() + timeoutMs;
    let seen: PublishedDiagnostics | undefined;
    for (;;) {
      const current = this.#diagnostics.get(uri);
      const fresh = current && current.serial > after ? current : undefined;
      const remaining = deadline - performance.now();
      if (fresh && fresh === seen) return fresh.diagnostics;
      if (remaining <= 0 || this.exited) return fresh?.diagnostics;
      seen = fresh;
      await this.#nextPublication(fresh ? Math.min(settleMs, remaining) : remaining);
    }
  }

  /** Whether `pullDiagnostics` can ask this server (else only what it publishes is known). */
  get canPullDiagnostics(): boolean {
    return this.capabilities.diagnosticProvider !== undefined || this.#tsserverRequests;
  }

  get #tsserverRequests(): boolean {
    return this.capabilities.executeCommandProvider?.commands.includes(TSSERVER_REQUEST) === true;
  }

  /**
   * The diagnostics of `file`'s current text, asked for rather than waited for: LSP's pull request
   * (`textDocument/diagnostic`) when the server offers it, else, for typescript-language-server,
   * tsserver's own syntactic and semantic checks. Undefined when the server offers neither.
   */
  async pullDiagnostics(file: string, signal?: AbortSignal): Promise<Diagnostic[] | undefined> {
    const uri = fileUri(file);
    if (this.capabilities.diagnosticProvider !== undefined) {
      const report = await this.request<{ kind: string; items?: Diagnostic[] }>(
        'textDocument/diagnostic',
        { textDocument: { uri } },
        signal,
      );
      return report.items ?? [];
    }
    if (!this.#tsserverRequests) return undefined;
    const found: Diagnostic[] = [];
    for (const command of ['syntacticDiagnosticsSync', 'semanticDiagnosticsSync']) {
      const response = await this.request<{ body?: TsserverDiagnostic[] } | null>(
        'workspace/executeCommand',
        { command: TSSERVER_REQUEST, arguments: [command, { file: uri, includeLinePosition: false }] },
        signal,
      );
      for (const item of response?.body ?? []) {
        found.push({
          range: {
            start: { line: item.start.line - 1, character: item.start.offset - 1 },
            end: { line: item.end.line - 1, character: item.end.offset - 1 },
          },
          message: item.text,
          code: item.code,
          severity: item.category === 'error' ? 1 : item.category === 'warning' ? 2 : 3,
        });
      }
    }
    return found;
  }

  /** The diagnostics published for `file` since its current text was sent (undefined: none yet). */
  diagnosticsOf(file: string): Diagnostic[] | undefined {
    const uri = fileUri(file);
    const published = this.#diagnostics.get(uri);
    const open = this.#documents.get(uri);
    if (!published || (open && published.serial <= open.sentAt)) return undefined;
    return published.diagnostics;
  }

  #nextPublication(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
    });
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  /** Asks the server to shut down, then ends the process (killed if it does not exit within 2 s). */
  async stop(): Promise<void> {
    const child = this.#process;
    if (!child || this.exited) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await this.request(ShutdownRequest.method, undefined);
      await this.#connection?.sendNotification(ExitNotification.type);
    } catch {
      // Gone already or not answering: killed below.
    }
    const timer = setTimeout(() => this.kill(), 2000);
    await exited;
    clearTimeout(timer);
    this.kill(); // Helpers it left behind in its process group.
  }

  /** Kills the process at once (session disposed). Synchronous. */
  kill(): void {
    this.exited = true;
    this.#wake();
    try {
      this.#connection?.dispose();
    } catch {
      // Already disposed.
    }
    const child = this.#process;
    if (!child?.pid) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }
}
