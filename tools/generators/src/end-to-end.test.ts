/**
 * End to end: generate a server and a second tool into a temporary folder inside the workspace
 * (so `@toolsmith/*` and zod resolve through the root node_modules), then drive the generated server
 * with a real MCP client, run the generated test suite, lint and type-check the generated sources.
 * (generate-into-apps.test.ts does the same for tools generated into the real servers.)
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { silentLogger, type ToolSelection } from '@toolsmith/core';
import type { ToolsmithMcpServer } from '@toolsmith/core/mcp';
import { bundleServer } from '@toolsmith/bundle';
import { connectInMemory, connectStdio, resultText } from '@toolsmith/testing';
import { runCli } from './cli.ts';
import { defaultWorkspaceRoot } from './workspace.ts';

const workspaceRoot = defaultWorkspaceRoot();
let root: string;
let app: string;

interface GeneratedServer {
  createServer(
    deps: unknown,
    overrides?: { logger?: typeof silentLogger; selection?: ToolSelection },
  ): ToolsmithMcpServer;
}
interface GeneratedFixtures {
  createTestDeps(): unknown;
}

beforeAll(async () => {
  mkdirSync(join(workspaceRoot, 'tmp'), { recursive: true });
  root = mkdtempSync(join(workspaceRoot, 'tmp', 'gen-'));
  app = join(root, 'apps/acme');
  const io = { stdout: () => {}, stderr: (text: string) => void process.stderr.write(text) };
  expect(await runCli(['server', 'acme', '--prefix', 'acme', '--root', root], { io })).toBe(0);
  const tool = [
    'tool',
    'rename-widget',
    '--write',
    '--project',
    'apps/acme',
    '--area',
    'widgets',
    '--root',
    root,
  ];
  expect(await runCli(tool, { io })).toBe(0);
  // A second server without a prefix: the templates' other branch, for the test run and type check.
  expect(await runCli(['server', 'plain', '--root', root], { io })).toBe(0);
  // The generated jest.config.js imports ../../jest.preset.js from the workspace root it lives in.
  copyFileSync(join(workspaceRoot, 'jest.preset.js'), join(root, 'jest.preset.js'));
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

async function connect(selection: ToolSelection = {}) {
  const server = (await import(join(app, 'src/server.ts'))) as GeneratedServer;
  const fixtures = (await import(join(app, 'src/__fixtures__/test-context.ts'))) as GeneratedFixtures;
  return connectInMemory(server.createServer(fixtures.createTestDeps(), { logger: silentLogger, selection }));
}

describe('a generated server', () => {
  it('lists both tools to a real MCP client and calls them', async () => {
    const connection = await connect();
    try {
      const { client } = connection;
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['search_tools', 'acme_get_example', 'acme_rename_widget']);
      const write = tools.find((t) => t.name === 'acme_rename_widget');
      expect(write?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(write?.description).toContain('Requires explicit user consent');

      const got = await client.callTool({
        name: 'acme_get_example',
        arguments: { id: 'example-2', fields: ['name'] },
      });
      expect(got.isError).toBeFalsy();
      expect(JSON.parse(resultText(got))).toEqual({ name: 'Second example' });

      const renamed = await client.callTool({
        name: 'acme_rename_widget',
        arguments: { id: 'example-1', name: 'Renamed' },
      });
      expect(JSON.parse(resultText(renamed))).toEqual({ id: 'example-1', name: 'Renamed' });
    } finally {
      await connection.close();
    }
  });

  it('answers invalid params and unknown ids with isError results that say how to recover', async () => {
    const connection = await connect();
    try {
      const invalid = await connection.client.callTool({
        name: 'acme_rename_widget',
        arguments: { id: 'example-1', nmae: 'x' },
      });
      expect(invalid.isError).toBe(true);
      expect(resultText(invalid)).toContain('- nmae: Unknown field. Did you mean "name"?');
      expect(resultText(invalid)).toContain('- name: Required field is missing');

      const missing = await connection.client.callTool({
        name: 'acme_get_example',
        arguments: { id: 'nope' },
      });
      expect(missing.isError).toBe(true);
      expect(resultText(missing)).toBe(
        'No example has id "nope". Check the id. Did you mean: example-1, example-2?',
      );
    } finally {
      await connection.close();
    }
  });

  it('hides the write tool in read-only mode', async () => {
    const connection = await connect({ readOnly: true });
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['search_tools', 'acme_get_example']);
    } finally {
      await connection.close();
    }
  });

  it('passes its own generated test suite (and so does an unprefixed one)', async () => {
    const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning',
    };
    delete env.JEST_WORKER_ID;
    // --ci=false: the registry-wide definition test writes its snapshots on this first run.
    const projects = ['--projects', 'apps/acme', 'apps/plain'];
    const { stderr: output } = await promisify(execFile)(
      process.execPath,
      [jest, '--ci=false', '--colors=false', ...projects],
      { cwd: root, env },
    );
    const stderr = stripVTControlCharacters(output); // colours are forced under nx
    // acme: 3 definition + 6 server + 5 read-tool + 4 write-tool tests; plain: 2 + 5 + 5.
    expect(stderr).toMatch(/Tests: +30 passed, 30 total/);
    expect(stderr).toContain('3 snapshots written');
  }, 120_000);

  it('bundles into a bin that plain node serves over stdio (its bundle target)', async () => {
    const bundle = await bundleServer({
      entry: join(app, 'src/bin/acme-mcp.ts'),
      outDir: join(root, 'bundle'),
      fileName: 'acme-mcp.mjs',
    });
    const connection = await connectStdio({ command: process.execPath, args: [bundle.entryFile], cwd: root });
    try {
      const { tools } = await connection.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['search_tools', 'acme_get_example', 'acme_rename_widget']);
      const invalid = await connection.client.callTool({ name: 'acme_get_example', arguments: {} });
      expect(invalid.isError).toBe(true);
      expect(resultText(invalid)).toContain('- id: Required field is missing');
    } finally {
      await connection.close();
    }
  }, 60_000);

  it('passes the workspace lint rules', async () => {
    const eslint = new ESLint({
      cwd: workspaceRoot,
      overrideConfigFile: join(workspaceRoot, 'eslint.config.js'),
      ignore: false, // the root config ignores tmp/
    });
    const results = await eslint.lintFiles([join(root, 'apps/acme/src'), join(root, 'apps/plain/src')]);
    expect(results.length).toBeGreaterThanOrEqual(31);
    const formatter = await eslint.loadFormatter('stylish');
    expect(await formatter.format(results)).toBe('');
  }, 60_000);

  it('type-checks under the workspace compiler options', () => {
    const base = ts.readConfigFile(join(workspaceRoot, 'tsconfig.base.json'), (path) =>
      ts.sys.readFile(path),
    );
    const config = ts.parseJsonConfigFileContent(
      {
        ...base.config,
        compilerOptions: {
          ...base.config.compilerOptions,
          composite: false,
          noEmit: true,
          declaration: false,
          declarationMap: false,
        },
        include: ['apps/*/src/**/*.ts'],
      },
      ts.sys,
      root,
    );
    const program = ts.createProgram(config.fileNames, config.options);
    // Only the generated files: the workspace packages they import are checked by their own projects.
    const problems = ts.getPreEmitDiagnostics(program).flatMap((d) => {
      const file = d.file && relative(root, d.file.fileName);
      return file && !file.startsWith('..')
        ? [`${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`]
        : [];
    });
    // the layout's 14 in each (docs/writing-a-server.md), and the second tool's area (3 files) in acme
    expect(config.fileNames).toHaveLength(31);
    expect(problems).toEqual([]);
  }, 120_000);
});
