// Public API of @toolsmith/coding-tools.
//
// Everything exported here is public API: add a symbol on purpose.

// Assembly and the agent loop
export {
  createCodingTools,
  createCodingToolkit,
  CODING_TOOLSETS,
  type CodingToolsOptions,
  type CodingToolkit,
} from './create-coding-tools.ts';
export { runAgent, DEFAULT_SYSTEM, type RunAgentOptions } from './agent/run-agent.ts';
export { CODING_SEARCH_GLOSSARY } from './search-glossary.ts';
export type { AgentEvent } from './agent/agent-events.ts';

// Session
export {
  CodingSession,
  type CodingSessionOptions,
  type CodingToolsDeps,
  type SearchProvider,
  type SearchResult,
  type SearchKind,
  type SearchOptions,
  type FileReadRecord,
  type DiagnosticsAfterEditSettings,
} from './session/coding-session.ts';
export type { LanguageServerConfig, LanguageServerSettings } from './tools/lsp/language-server-config.ts';
export type {
  LanguageServerManager,
  LanguageServerManagerOptions,
} from './tools/lsp/language-server-manager.ts';
export type {
  LanguageServerClient,
  LanguageServerClientOptions,
} from './tools/lsp/language-server-client.ts';

// Permission rules (ADR 0023): every tool is a CodingTool, checked before any effect
export { CodingTool, permissionPath } from './tools/shared/coding-tool.ts';
export {
  compilePermissionRules,
  PermissionRules,
  type PermissionAction,
  type PermissionDecision,
  type PermissionGroup,
  type PermissionKind,
  type PermissionProfile,
  type PermissionRule,
  type PermissionRulesConfig,
} from './permissions/permission-rules.ts';
export { PermissionDeniedError } from './permissions/check-permission.ts';
export { loadPermissionsFile } from './permissions/load-permissions.ts';
export type { CodingToolEvent, TodoItem, AskUserQuestion } from './session/events.ts';

// Search providers
export { createBraveSearchProvider, braveSearchFromEnv } from './search/brave-search-provider.ts';

// The tools
export { ReadTool } from './tools/read.ts';
export { WriteTool } from './tools/write.ts';
export { EditTool } from './tools/edit.ts';
export { MultiEditTool } from './tools/multi-edit.ts';
export { ApplyPatchTool } from './tools/apply-patch/apply-patch.tool.ts';
export { BashTool } from './tools/bash.ts';
export { BashOutputTool } from './tools/bash/bash-output.ts';
export { BashInputTool } from './tools/bash/bash-input.ts';
export { BashListTool } from './tools/bash/bash-list.ts';
export { KillShellTool } from './tools/bash/kill-shell.ts';
export type {
  BackgroundLimits,
  BackgroundShells,
  StartOptions as BackgroundStartOptions,
} from './tools/bash/background-shells.ts';
export type { BackgroundShell, ShellState, StartShellOptions } from './tools/bash/background-shell.ts';
export type { OutputSince } from './tools/bash/output-ring.ts';
export { GlobTool } from './tools/glob.ts';
export { GrepTool } from './tools/grep.ts';
export { ListDirTool } from './tools/list-dir.ts';
export { DiagnosticsTool } from './tools/diagnostics.ts';
export { LspTool } from './tools/lsp/lsp.tool.ts';
export { RenameTool } from './tools/lsp/rename.tool.ts';
export { BatchTool } from './tools/batch.ts';
export { AskUserTool } from './tools/ask-user.ts';
export { WebFetchTool } from './tools/web-fetch.ts';
export { WebSearchTool } from './tools/web-search.ts';
export { CodeSearchTool } from './tools/code-search.ts';
export { TaskTool, type SubAgentRunner } from './tools/task.ts';
export { TodoWriteTool, TodoReadTool } from './tools/todo.ts';
