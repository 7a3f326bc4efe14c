import type { ServerTemplateContext } from '../template-context.ts';

/** `src/__fixtures__/test-context.ts`: deps and a tool context for unit tests. */
export function testContextSource(ctx: ServerTemplateContext): string {
  return `/**
 * Test doubles: the dependencies and the per-call context a tool's execute() receives, without a
 * server. Tool tests run tools through BaseTool.run with createTestContext(); replace the config with
 * fakes of your API as the server grows.
 */
import { noProgress, silentLogger, type ToolContext } from '@toolsmith/core';
import type { ServerDeps } from '../deps.ts';

export function createTestDeps(overrides: Partial<ServerDeps> = {}): ServerDeps {
  return {
    config: { ${ctx.envPrefix}_API_URL: 'https://api.example.test' },
    ...overrides,
  };
}

/** A context like the one the MCP adapter builds for each call; override what a test needs. */
export function createTestContext(overrides: Partial<ToolContext<ServerDeps>> = {}): ToolContext<ServerDeps> {
  return {
    deps: createTestDeps(),
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'test',
    ...overrides,
  };
}
`;
}
