/**
 * One coding session: the state the tools share — and nothing else is shared (no module-level
 * mutable state). A session is created per agent run or per MCP server; two sessions never see
 * each other's reads, todos or caches.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PermissionRules, PermissionRulesConfig } from '../permissions/permission-rules.ts';
import { LanguageServerManager } from '../tools/lsp/language-server-manager.ts';
import type { LanguageServerSettings } from '../tools/lsp/language-server-config.ts';
import { BackgroundShells, type BackgroundLimits } from '../tools/bash/background-shells.ts';
import type { AskUserQuestion, CodingToolEvent, TodoItem } from './events.ts';

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  /** How old the page is, as the provider says it (`2 days ago`, an ISO date). */
  age?: string;
}

/**
 * What a search is for: `web` (WebSearch) or `code` (CodeSearch: code, API docs, Q&A). A general
 * web provider uses it to focus a code search (Brave restricts it to code sites); a dedicated code
 * provider may ignore it.
 */
export type SearchKind = 'web' | 'code';

export interface SearchOptions {
  /** Results wanted (1–20). */
  count: number;
  signal: AbortSignal;
  /** @default 'web' */
  kind?: SearchKind;
}

/** A web or code search backend (Brave by default, see `src/search/`). */
export interface SearchProvider {
  /** Shown in results, e.g. `Brave Search`. */
  readonly name: string;
  search(query: string, options: SearchOptions): Promise<SearchResult[]>;
}

/** WebFetch limits (all optional). */
export interface WebFetchSettings {
  /** Whole fetch, redirects and body included. @default 30_000 */
  timeoutMs?: number;
  /** Bytes of a response body read at most; the rest is dropped and the result says so. @default 5 MiB */
  maxDownloadBytes?: number;
  /**
   * Resolves a host name to its addresses for the private-address check (tests, custom DNS).
   * @default `dns.promises.lookup(hostname, { all: true })`
   */
  lookup?: (hostname: string) => Promise<readonly { address: string; family: number }[]>;
  /**
   * Fetch `http://` URLs as `https://` (the result says so), except for hosts in
   * `allowedPrivateHosts`, which are often plain-HTTP intranet services. @default true
   */
  upgradeHttp?: boolean;
}

export interface CodingSessionOptions {
  /** Directory the file tools work in. Relative paths resolve against it. */
  root: string;
  /** Let file tools reach outside `root` (`..`, absolute paths, symlinks). @default false */
  allowOutsideRoot?: boolean;
  /**
   * Refuse to overwrite an existing file that was not read in this session, or that changed since
   * it was read. @default true
   */
  requireReadBeforeWrite?: boolean;
  /**
   * Answers AskUser questions. Without it (and without MCP elicitation) AskUser says no user is
   * available instead of waiting.
   */
  askUser?: (question: AskUserQuestion, signal: AbortSignal) => Promise<string>;
  /** Web search provider; WebSearch is registered only when set. */
  webSearch?: SearchProvider;
  /** Code search provider; CodeSearch is registered only when set. */
  codeSearch?: SearchProvider;
  /** WebFetch limits: timeout and download cap. */
  webFetch?: WebFetchSettings;
  /** Hosts WebFetch may reach although they are private or loopback (e.g. `127.0.0.1` in tests). */
  allowedPrivateHosts?: readonly string[];
  /** `fetch` for WebFetch and the search providers. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** ripgrep binary for Grep/Glob. @default 'rg' from PATH; JavaScript fallback when absent */
  ripgrepPath?: string;
  /** Where Bash spills large outputs. @default `<os tmpdir>/coding-tools-<random>` */
  outputDir?: string;
  /** Shell for Bash. @default '/bin/bash' when present, else 'sh' */
  shell?: string;
  /** Environment for Bash. @default process.env */
  env?: Record<string, string | undefined>;
  /**
   * Limits of Bash's background processes (`run_in_background`): how many run at once, output kept
   * per process, grace between SIGTERM and SIGKILL. @default 10 processes, 1 MiB, 2000 ms
   */
  background?: BackgroundLimits;
  /** Clock (WebFetch cache). @default Date.now */
  now?: () => number;
  /**
   * Allow / ask / deny rules per tool and pattern (Claude Code's format, src/permissions/), checked
   * before a call has any effect. @default none: every call allowed
   */
  permissions?: PermissionRulesConfig;
  /**
   * Language servers for LSP and Rename (and the errors after edits): the built-in TypeScript/JavaScript
   * server plus any configured ones, their idle time and time limits; `false` turns them off.
   */
  languageServers?: LanguageServerSettings | false;
  /**
   * Write, Edit, MultiEdit and ApplyPatch append the new errors of the files they changed (see
   * docs/coding-tools.md, "Diagnostics after edits"); `false` turns it off. @default true
   */
  diagnosticsAfterEdit?: boolean | DiagnosticsAfterEditSettings;
}

