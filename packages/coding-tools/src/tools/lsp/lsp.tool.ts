/**
 * LSP: code intelligence from the language server (Claude Code's `LSP` tool, same operation names):
 * definition, references, hover, document and workspace symbols, implementations and the call
 * hierarchy. Positions are a 1-based line and column, or a symbol name; answers are `path:line:col`
 * lines relative to the root.
 */
import { readFileSync } from 'node:fs';
import {
  defineToolMetadata,
  lazySchema,
  ToolsmithError,
  ValidationError,
  type ParamsOf,
  type ToolContext,
} from '@toolsmith/core';
import type {
  CallHierarchyIncomingCall,
  CallHierarchyItem,
  CallHierarchyOutgoingCall,
  DocumentSymbol,
  Hover,
  Location,
  LocationLink,
  SymbolInformation,
  WorkspaceSymbol,
} from 'vscode-languageserver-protocol';
import { z } from 'zod';
import type { PermissionProfile } from '../../permissions/permission-rules.ts';
import type { CodingSession, CodingToolsDeps } from '../../session/coding-session.ts';
import { displayPath, resolveInRoot } from '../../session/resolve-path.ts';
import { CodingTool, permissionPath } from '../shared/coding-tool.ts';
import { plural } from '../shared/plural.ts';
import {
  formatCallItem,
  formatDocumentSymbols,
  formatLocations,
  formatWorkspaceSymbols,
  hoverText,
  normaliseLocations,
  SourceLines,
} from './format-lsp.ts';
import { fileUri, type LanguageServerClient } from './language-server-client.ts';
import { LanguageServerUnavailableError } from './language-server-manager.ts';
import { resolvePosition, type ResolvedPosition } from './symbol-position.ts';

/** Lines of one answer at most. */
export const MAX_RESULT_LINES = 100;

export const LSP_OPERATIONS = [
  'goToDefinition',
  'findReferences',
  'hover',
  'documentSymbol',
  'workspaceSymbol',
  'goToImplementation',
  'incomingCalls',
  'outgoingCalls',
] as const;

export const LspParams = lazySchema(() =>
  z.object({
    operation: z
      .enum(LSP_OPERATIONS)
      .describe(
        'goToDefinition, findReferences (every use, declaration included), hover (type and docs), documentSymbol (outline of file_path), workspaceSymbol (search by name: query), goToImplementation, incomingCalls (who calls it), outgoingCalls (what it calls).',
      ),
    file_path: z
      .string()
      .min(1)
      .optional()
      .describe('The file, relative to the project root. Required except for workspaceSymbol.'),
    symbol: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The name to ask about, as written in the file, e.g. "createUser". With line: its occurrence on that line; without: its first occurrence in the file.',
      ),
    line: z.number().int().min(1).optional().describe('1-based line of the symbol (as Read numbers them).'),
    character: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('1-based column on that line, when no symbol is given.'),
    query: z.string().optional().describe('workspaceSymbol: the name or part of it to search for.'),
  }),
);

type LspInput = ParamsOf<typeof LspParams>;

/** Runs `work` with the session's server for `file`; an unavailable server becomes a tool error. */
export async function withLanguageServer<T>(
  session: CodingSession,
  file: string,
  toolName: string,
  work: (client: LanguageServerClient) => Promise<T>,
): Promise<T> {
  let client: LanguageServerClient;
  try {
    client = await session.languageServers.clientFor(file);
  } catch (error) {
    if (error instanceof LanguageServerUnavailableError) {
      throw new ToolsmithError({
        code: 'unavailable',
        userFacing: true,
        message: `${toolName}: ${error.message}`,
        cause: error,
      });
    }
    throw error;
  }
  try {
    return await work(client);
  } catch (error) {
    if (error instanceof ToolsmithError || (error instanceof Error && error.name === 'AbortError'))
      throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolsmithError({
      code: 'language_server_error',
      userFacing: true,
      message: `${toolName}: the ${client.config.id} language server failed (${reason}). Try again; if it keeps failing, use Grep and Read instead.`,
      cause: error,
    });
  }
}

