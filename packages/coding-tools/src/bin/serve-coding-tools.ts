/** The command line of `coding-tools-mcp` (see coding-tools-mcp.ts). */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@toolsmith/core';
import { runServeCli } from '@toolsmith/core/mcp';
import { createCodingToolkit, type CodingToolkit } from '../create-coding-tools.ts';
import type { CodingToolsDeps } from '../session/coding-session.ts';
import { createBraveSearchProvider } from '../search/brave-search-provider.ts';
import { CODING_SEARCH_GLOSSARY } from '../search-glossary.ts';
import type { LanguageServerSettings } from '../tools/lsp/language-server-config.ts';
import { loadLanguageServerSettings } from '../tools/lsp/load-language-server-settings.ts';
import { loadPermissionsFile } from '../permissions/load-permissions.ts';

const ROOT_HELP = `Coding tools:
  --root <dir>              Project directory the file tools work in (default: the current directory)
  --allow-outside-root      Let file tools reach paths outside the root
  --permissions <file>      Allow / ask / deny rules per tool and pattern, a JSON file in Claude
                            Code's format: {"permissions": {"allow": ["Bash(npm test:*)"],
                            "ask": ["Edit"], "deny": ["Read(.env)"], "defaultMode": "allow"}}
                            (also CODING_TOOLS_PERMISSIONS=<file>); "ask" asks through elicitation
  --max-background-processes <n>
                            Background processes (Bash run_in_background) running at once
                            (default 10); they are stopped with the server
  --no-lsp                  No language servers: LSP and Rename are not served, and the errors after
                            edits come from tsc (also CODING_TOOLS_LSP=off)
  --lsp-config <file>       Language servers besides TypeScript's, and their idle time, as JSON:
                            {"servers": [{"id": "pyright", "command": "pyright-langserver",
                            "args": ["--stdio"], "extensions": [".py"]}], "idleTimeoutMs": 300000}
                            (also CODING_TOOLS_LSP_CONFIG=<file>)
  --no-diagnostics-after-edit
                            Write, Edit, MultiEdit and ApplyPatch do not append the new errors of
                            the files they changed (also CODING_TOOLS_DIAGNOSTICS_AFTER_EDIT=off)
  --knowledge <path>        Serve search_knowledge over this knowledge pack directory or Markdown
                            file (repeatable; indexed at the first search)
Environment:
  BRAVE_API_KEY             Enables WebSearch and CodeSearch (Brave Search API)
  KNOWLEDGE_DB, DATABASE_URL, KNOWLEDGE_EMBEDDING_MODEL
                            Where search_knowledge keeps its index (default: in memory) and which
                            embedding model it uses (see docs/knowledge-search.md)`;

/** search_tools with examples of this server's tasks (core's own description names none). */
export const SEARCH_TOOLS_HINT =
  'search_tools finds the tool for a task, e.g. "find files by name", "replace text in a file", "run the tests".';