/** How edits report the errors they introduce. */
export interface DiagnosticsAfterEditSettings {
  /** Longest wait for the errors after a write, in ms; later, the answer says they were not checked. @default 5000 */
  timeoutMs?: number;
  /** Tokens (about 4 characters each) the appended errors may take. @default 200 */
  maxTokens?: number;
}

/** What was read: used to refuse writing over a file the agent has not seen in its current state. */
export interface FileReadRecord {
  mtimeMs: number;
  size: number;
}

export class CodingSession {
  readonly options: Readonly<CodingSessionOptions>;
  /** The real path of the root (symlinks resolved). */
  readonly root: string;
  readonly events = new EventEmitter<{ event: [CodingToolEvent] }>();
  /** Files read in this session, by real path. */
  readonly reads = new Map<string, FileReadRecord>();
  /** The todo list, replaced whole by TodoWrite. */
  todos: TodoItem[] = [];
  /** WebFetch cache: url+format → { at, body }. */
  readonly fetchCache = new Map<string, { at: number; value: string }>();
  /** Background processes (Bash `run_in_background`); stopped with their groups by `dispose()`. */
  readonly background: BackgroundShells;
  /** The permission rules, compiled against the session's tools (createCodingToolkit); none: all allowed. */
  permissions: PermissionRules | undefined;
  /** "Allow for this session" answers: tool + subject. */
  readonly permissionGrants = new Set<string>();

  /** The session's language servers (started on first use). */
  readonly languageServers: LanguageServerManager;
  /** Errors tsc last found per file: what the errors after an edit are compared with when no language server serves it. */
  readonly tscErrors = new Map<
    string,
    readonly { file: string; line: number; column: number; code: string; message: string }[]
  >();

  /** Temporary folders this session created (Bash spill files); `dispose()` removes them. */
  readonly #tempDirs = new Set<string>();

  constructor(options: CodingSessionOptions) {
    this.options = options;
    this.root = realpathSync(path.resolve(options.root));
    this.background = new BackgroundShells(options.background, () => this.now());
    this.languageServers = new LanguageServerManager({
      root: this.root,
      settings: options.languageServers,
      env: options.env ?? process.env,
    });
  }

  /** Creates a temporary folder owned by the session: `dispose()` deletes it with its files. */
  createTempDir(prefix: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    this.#tempDirs.add(dir);
    return dir;
  }

  /**
   * Deletes the temporary folders the session created (Bash spill files) and kills its language
   * servers. Synchronous, so it can run in a process `exit` handler; `using session = new
   * CodingSession(…)` calls it too.
   */
  dispose(): void {
    this.background.disposeSync();
    this.languageServers.dispose();
    for (const dir of this.#tempDirs) rmSync(dir, { recursive: true, force: true });
    this.#tempDirs.clear();
  }

  [Symbol.dispose](): void {
    this.dispose();
  }

  /** `dispose()` without blocking the event loop while background processes end (`await using`). */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.background.dispose();
    this.dispose();
  }

  emit(event: CodingToolEvent): void {
    this.events.emit('event', event);
  }

  /** Subscribes to tool events; returns the unsubscribe function. */
  onEvent(listener: (event: CodingToolEvent) => void): () => void {
    this.events.on('event', listener);
    return () => this.events.off('event', listener);
  }

  now(): number {
    return (this.options.now ?? Date.now)();
  }
}

/** What every coding tool receives as `ctx.deps`. */
export interface CodingToolsDeps {
  session: CodingSession;
}