export class LspTool extends CodingTool<typeof LspParams, string> {
  static override readonly METADATA = defineToolMetadata({
    name: 'LSP',
    title: 'Code intelligence (language server)',
    description: [
      'Ask the language server where code is defined and used, its types and docs, outlines and call hierarchies (operation).',
      'Name the place with file_path plus symbol (the name as written; add line when it occurs several times) or line and character (1-based); workspaceSymbol takes query instead.',
      'Answers are path:line:col lines relative to the root, with the source line. TypeScript and JavaScript are built in (the server starts on first use, a few seconds); other languages when configured. Rename renames a symbol everywhere.',
    ].join('\n'),
    category: 'code',
    toolset: 'code',
    tags: [
      'lsp',
      'definition',
      'references',
      'hover',
      'symbols',
      'outline',
      'callers',
      'calls',
      'navigate',
      'type',
    ],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  static override readonly PARAMS = LspParams;

  override readonly permission: PermissionProfile = { kind: 'path', groups: ['Read'] };

  protected override permissionSubjects(params: LspInput, ctx: ToolContext<CodingToolsDeps>): string[] {
    return params.file_path === undefined ? [] : [permissionPath(ctx.deps.session, params.file_path)];
  }

  async execute(params: LspInput, ctx: ToolContext<CodingToolsDeps>): Promise<string> {
    const { session } = ctx.deps;
    const lines = new SourceLines(session);
    if (params.operation === 'workspaceSymbol')
      return this.#workspaceSymbol(params, session, lines, ctx.signal);
    if (params.file_path === undefined) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'file_path',
            message: `${params.operation} needs file_path: the file, relative to the project root.`,
          },
        ],
      });
    }
    const file = resolveInRoot(session, params.file_path, this.name, 'file_path');
    const shown = displayPath(session, file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          {
            field: 'file_path',
            message: `${shown} cannot be read (missing, or a folder). Give the path of a source file; Glob finds files by name.`,
          },
        ],
      });
    }
    return withLanguageServer(session, file, this.name, async (client) => {
      await client.sync(file, text);
      const textDocument = { uri: fileUri(file) };
      if (params.operation === 'documentSymbol') {
        const symbols = await client.request<(DocumentSymbol | SymbolInformation)[] | null>(
          'textDocument/documentSymbol',
          { textDocument },
          ctx.signal,
        );
        if (!symbols?.length) return `No symbols in ${shown}.`;
        return [`Symbols of ${shown}:`, ...formatDocumentSymbols(symbols, MAX_RESULT_LINES)].join('\n');
      }
      const at = resolvePosition(text, params, shown, this.name);
      const position = at.position;
      const where = `${params.symbol ? `"${params.symbol}" ` : ''}at ${shown}:${position.line + 1}:${position.character + 1}${at.note ? ` (${at.note})` : ''}`;
      const heading = (what: string) => what;
      switch (params.operation as Exclude<LspInput['operation'], 'documentSymbol' | 'workspaceSymbol'>) {
        case 'goToDefinition':
        case 'goToImplementation': {
          const method =
            params.operation === 'goToDefinition' ? 'textDocument/definition' : 'textDocument/implementation';
          const result = await client.request<Location | Location[] | LocationLink[] | null>(
            method,
            { textDocument, position },
            ctx.signal,
          );
          const locations = normaliseLocations(result);
          const what = params.operation === 'goToDefinition' ? 'definition' : 'implementation';
          if (locations.length === 0) return `No ${what} found for ${where}. ${hint(at)}`;
          return [
            heading(`${plural(locations.length, what)} of ${where}:`),
            ...formatLocations(locations, lines, MAX_RESULT_LINES),
          ].join('\n');
        }
        case 'findReferences': {
          const result = await client.request<Location[] | null>(
            'textDocument/references',
            { textDocument, position, context: { includeDeclaration: true } },
            ctx.signal,
          );
          const locations = result ?? [];
          if (locations.length === 0) return `No references found for ${where}. ${hint(at)}`;
          const files = new Set(locations.map((location) => location.uri)).size;
          return [
            heading(`${plural(locations.length, 'reference')} in ${plural(files, 'file')} to ${where}:`),
            ...formatLocations(locations, lines, MAX_RESULT_LINES),
          ].join('\n');
        }
        case 'hover': {
          const result = await client.request<Hover | null>(
            'textDocument/hover',
            { textDocument, position },
            ctx.signal,
          );
          const body = hoverText(result);
          if (!body) return `Nothing known about ${where}. ${hint(at)}`;
          return `${heading(`Hover ${where}:`)}\n${body}`;
        }
        case 'incomingCalls':
        case 'outgoingCalls': {
          const items = await client.request<CallHierarchyItem[] | null>(
            'textDocument/prepareCallHierarchy',
            { textDocument, position },
            ctx.signal,
          );
          if (!items?.length)
            return `${where} is not a function or method the server can trace calls of. ${hint(at)}`;
          const out: string[] = [];
          for (const item of items) {
            if (params.operation === 'incomingCalls') {
              const calls =
                (await client.request<CallHierarchyIncomingCall[] | null>(
                  'callHierarchy/incomingCalls',
                  { item },
                  ctx.signal,
                )) ?? [];
              out.push(heading(`${plural(calls.length, 'caller')} of ${formatCallItem(item, lines)}:`));
              for (const call of calls.slice(0, MAX_RESULT_LINES)) {
                const sites = call.fromRanges
                  .map((range) => `${range.start.line + 1}:${range.start.character + 1}`)
                  .join(', ');
                out.push(`${formatCallItem(call.from, lines)} (calls at ${sites})`);
              }
              if (calls.length > MAX_RESULT_LINES) out.push(`… and ${calls.length - MAX_RESULT_LINES} more`);
            } else {
              const calls =
                (await client.request<CallHierarchyOutgoingCall[] | null>(
                  'callHierarchy/outgoingCalls',
                  { item },
                  ctx.signal,
                )) ?? [];
              out.push(heading(`${formatCallItem(item, lines)} calls ${plural(calls.length, 'function')}:`));
              for (const call of calls.slice(0, MAX_RESULT_LINES)) out.push(formatCallItem(call.to, lines));
              if (calls.length > MAX_RESULT_LINES) out.push(`… and ${calls.length - MAX_RESULT_LINES} more`);
            }
          }
          return out.join('\n');
        }
      }
    });
  }

  async #workspaceSymbol(
    params: LspInput,
    session: CodingSession,
    lines: SourceLines,
    signal: AbortSignal,
  ): Promise<string> {
    const query = params.query ?? params.symbol;
    if (!query) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          { field: 'query', message: 'workspaceSymbol needs query: the name (or part of it) to search for.' },
        ],
      });
    }
    // The server is chosen by a file: the one given, else the first server configured.
    const anchor = params.file_path
      ? resolveInRoot(session, params.file_path, this.name, 'file_path')
      : `${session.root}/index${session.languageServers.extensions()[0] ?? '.ts'}`;
    return withLanguageServer(session, anchor, this.name, async (client) => {
      // tsserver answers workspace/symbol only for projects it has loaded: open a file of the project.
      if (params.file_path) await client.sync(anchor);
      else await openSomeSource(session, client);
      const symbols = await client.request<(SymbolInformation | WorkspaceSymbol)[] | null>(
        'workspace/symbol',
        { query },
        signal,
      );
      if (!symbols?.length) return `No symbol matching "${query}" found.`;
      return [
        `${plural(symbols.length, 'symbol')} matching "${query}":`,
        ...formatWorkspaceSymbols(symbols, lines, MAX_RESULT_LINES),
      ].join('\n');
    });
  }
}

function hint(at: ResolvedPosition): string {
  return at.note
    ? 'Check that the symbol is the right one (give line to pick another occurrence).'
    : 'Check the position: line and character are 1-based and must be on the name itself (or give symbol).';
}

/** Opens one source file of the server's language when none is open, so the server loads the project. */
async function openSomeSource(session: CodingSession, client: LanguageServerClient): Promise<void> {
  const { glob } = await import('tinyglobby');
  const found = await glob(
    client.config.extensions.map((extension) => `**/*${extension}`),
    { cwd: session.root, ignore: ['**/node_modules/**', '**/dist/**', '**/.git/**'], absolute: true },
  );
  const first = found.sort()[0];
  if (first && !client.isOpen(first)) await client.sync(first);
}
