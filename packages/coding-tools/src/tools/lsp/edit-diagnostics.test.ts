/**
 * Diagnostics after edits: Write, Edit, MultiEdit and ApplyPatch append the errors they introduced,
 * from the real TypeScript language server, from tsc without one, within a bounded wait.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { noProgress, silentLogger } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import {
  createCodingToolkit,
  type CodingToolkit,
  type CodingToolsOptions,
} from '../../create-coding-tools.ts';
import { copyFixtureProject } from './__fixtures__/copy-fixture-project.ts';
import { newErrors } from './edit-diagnostics.ts';

jest.setTimeout(90_000);
const require = createRequire(import.meta.url);

async function open(options: Omit<CodingToolsOptions, 'root'> = {}) {
  const root = copyFixtureProject();
  const kit: CodingToolkit = createCodingToolkit({ root, ...options });
  const server = createMcpServer({
    name: 'edit-diagnostics',
    version: '1.0.0',
    registry: kit.registry,
    deps: kit.deps,
    logger: silentLogger,
  });
  const connection: McpTestConnection = await connectInMemory(server);
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await connection.client.callTool({ name, arguments: args });
    return resultText(result);
  };
  const close = async () => {
    await connection.close();
    kit.session.dispose();
    rmSync(root, { recursive: true, force: true });
  };
  return { root, kit, call, close };
}

describe('errors after edits, from the TypeScript language server (through the MCP client)', () => {
  let project: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    // The first check waits for the server to start and load the project: a generous bound here.
    project = await open({ diagnosticsAfterEdit: { timeoutMs: 30_000 } });
  });
  afterAll(async () => project.close());

  it('appends the errors an edit introduced, not the ones that were there or only moved', async () => {
    const { call } = project;
    await call('Read', { file_path: 'packages/app/src/report.ts' });
    const broken = await call('Edit', {
      file_path: 'packages/app/src/report.ts',
      old_string: 'computeArea(shape)',
      new_string: 'computeArea(shape, 2)',
    });
    expect(broken.split('\n').slice(-2)).toEqual([
      '1 new error (typescript language server):',
      'packages/app/src/report.ts:4:65 TS2554 Expected 1 arguments, but got 2.',
    ]);
    // The error moves down a line: not new.
    const moved = await call('Edit', {
      file_path: 'packages/app/src/report.ts',
      old_string: 'export function',
      new_string: '// Sums the areas.\nexport function',
    });
    expect(moved.split('\n').at(-1)).toBe('No new errors (typescript language server).');
    // A second error beside the first: only it is reported.
    const second = await call('MultiEdit', {
      file_path: 'packages/app/src/report.ts',
      edits: [{ old_string: ', 0);', new_string: ', missing);' }],
    });
    expect(second.split('\n').slice(-2)).toEqual([
      '1 new error (typescript language server):',
      "packages/app/src/report.ts:5:69 TS2304 Cannot find name 'missing'.",
    ]);
    const fixed = await call('MultiEdit', {
      file_path: 'packages/app/src/report.ts',
      edits: [
        { old_string: ', missing);', new_string: ', 0);' },
        { old_string: 'computeArea(shape, 2)', new_string: 'computeArea(shape)' },
      ],
    });
    expect(fixed).toMatch(/the file now has 6 lines\.\nNo new errors \(typescript language server\)\.$/);
  });

  it('checks every file a patch adds or changes; Write too; files no checker serves add nothing', async () => {
    const { call } = project;
    const patched = await call('ApplyPatch', {
      patch: [
        '*** Begin Patch',
        '*** Add File: packages/app/src/extra.ts',
        "+import { Circle } from '@fixture/geometry';",
        '+export const unit: number = new Circle(1);',
        '*** Add File: packages/app/src/fine.ts',
        '+export const fine = 1;',
        '*** End Patch',
      ].join('\n'),
    });
    expect(patched.split('\n').slice(-2)).toEqual([
      '1 new error (typescript language server):',
      "packages/app/src/extra.ts:2:14 TS2322 Type 'Circle' is not assignable to type 'number'.",
    ]);
    await call('Read', { file_path: 'packages/app/src/extra.ts' });
    const written = await call('Write', {
      file_path: 'packages/app/src/extra.ts',
      content: "import { Circle } from '@fixture/geometry';\nexport const unit = new Circle(1);\n",
    });
    expect(written).toBe(
      'Overwrote packages/app/src/extra.ts (2 lines, 79 bytes).\nNo new errors (typescript language server).',
    );
    expect(await call('Write', { file_path: 'NOTES.md', content: '# notes\n' })).toBe(
      'Created NOTES.md (1 line, 8 bytes).',
    );
  });
});

describe('errors after edits without a language server', () => {
  it('come from tsc, compared with its previous check of the file', async () => {
    const project = await open({ languageServers: false, diagnosticsAfterEdit: { timeoutMs: 60_000 } });
    try {
      // The project's own tsc, as the Diagnostics tool runs it.
      mkdirSync(path.join(project.root, 'node_modules/.bin'), { recursive: true });
      symlinkSync(require.resolve('typescript/bin/tsc'), path.join(project.root, 'node_modules/.bin/tsc'));
      await project.call('Read', { file_path: 'packages/geometry/src/shapes.ts' });
      const broken = await project.call('Edit', {
        file_path: 'packages/geometry/src/shapes.ts',
        old_string: 'return 0;',
        new_string: "return '0';",
      });
      expect(broken.split('\n').slice(-2)).toEqual([
        '1 new error (tsc):',
        "packages/geometry/src/shapes.ts:20:3 TS2322 Type 'string' is not assignable to type 'number'.",
      ]);
      const again = await project.call('Edit', {
        file_path: 'packages/geometry/src/shapes.ts',
        old_string: '/** A shape with an area. */',
        new_string: '/** A shape. */',
      });
      expect(again.split('\n').at(-1)).toBe('No new errors (tsc).');
    } finally {
      await project.close();
    }
  });

  it('an edit waits no longer than the bound for a server that does not answer, and says so', async () => {
    const project = await open({
      languageServers: {
        typescript: false,
        servers: [{ id: 'silent', command: 'sleep', args: ['60'], extensions: ['.py'] }],
      },
      diagnosticsAfterEdit: { timeoutMs: 500 },
    });
    try {
      const started = performance.now();
      const written = await project.call('Write', { file_path: 'tool.py', content: 'x = 1\n' });
      const elapsed = performance.now() - started;
      expect(written).toBe(
        'Created tool.py (1 line, 6 bytes).\nErrors not checked in tool.py: no answer within 0.5 s (a language server may still be starting); use Diagnostics or LSP later.',
      );
      expect(elapsed).toBeLessThan(2000);
    } finally {
      await project.close();
    }
  });

  it('are not looked for in a TypeScript file outside any project (no tsconfig.json or jsconfig.json)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'no-project-'));
    const kit = createCodingToolkit({ root });
    try {
      const result = await kit.registry.get('Write')!.run(
        { file_path: 'loose.ts', content: 'export const x: number = "no";\n' },
        {
          deps: kit.deps,
          signal: new AbortController().signal,
          logger: silentLogger,
          progress: noProgress,
          toolName: 'Write',
        },
      );
      expect(resultText(result)).toBe('Created loose.ts (1 line, 31 bytes).');
      expect(kit.session.languageServers.runningServers()).toEqual([]);
    } finally {
      kit.session.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('stay within the token budget, counting the rest', async () => {
    const project = await open({ diagnosticsAfterEdit: { timeoutMs: 30_000, maxTokens: 25 } });
    try {
      const written = await project.call('Write', {
        file_path: 'packages/app/src/broken.ts',
        content:
          'export const a: number = "1";\nexport const b: number = "2";\nexport const c: number = "3";\n',
      });
      expect(written.split('\n').slice(1)).toEqual([
        '3 new errors (typescript language server):',
        "packages/app/src/broken.ts:1:14 TS2322 Type 'string' is not assignable to type 'number'.",
        '… and 2 more (Diagnostics lists them all).',
      ]);
    } finally {
      await project.close();
    }
  });

  it('are not appended when turned off', async () => {
    const project = await open({ diagnosticsAfterEdit: false });
    try {
      await project.call('Read', { file_path: 'packages/app/src/report.ts' });
      const edited = await project.call('MultiEdit', {
        file_path: 'packages/app/src/report.ts',
        edits: [{ old_string: 'computeArea(shape)', new_string: 'computeArea(shape, 2)' }],
      });
      expect(edited).toBe(
        'Edited packages/app/src/report.ts: applied 1 edit (1 replacement); the file now has 5 lines.',
      );
      expect(project.kit.session.languageServers.runningServers()).toEqual([]);
    } finally {
      await project.close();
    }
  });
});

describe('newErrors', () => {
  const error = (line: number, message: string) => ({ file: 'a.ts', line, column: 1, code: 'TS1', message });
  it('counts an error as new only beyond as many as there were, wherever they moved', () => {
    expect(newErrors([error(1, 'x'), error(2, 'y')], [error(5, 'x'), error(6, 'y'), error(7, 'y')])).toEqual([
      error(7, 'y'),
    ]);
    expect(newErrors([error(1, 'x')], [])).toEqual([]);
  });
});
