import type { ServerTemplateContext } from '../template-context.ts';

/** `src/__fixtures__/test-context.ts`: deps and a tool context for tests. */
export function testContextSource(ctx: ServerTemplateContext): string {
  return `/**
 * The test fixture of the layout: the dependencies and the per-call context a tool's execute()
 * receives, without a server. Every tool test opens it with openTestContext() and runs its tool
 * through BaseTool.run with test.ctx(). Here the deps are the config alone; as the server grows,
 * start an emulator of your API in openTestContext() (as apps/clickup and apps/yandex-tracker do)
 * and stop it in close().
 */
import { createToolContext } from '@toolsmith/testing';
import type { ${ctx.depsType} } from '../deps.ts';
import type { ${ctx.pascal}Ctx } from '../tools/${ctx.stem}-context.ts';

export function createTestDeps(overrides: Partial<${ctx.depsType}> = {}): ${ctx.depsType} {
  return {
    config: { ${ctx.envPrefix}_API_URL: 'https://api.example.test' },
    ...overrides,
  };
}

/** A context like the one the MCP adapter builds for each call; override what a test needs. */
export function createTestContext(overrides: Partial<${ctx.pascal}Ctx> = {}): ${ctx.pascal}Ctx {
  return createToolContext(createTestDeps(), overrides);
}

/** What a tool test works with: a ctx per call, and close() when the tests are done. */
export interface TestContext {
  ctx(overrides?: Partial<${ctx.pascal}Ctx>): ${ctx.pascal}Ctx;
  close(): Promise<void>;
}

export function openTestContext(): Promise<TestContext> {
  return Promise.resolve({ ctx: createTestContext, close: () => Promise.resolve() });
}
`;
}
