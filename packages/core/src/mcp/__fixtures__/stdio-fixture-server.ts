/**
 * The fixture tools served over stdio (`serveStdio`), for tests that spawn a real server process.
 * Run with `node --conditions=@toolsmith/source`.
 */
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../../__fixtures__/fixture-tools.ts';
import { silentLogger } from '../../logging/logger.ts';
import { ToolRegistry } from '../../registry/tool-registry.ts';
import { serveStdio } from '../stdio.ts';

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

await serveStdio({
  name: 'fixture',
  version: '1.0.0',
  registry: new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools()),
  deps: createFixtureDeps(),
  logger: silentLogger,
});