/** Splits our own flags from the serve flags; returns an exit code on a usage error. */
export async function main(argv: readonly string[]): Promise<number | undefined> {
  const rest: string[] = [];
  let root = process.cwd();
  let allowOutsideRoot = false;
  const knowledge: string[] = [];
  const off = (name: string) => /^(0|false|off|no)$/i.test(process.env[name]?.trim() ?? '');
  let noLsp = off('CODING_TOOLS_LSP');
  let lspConfig = process.env.CODING_TOOLS_LSP_CONFIG?.trim() || undefined;
  let diagnosticsAfterEdit = !off('CODING_TOOLS_DIAGNOSTICS_AFTER_EDIT');
  let maxBackground: number | undefined;
  let permissionsFile = process.env.CODING_TOOLS_PERMISSIONS?.trim() || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--root') {
      const value = argv[++i];
      if (!value) {
        process.stderr.write(`--root needs a directory.\n\n${ROOT_HELP}\n`);
        return 2;
      }
      root = value;
    } else if (arg.startsWith('--root=')) root = arg.slice('--root='.length);
    else if (arg === '--allow-outside-root') allowOutsideRoot = true;
    else if (arg === '--knowledge' || arg.startsWith('--knowledge=')) {
      const value = arg === '--knowledge' ? argv[++i] : arg.slice('--knowledge='.length);
      if (!value) {
        process.stderr.write(
          `--knowledge needs a knowledge pack directory or a Markdown file.\n\n${ROOT_HELP}\n`,
        );
        return 2;
      }
      if (!existsSync(value)) {
        process.stderr.write(
          `--knowledge ${value}: not found. Pass a knowledge pack directory or a Markdown file (relative to the current directory).\n`,
        );
        return 2;
      }
      knowledge.push(path.resolve(value));
    } else if (arg === '--max-background-processes' || arg.startsWith('--max-background-processes=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value || !/^[1-9]\d*$/.test(value)) {
        process.stderr.write(
          `--max-background-processes needs a whole number of 1 or more, e.g. 10.\n\n${ROOT_HELP}\n`,
        );
        return 2;
      }
      maxBackground = Number(value);
    } else if (arg === '--permissions' || arg.startsWith('--permissions=')) {
      const value = arg === '--permissions' ? argv[++i] : arg.slice('--permissions='.length);
      if (!value) {
        process.stderr.write(`--permissions needs a JSON file of rules.\n\n${ROOT_HELP}\n`);
        return 2;
      }
      permissionsFile = path.resolve(value);
    } else if (arg === '--no-lsp') noLsp = true;
    else if (arg === '--no-diagnostics-after-edit') diagnosticsAfterEdit = false;
    else if (arg === '--lsp-config' || arg.startsWith('--lsp-config=')) {
      const value = arg === '--lsp-config' ? argv[++i] : arg.slice('--lsp-config='.length);
      if (!value) {
        process.stderr.write(`--lsp-config needs a JSON file of language servers.\n\n${ROOT_HELP}\n`);
        return 2;
      }
      lspConfig = path.resolve(value);
    } else rest.push(arg);
  }
  let languageServers: LanguageServerSettings | false | undefined = noLsp ? false : undefined;
  if (!noLsp && lspConfig !== undefined) {
    try {
      languageServers = loadLanguageServerSettings(lspConfig);
    } catch (error) {
      process.stderr.write(`${(error as Error).message}\n`);
      return 2;
    }
  }
  const resolved = path.resolve(root);
  if (!existsSync(resolved) || !statSync(resolved).isDirectory()) {
    process.stderr.write(
      `--root ${root}: not a directory. Pass the project folder the tools should work in.\n`,
    );
    return 2;
  }
  const apiKey = process.env.BRAVE_API_KEY?.trim();
  const brave = apiKey ? createBraveSearchProvider({ apiKey }) : undefined;
  let toolkit: CodingToolkit;
  try {
    // A rule file that does not parse, or names no tool of this server, stops the start (exit 2).
    const permissions = permissionsFile === undefined ? undefined : loadPermissionsFile(permissionsFile);
    toolkit = createCodingToolkit({
      root: resolved,
      allowOutsideRoot,
      ...(languageServers !== undefined ? { languageServers } : {}),
      ...(diagnosticsAfterEdit ? {} : { diagnosticsAfterEdit: false }),
      ...(maxBackground !== undefined ? { background: { maxProcesses: maxBackground } } : {}),
      ...(permissions ? { permissions } : {}),
      ...(brave ? { webSearch: brave, codeSearch: brave } : {}),
    });
  } catch (error) {
    if (!ConfigError.isInstance(error)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  if (knowledge.length > 0) await addKnowledgeSearch(toolkit, knowledge);
  // Bash's spill files live in a temporary folder of the session, and its background processes run
  // in their own process groups: both gone when the server exits.
  process.once('exit', () => toolkit.session.dispose());
  await runServeCli({
    name: 'coding-tools',
    command: 'coding-tools-mcp',
    version: '0.1.0',
    instructions: `Coding tools rooted at ${toolkit.session.root}. Read files before editing them; paths are relative to the root. ${SEARCH_TOOLS_HINT}`,
    registry: toolkit.registry,
    searchTools: { glossary: CODING_SEARCH_GLOSSARY },
    createDeps: () => toolkit.deps,
    argv: rest,
    helpText: ROOT_HELP,
  });
  return undefined;
}

/**
 * search_knowledge over the given packs and Markdown files: knowledge-search's tool, its store
 * (PGlite, pg, the AI SDK) loaded and the sources indexed at the first search, never at start.
 * `@toolsmith/knowledge-search` is an optional peer dependency, loaded only with --knowledge.
 */
async function addKnowledgeSearch(toolkit: CodingToolkit, sources: readonly string[]): Promise<void> {
  const { createSearchKnowledgeTool, loadKnowledgeStore } = await import('@toolsmith/knowledge-search/tool');
  let store: ReturnType<typeof loadKnowledgeStore> | undefined;
  toolkit.registry.register(
    createSearchKnowledgeTool<CodingToolsDeps>({
      subject: 'this project',
      toolset: 'search',
      store: () => (store ??= loadKnowledgeStore()),
      sources,
    }),
  );
  process.once('exit', () => void store?.then((s) => s.close()).catch(() => undefined));
}
