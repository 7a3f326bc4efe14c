/**
 * The per-call context the MCP adapter builds for a tool (`ctx` of `execute`), for tests that run a
 * tool through `BaseTool.run` without a server: the given deps, a fresh signal, no progress, a
 * silent logger, the tool name `test` — each overridable.
 */
import { noProgress, silentLogger, type ToolContext } from '@toolsmith/core';

export function createToolContext<TDeps>(
  deps: TDeps,
  overrides: Partial<ToolContext<TDeps>> = {},
): ToolContext<TDeps> {
  return {
    deps,
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'test',
    ...overrides,
  };
}
