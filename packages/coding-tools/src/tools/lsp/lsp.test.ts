/**
 * LSP and Rename on a real two-package TypeScript project (the fixture), with the real
 * typescript-language-server, through the MCP client and an AI SDK agent.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createCodingToolkit, createCodingTools, type CodingToolkit } from '../../create-coding-tools.ts';
import { copyFixtureProject } from './__fixtures__/copy-fixture-project.ts';

jest.setTimeout(90_000);
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, ms = 15_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return condition();
}

describe('LSP and Rename on a two-package TypeScript project, through the MCP client', () => {
  let root: string;
  let kit: CodingToolkit;
  let connection: McpTestConnection;
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await connection.client.callTool({ name, arguments: args });
    return { text: resultText(result), isError: result.isError === true };
  };
  const read = (relative: string) => readFileSync(path.join(root, relative), 'utf8');

  beforeAll(async () => {
    root = copyFixtureProject();
    kit = createCodingToolkit({ root, diagnosticsAfterEdit: false });
    const server = createMcpServer({
      name: 'lsp-test',
      version: '1.0.0',
      registry: kit.registry,
      deps: kit.deps,
      logger: silentLogger,
    });
    connection = await connectInMemory(server);
  });
  afterAll(async () => {
    await connection.close();
    kit.session.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('goes to a definition in the other package, finds references, hovers, lists symbols and calls', async () => {
    expect((await connection.client.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['LSP', 'Rename']),
    );
    const definition = await call('LSP', {
      operation: 'goToDefinition',
      file_path: 'packages/app/src/main.ts',
      symbol: 'computeArea',
      line: 7,
    });
    expect(definition).toEqual({
      isError: false,
      text: [
        '1 definition of "computeArea" at packages/app/src/main.ts:7:53:',
        'packages/geometry/src/shapes.ts:17:17: export function computeArea(shape: Shape): number {',
      ].join('\n'),
    });

    const references = await call('LSP', {
      operation: 'findReferences',
      file_path: 'packages/geometry/src/shapes.ts',
      symbol: 'computeArea',
    });
    expect(references.text.split('\n')).toEqual([
      '6 references in 4 files to "computeArea" at packages/geometry/src/shapes.ts:17:17:',
      "packages/app/src/main.ts:1:26: import { Circle, Square, computeArea } from '@fixture/geometry';",
      'packages/app/src/main.ts:7:53: const largest = Math.max(...shapes.map((shape) => computeArea(shape)));',
      "packages/app/src/report.ts:1:10: import { computeArea, type Shape } from '@fixture/geometry';",
      'packages/app/src/report.ts:4:46: return shapes.reduce((sum, shape) => sum + computeArea(shape), 0);',
      "packages/geometry/src/index.ts:1:26: export { Circle, Square, computeArea, type Shape } from './shapes';",
      'packages/geometry/src/shapes.ts:17:17: export function computeArea(shape: Shape): number {',
    ]);

    // By line and character (1-based) instead of a name; the symbol's first occurrence is said.
    const hover = await call('LSP', {
      operation: 'hover',
      file_path: 'packages/app/src/report.ts',
      line: 4,
      character: 46,
    });
    expect(hover.text).toBe(
      [
        'Hover at packages/app/src/report.ts:4:46:',
        '(alias) computeArea(shape: Shape): number',
        'import computeArea',
        'The area of a shape, in square units.',
      ].join('\n'),
    );
    const first = await call('LSP', {
      operation: 'hover',
      file_path: 'packages/app/src/main.ts',
      symbol: 'computeArea',
    });
    expect(first.text).toMatch(
      /^Hover "computeArea" at packages\/app\/src\/main.ts:1:26 \(first of lines 1, 7; give line to pick another\):/,
    );

    expect(
      (await call('LSP', { operation: 'documentSymbol', file_path: 'packages/geometry/src/shapes.ts' })).text,
    ).toBe(
      [
        'Symbols of packages/geometry/src/shapes.ts:',
        'class Circle (line 6)',
        '  constructor constructor (line 8)',
        '  property kind (line 7)',
        '  property radius (line 8)',
        'function computeArea (line 17)',
        'interface Shape (line 2)',
        '  property kind (line 3)',
        'class Square (line 11)',
        '  constructor constructor (line 13)',
        '  property kind (line 12)',
        '  property side (line 13)',
      ].join('\n'),
    );
    expect((await call('LSP', { operation: 'workspaceSymbol', query: 'Square' })).text).toContain(
      'class Square — packages/geometry/src/shapes.ts:11:1',
    );

    expect(
      (
        await call('LSP', {
          operation: 'incomingCalls',
          file_path: 'packages/geometry/src/shapes.ts',
          symbol: 'computeArea',
        })
      ).text,
    ).toBe(
      [
        '2 callers of function computeArea — packages/geometry/src/shapes.ts:17:17:',
        'function totalArea — packages/app/src/report.ts:3:17 (calls at 4:46)',
        'function describeShapes — packages/app/src/main.ts:6:17 (calls at 7:53)',
      ].join('\n'),
    );
    const outgoing = await call('LSP', {
      operation: 'outgoingCalls',
      file_path: 'packages/app/src/main.ts',
      symbol: 'describeShapes',
    });
    expect(outgoing.text).toContain('function computeArea — packages/geometry/src/shapes.ts:17:17');
    expect(outgoing.text).toContain('function totalArea — packages/app/src/report.ts:3:17');
    const implementations = await call('LSP', {
      operation: 'goToImplementation',
      file_path: 'packages/geometry/src/shapes.ts',
      symbol: 'Shape',
      line: 2,
    });
    expect(implementations.text.split('\n')).toEqual([
      '2 implementations of "Shape" at packages/geometry/src/shapes.ts:2:18:',
      'packages/geometry/src/shapes.ts:6:14: export class Circle implements Shape {',
      'packages/geometry/src/shapes.ts:11:14: export class Square implements Shape {',
    ]);
  });

  it('refuses a position that is not there, naming what the file holds', async () => {
    const notOnLine = await call('LSP', {
      operation: 'hover',
      file_path: 'packages/app/src/main.ts',
      symbol: 'totalArea',
      line: 4,
    });
    expect(notOnLine.isError).toBe(true);
    expect(notOnLine.text).toContain('"totalArea" is not on line 4 of packages/app/src/main.ts');
    expect(notOnLine.text).toContain('It occurs on lines 2, 8.');
    const pastEnd = await call('LSP', {
      operation: 'hover',
      file_path: 'packages/app/src/main.ts',
      line: 99,
      character: 1,
    });
    expect(pastEnd.text).toContain('packages/app/src/main.ts has 10 lines; line 99 does not exist.');
    const nowhere = await call('LSP', { operation: 'goToDefinition', file_path: 'packages/app/src/main.ts' });
    expect(nowhere.text).toContain(
      'Give symbol (a name in the file, with line to choose among several), or line and character',
    );
    const outside = await call('LSP', {
      operation: 'hover',
      file_path: '../elsewhere.ts',
      line: 1,
      character: 1,
    });
    expect(outside).toMatchObject({ isError: true });
    expect(outside.text).toContain('is outside the project root');
    const unserved = await call('LSP', {
      operation: 'documentSymbol',
      file_path: 'packages/app/package.json',
    });
    expect(unserved.text).toContain('No language server is configured for .json files');
  });

  it('renames across both packages, imports and re-export included, all at once; tsc still passes', async () => {
    // A file the agent has read stays writable after the rename; one it has not stays unread.
    expect((await call('Read', { file_path: 'packages/app/src/report.ts' })).isError).toBe(false);
    const started = performance.now();
    const renamed = await call('Rename', {
      file_path: 'packages/geometry/src/shapes.ts',
      symbol: 'computeArea',
      new_name: 'areaOf',
    });
    const renameMs = performance.now() - started;
    expect(renamed).toEqual({
      isError: false,
      text: [
        'Renamed to "areaOf": 6 edits in 4 files.',
        'M packages/app/src/main.ts (+2 -2)',
        'M packages/app/src/report.ts (+2 -2)',
        'M packages/geometry/src/index.ts (+1 -1)',
        'M packages/geometry/src/shapes.ts (+1 -1)',
      ].join('\n'),
    });
    expect(renameMs).toBeLessThan(10_000);
    expect(read('packages/app/src/main.ts')).toContain(
      "import { Circle, Square, areaOf } from '@fixture/geometry';",
    );
    expect(read('packages/geometry/src/index.ts')).toBe(
      "export { Circle, Square, areaOf, type Shape } from './shapes';\n",
    );
    expect(read('packages/app/src/report.ts')).not.toContain('computeArea');
    await promisify(execFile)(process.execPath, [tsc, '-p', root]); // Throws on a type error.

    const edited = await call('Edit', {
      file_path: 'packages/app/src/report.ts',
      old_string: 'sum + areaOf',
      new_string: 'sum + 2 * areaOf',
    });
    expect(edited.isError).toBe(false);
    expect(
      (
        await call('Edit', {
          file_path: 'packages/app/src/main.ts',
          old_string: 'areaOf(shape)',
          new_string: 'x',
        })
      ).text,
    ).toContain('was not read in this session');

    // The same name again, a keyword, and nothing at all: refused, nothing written.
    const before = read('packages/geometry/src/shapes.ts');
    const same = await call('Rename', {
      file_path: 'packages/geometry/src/shapes.ts',
      symbol: 'areaOf',
      new_name: 'areaOf',
    });
    expect(same.text).toContain('The symbol is already called "areaOf"');
    const keyword = await call('Rename', {
      file_path: 'packages/geometry/src/shapes.ts',
      symbol: 'return',
      line: 18,
      new_name: 'x',
    });
    expect(keyword).toMatchObject({ isError: true });
    expect(keyword.text).toMatch(
      /(Nothing renameable|The language server renames nothing) at packages\/geometry\/src\/shapes.ts:18:\d+/,
    );
    expect(read('packages/geometry/src/shapes.ts')).toBe(before);
  });

  it('keeps the server in step with what the coding tools and others write', async () => {
    // Write (a coding tool) adds a caller; the open documents follow it.
    await call('Read', { file_path: 'packages/app/src/main.ts' });
    const main = read('packages/app/src/main.ts');
    expect(
      (
        await call('Write', {
          file_path: 'packages/app/src/main.ts',
          content: `${main}\nexport const unit = areaOf(new Square(1));\n`,
        })
      ).isError,
    ).toBe(false);
    const references = await call('LSP', {
      operation: 'findReferences',
      file_path: 'packages/geometry/src/shapes.ts',
      symbol: 'areaOf',
    });
    expect(references.text).toContain(
      'packages/app/src/main.ts:11:21: export const unit = areaOf(new Square(1));',
    );

    // Changed behind the tools' back (another program): a rename still fits the file as it is now.
    writeFileSync(
      path.join(root, 'packages/app/src/report.ts'),
      `// changed by hand\n${read('packages/app/src/report.ts')}`,
    );
    const renamed = await call('Rename', {
      file_path: 'packages/geometry/src/shapes.ts',
      symbol: 'areaOf',
      new_name: 'shapeArea',
    });
    expect(renamed.text).toMatch(/^Renamed to "shapeArea": 7 edits in 4 files\./);
    expect(read('packages/app/src/report.ts')).toBe(
      [
        '// changed by hand',
        "import { shapeArea, type Shape } from '@fixture/geometry';",
        '',
        'export function totalArea(shapes: readonly Shape[]): number {',
        '  return shapes.reduce((sum, shape) => sum + 2 * shapeArea(shape), 0);',
        '}',
        '',
      ].join('\n'),
    );
    await promisify(execFile)(process.execPath, [tsc, '-p', root]);
  });
});

describe('the language servers of a session', () => {
  it('start on first use, stop when idle, start again, and die with the session', async () => {
    const root = copyFixtureProject();
    const kit = createCodingToolkit({ root, languageServers: { idleTimeoutMs: 500 } });
    const run = (args: Record<string, unknown>) =>
      kit.registry.get('LSP')!.run(args, {
        deps: kit.deps,
        signal: new AbortController().signal,
        logger: silentLogger,
        progress: noProgress,
        toolName: 'LSP',
      });
    try {
      expect(kit.session.languageServers.runningServers()).toEqual([]);
      await run({ operation: 'hover', file_path: 'packages/app/src/report.ts', symbol: 'totalArea' });
      const first = kit.session.languageServers.runningServers()[0]!;
      expect(first.startMs).toBeGreaterThan(0);
      const pid = first.pid!;
      expect(alive(pid)).toBe(true);
      expect(await until(() => !alive(pid))).toBe(true);
      expect(kit.session.languageServers.runningServers()).toEqual([]);

      const again = await run({
        operation: 'hover',
        file_path: 'packages/app/src/report.ts',
        symbol: 'totalArea',
      });
      expect(JSON.stringify(again)).toContain('function totalArea(shapes: readonly Shape[]): number');
      const second = kit.session.languageServers.runningServers()[0]!.pid!;
      expect(second).not.toBe(pid);
      kit.session.dispose();
      // The server and its process group (tsserver) are gone.
      expect(await until(() => !alive(second))).toBe(true);
      expect(
        await until(() => {
          try {
            process.kill(-second, 0);
            return false;
          } catch {
            return true;
          }
        }),
      ).toBe(true);
    } finally {
      kit.session.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('takes other servers from configuration, and says so when one cannot start', async () => {
    const root = copyFixtureProject();
    writeFileSync(path.join(root, 'tool.py'), 'def main():\n    pass\n');
    const cli = require.resolve('typescript-language-server/lib/cli.mjs');
    const kit = createCodingToolkit({
      root,
      languageServers: {
        typescript: false,
        servers: [
          { id: 'python', command: 'no-such-language-server', args: ['--stdio'], extensions: ['.py'] },
          {
            id: 'tsls-by-config',
            command: process.execPath,
            args: [cli, '--stdio'],
            extensions: ['.ts'],
            initializationOptions: { tsserver: { useSyntaxServer: 'never' } },
          },
        ],
      },
    });
    const server = createMcpServer({
      name: 'lsp-config',
      version: '1.0.0',
      registry: kit.registry,
      deps: kit.deps,
      logger: silentLogger,
    });
    const connection = await connectInMemory(server);
    try {
      const python = await connection.client.callTool({
        name: 'LSP',
        arguments: { operation: 'documentSymbol', file_path: 'tool.py' },
      });
      expect(python.isError).toBe(true);
      expect(resultText(python)).toContain(
        'The python language server (no-such-language-server) could not start',
      );
      expect(resultText(python)).toContain('Check that the command is installed and on PATH');
      const hover = await connection.client.callTool({
        name: 'LSP',
        arguments: {
          operation: 'hover',
          file_path: 'packages/geometry/src/shapes.ts',
          symbol: 'Circle',
          line: 6,
        },
      });
      expect(resultText(hover)).toContain('class Circle');
      expect(kit.session.languageServers.runningServers().map((client) => client.config.id)).toEqual([
        'tsls-by-config',
      ]);
      // Off: no LSP or Rename offered.
      expect(createCodingToolkit({ root, languageServers: false }).registry.get('LSP')).toBeUndefined();
    } finally {
      await connection.close();
      kit.session.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('Rename under permission rules', () => {
  it('is refused, nothing written, when a rule denies editing any file it would change', async () => {
    const root = copyFixtureProject();
    const kit = createCodingToolkit({
      root,
      diagnosticsAfterEdit: false,
      permissions: { deny: ['Edit(packages/app/**)'] },
    });
    const before = readFileSync(path.join(root, 'packages/app/src/main.ts'), 'utf8');
    try {
      const result = await kit.registry.get('Rename')!.run(
        { file_path: 'packages/geometry/src/shapes.ts', symbol: 'computeArea', new_name: 'areaOf' },
        {
          deps: kit.deps,
          signal: new AbortController().signal,
          logger: silentLogger,
          progress: noProgress,
          toolName: 'Rename',
        },
      );
      expect(result.isError).toBe(true);
      expect(resultText(result)).toContain('Edit(packages/app/**)');
      expect(readFileSync(path.join(root, 'packages/app/src/main.ts'), 'utf8')).toBe(before);
      expect(readFileSync(path.join(root, 'packages/geometry/src/shapes.ts'), 'utf8')).toContain(
        'computeArea',
      );
    } finally {
      kit.session.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('LSP for an AI SDK agent (createCodingTools)', () => {
  it('a model asks for references and reads them', async () => {
    const root = copyFixtureProject();
    const toolkit = createCodingToolkit({ root });
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 1, text: 1, reasoning: undefined },
    };
    let step = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        step++;
        if (step === 1) {
          return {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'c1',
                toolName: 'LSP',
                input: JSON.stringify({
                  operation: 'findReferences',
                  file_path: 'packages/app/src/report.ts',
                  symbol: 'totalArea',
                }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      },
    });
    try {
      const result = await generateText({
        model,
        prompt: 'who uses totalArea?',
        tools: createCodingTools({ root, session: toolkit.session }),
        stopWhen: stepCountIs(3),
      });
      const output = JSON.stringify(result.steps[0]?.toolResults[0]?.output);
      expect(output).toContain('3 references in 2 files to \\"totalArea\\"');
      expect(output).toContain('packages/app/src/main.ts:8:19');
      expect(result.text).toBe('done');
    } finally {
      toolkit.session.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
