/**
 * Assembles the coding tools for one session: the registry (for MCP servers and Batch), and the AI
 * SDK tool record (`codingTools`) for `generateText` / `streamText`. Conditional tools: LSP and Rename unless language servers are off, WebSearch and
 * CodeSearch only with a search provider, Task only with a model.
 */
import { ToolRegistry, defineToolset, type Logger, type ToolSelection } from '@toolsmith/core';
import { toAiSdkTools } from '@toolsmith/core/ai-sdk';
import { generateText, stepCountIs, type LanguageModel, type Tool } from 'ai';
import { withMediaOutput } from './agent/media-output.ts';
import { CodingSession, type CodingSessionOptions, type CodingToolsDeps } from './session/coding-session.ts';
import { ApplyPatchTool } from './tools/apply-patch/apply-patch.tool.ts';
import { AskUserTool } from './tools/ask-user.ts';
import { BashTool } from './tools/bash.ts';
import { BashInputTool } from './tools/bash/bash-input.ts';
import { BashListTool } from './tools/bash/bash-list.ts';
import { BashOutputTool } from './tools/bash/bash-output.ts';
import { KillShellTool } from './tools/bash/kill-shell.ts';
import { BatchTool } from './tools/batch.ts';
import { CodeSearchTool } from './tools/code-search.ts';
import { DiagnosticsTool } from './tools/diagnostics.ts';
import { EditTool } from './tools/edit.ts';
import { GlobTool } from './tools/glob.ts';
import { GrepTool } from './tools/grep.ts';
import { ListDirTool } from './tools/list-dir.ts';
import { LspTool } from './tools/lsp/lsp.tool.ts';
import { RenameTool } from './tools/lsp/rename.tool.ts';
import { MultiEditTool } from './tools/multi-edit.ts';
import { ReadTool } from './tools/read.ts';
import { TaskTool } from './tools/task.ts';
import { TodoReadTool, TodoWriteTool } from './tools/todo.ts';
import { WebFetchTool } from './tools/web-fetch.ts';
import { WebSearchTool } from './tools/web-search.ts';
import { WriteTool } from './tools/write.ts';
import type { ToolCallResult } from '@toolsmith/core';
import { compilePermissionRules, type PermissionProfile } from './permissions/permission-rules.ts';
import { CodingTool } from './tools/shared/coding-tool.ts';

export const CODING_TOOLSETS = [
  defineToolset({ id: 'files', description: 'Read, write, edit, patch and list files', default: true }),
  defineToolset({ id: 'search', description: 'Glob, Grep and code/web search', default: true }),
  defineToolset({ id: 'shell', description: 'Run commands and diagnostics', default: true }),
  defineToolset({
    id: 'code',
    description: 'Code intelligence and renames through the language server',
    default: true,
  }),
  defineToolset({ id: 'web', description: 'Fetch web pages', default: true }),
  defineToolset({ id: 'planning', description: 'Todo list', default: true }),
  defineToolset({ id: 'interaction', description: 'Ask the user', default: true }),
  defineToolset({ id: 'agents', description: 'Sub-agents and batching', default: true }),
];

export interface CodingToolsOptions extends CodingSessionOptions {
  /** An existing session to attach to (its options win over the ones here). */
  session?: CodingSession;
  /** The model sub-agents use. Without it, Task is not registered. */
  model?: LanguageModel;
  /** Step limit of sub-agents (Task). @default 10 */
  subAgentMaxSteps?: number;
  /** Let a sub-agent start its own sub-agents. @default false */
  allowNestedTask?: boolean;
  /** Which tools to expose (toolsets, include/exclude, read-only), as for MCP servers. */
  selection?: ToolSelection;
  logger?: Logger;
  /** System prompt of sub-agents. */
  subAgentSystem?: string;
}

export interface CodingToolkit {
  session: CodingSession;
  registry: ToolRegistry<CodingToolsDeps>;
  deps: CodingToolsDeps;
}

const SUB_AGENT_SYSTEM =
  'You are a sub-agent with coding tools. Do the task you are given completely, then answer with a concise report of what you found or changed (paths, key facts). You cannot ask the user questions through the parent.';

/** The registry of the session's tools and the deps to run them with. */
export function createCodingToolkit(options: CodingToolsOptions): CodingToolkit {
  const session = options.session ?? new CodingSession(options);
  const registry = new ToolRegistry<CodingToolsDeps>({ toolsets: CODING_TOOLSETS });
  const deps: CodingToolsDeps = { session };
  const lookup = (name: string) => registry.get(name);
  const names = () => registry.list().map((t) => t.name);

  registry.register(
    new ReadTool(),
    new WriteTool(),
    new EditTool(),
    new MultiEditTool(),
    new ApplyPatchTool(),
    new ListDirTool(),
    new GlobTool(),
    new GrepTool(),
    new BashTool(),
    new BashOutputTool(),
    new BashInputTool(),
    new BashListTool(),
    new KillShellTool(),
    new DiagnosticsTool(),
    new WebFetchTool(),
    new TodoWriteTool(),
    new TodoReadTool(),
    new AskUserTool(),
    new BatchTool(lookup, names),
  );
  if (session.languageServers.enabled) registry.register(new LspTool(), new RenameTool());
  if (session.options.webSearch) registry.register(new WebSearchTool());
  if (session.options.codeSearch) registry.register(new CodeSearchTool());

  const model = options.model;
  if (model) {
    registry.register(
      new TaskTool(async (prompt, signal) => {
        const selection: ToolSelection = {
          ...options.selection,
          exclude: [...new Set([...(options.selection?.exclude ?? []), 'TodoWrite', 'TodoRead'])],
        };
        const child = createCodingToolkit({
          ...options,
          session,
          selection,
          ...(options.allowNestedTask ? {} : { model: undefined }),
        });
        const result = await generateText({
          model,
          system: options.subAgentSystem ?? SUB_AGENT_SYSTEM,
          prompt,
          tools: withMediaOutput(
            toAiSdkTools(child.registry, {
              deps: child.deps,
              selection,
              ...(options.logger ? { logger: options.logger } : {}),
            }),
          ),
          stopWhen: stepCountIs(options.subAgentMaxSteps ?? 10),
          abortSignal: signal,
        });
        return { text: result.text, steps: result.steps.length };
      }),
    );
  }
  if (session.options.permissions && session.permissions === undefined) {
    session.permissions = compilePermissionRules(session.options.permissions, permissionProfiles(registry));
  }
  return { session, registry, deps };
}

/** Each registered tool's permission profile, by name (a tool not built on CodingTool: the tool alone). */
function permissionProfiles(registry: ToolRegistry<CodingToolsDeps>): Map<string, PermissionProfile> {
  return new Map(
    registry
      .list()
      .map((tool) => [tool.name, tool instanceof CodingTool ? tool.permission : { kind: 'none' as const }]),
  );
}

/**
 * `codingTools`: the AI SDK tool record for `generateText({ tools })` / `streamText`. Each tool
 * returns its result as text for the model (images and PDFs that Read attaches as file parts);
 * failures come back as error text the model can act on.
 */
export function createCodingTools(
  options: CodingToolsOptions,
): Record<string, Tool<unknown, ToolCallResult>> {
  const { registry, deps } = createCodingToolkit(options);
  return withMediaOutput(
    toAiSdkTools(registry, {
      deps,
      ...(options.selection ? { selection: options.selection } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    }),
  );
}
