/**
 * The fixture tools served by createWebHandler under Bun's own HTTP server (`Bun.serve`), for
 * web-handler.bun.test.ts: a stateless handler on /mcp and a stateful one on /stateful/mcp, on
 * 127.0.0.1 and a free port. Run with `bun --conditions=@toolsmith/source`; prints one JSON line
 * (URL, runtime, Bun's version) once it listens. With WEB_FIXTURE=requires the registry also holds a
 * tool that needs Node's native addons: the handler refuses it, and the refusal goes to stderr
 * with exit code 1, as a server's start-up would.
 */
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../../__fixtures__/fixture-tools.ts';
import { createStreamLogger } from '../../logging/logger.ts';
import { ToolRegistry } from '../../registry/tool-registry.ts';
import { BaseTool } from '../../tool/base-tool.ts';
import { defineToolMetadata } from '../../tool/tool-metadata.ts';
import { detectRuntime } from '../runtime-requirements.ts';
import { createWebHandler } from '../web-handler.ts';
import { z } from 'zod';

declare const Bun: {
  version: string;
  serve(options: { hostname: string; port: number; fetch(request: Request): Promise<Response> }): {
    port: number;
    url: URL;
  };
};

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

const Empty = z.object({});

class SandboxedTool extends BaseTool<FixtureDeps, typeof Empty> {
  static override readonly METADATA = defineToolMetadata({
    name: 'sandboxed_check',
    description: 'Runs a check in the isolated-vm sandbox.',
    category: 'books',
    annotations: { readOnlyHint: true },
    requires: ['node-addons'],
  });
  override getParamsSchema() {
    return Empty;
  }
  async execute() {
    return 'checked';
  }
}

const registry = () => {
  const made = new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools());
  return process.env['WEB_FIXTURE'] === 'requires' ? made.register(new SandboxedTool()) : made;
};
const common = {
  name: 'fixture',
  version: '1.0.0',
  deps: createFixtureDeps(),
  logger: createStreamLogger({ level: 'warn' }),
};

try {
  const stateless = createWebHandler({ ...common, registry: registry() });
  const stateful = createWebHandler({
    ...common,
    registry: registry(),
    stateful: true,
    path: '/stateful/mcp',
  });
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) =>
      new URL(request.url).pathname.startsWith('/stateful/')
        ? stateful.fetch(request)
        : stateless.fetch(request),
  });
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${server.port}`, runtime: detectRuntime(), bun: Bun.version })}\n`,
  );
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
