/**
 * Which language server serves which files: TypeScript/JavaScript through `typescript-language-server`
 * is built in; any other server is added by configuration (command, arguments, file extensions).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** One language server: how to start it and which files it serves. */
export interface LanguageServerConfig {
  /** Short name, e.g. `typescript`, `pyright`. One server runs per id and root. */
  id: string;
  /** Program to start (speaks LSP over stdio), e.g. `pyright-langserver`. */
  command: string;
  /** Its arguments, e.g. `['--stdio']`. */
  args?: readonly string[];
  /** File extensions it serves, with the dot: `['.py', '.pyi']`. */
  extensions: readonly string[];
  /** LSP language id by extension (`.tsx` → `typescriptreact`); default: the extension without its dot. */
  languageIds?: Readonly<Record<string, string>>;
  /** `initializationOptions` sent with `initialize`. */
  initializationOptions?: unknown;
  /**
   * Files that mark a project this server checks after edits (`tsconfig.json`), looked for from the
   * edited file's folder up to the root: an edit outside any such project is not checked by this
   * server (its errors would come from default settings the project does not use). LSP and Rename
   * use the server anyway. @default none: every file it serves is checked
   */
  projectFiles?: readonly string[];
  /** Environment of the server process. @default the session's env */
  env?: Record<string, string | undefined>;
}

/** Language-server settings of a session (`CodingSessionOptions.languageServers`). */
export interface LanguageServerSettings {
  /** Extra servers, or replacements of a built-in one by the same id. */
  servers?: readonly LanguageServerConfig[];
  /** Use the built-in TypeScript/JavaScript server. @default true */
  typescript?: boolean;
  /** A server unused this long is stopped (it restarts on the next use). @default 300_000 (5 min) */
  idleTimeoutMs?: number;
  /** Time allowed for a server to start and answer `initialize`. @default 30_000 */
  startTimeoutMs?: number;
  /** Time allowed for one request. @default 30_000 */
  requestTimeoutMs?: number;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
export const DEFAULT_START_TIMEOUT_MS = 30_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

const require = createRequire(import.meta.url);

function resolveOptional(specifier: string): string | undefined {
  try {
    return require.resolve(specifier);
  } catch {
    return undefined;
  }
}

/**
 * The built-in TypeScript/JavaScript server: `typescript-language-server --stdio`, run with this
 * Node. It uses the project's own TypeScript (node_modules/typescript) and falls back to the one
 * installed beside this package.
 */
export function typescriptServerConfig(): LanguageServerConfig {
  const cli = resolveOptional('typescript-language-server/lib/cli.mjs');
  const typescript = resolveOptional('typescript');
  return {
    id: 'typescript',
    command: cli ? process.execPath : 'typescript-language-server',
    args: cli ? [cli, '--stdio'] : ['--stdio'],
    extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
    projectFiles: ['tsconfig.json', 'jsconfig.json'],
    languageIds: {
      '.ts': 'typescript',
      '.mts': 'typescript',
      '.cts': 'typescript',
      '.tsx': 'typescriptreact',
      '.js': 'javascript',
      '.mjs': 'javascript',
      '.cjs': 'javascript',
      '.jsx': 'javascriptreact',
    },
    initializationOptions: {
      tsserver: {
        // The syntax-only server would answer before the project is loaded, without types or
        // other files: wait for the real answer instead.
        useSyntaxServer: 'never',
        ...(typescript ? { fallbackPath: path.join(path.dirname(typescript), 'tsserver.js') } : {}),
      },
      // Renames rewrite every use, imports included, instead of keeping the old name as an alias.
      preferences: { providePrefixAndSuffixTextForRename: false, includeCompletionsForModuleExports: false },
    },
  };
}

/** The servers of a session: the configured ones first, then the built-in TypeScript server. */
export function languageServerConfigs(settings: LanguageServerSettings | undefined): LanguageServerConfig[] {
  const configured = [...(settings?.servers ?? [])];
  if (settings?.typescript !== false && !configured.some((server) => server.id === 'typescript')) {
    configured.push(typescriptServerConfig());
  }
  return configured;
}

/** The language id of `file` for `config`. */
export function languageIdOf(config: LanguageServerConfig, file: string): string {
  const extension = path.extname(file).toLowerCase();
  return config.languageIds?.[extension] ?? extension.slice(1);
}

/** Whether an edit of `file` is in a project `config` checks (see `projectFiles`). */
export function inCheckedProject(config: LanguageServerConfig, file: string, root: string): boolean {
  if (!config.projectFiles?.length) return true;
  let dir = path.dirname(file);
  for (;;) {
    if (config.projectFiles.some((name) => existsSync(path.join(dir, name)))) return true;
    const relative = path.relative(root, dir);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
    dir = path.dirname(dir);
  }
}
