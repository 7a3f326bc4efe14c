/**
 * CONTRIBUTING.md's "Add a tool to a server", done by the generator on a copy of each real server:
 * apps/clickup, apps/yandex-tracker and tools/example-server are copied into a scratch folder under
 * the workspace's git-ignored tmp/ (so `@toolsmith/*` and zod resolve through the root node_modules,
 * and Nx, which skips git-ignored folders, sees no second project of the same name); a read tool
 * goes into a new area (its list added to the composition file, its toolset declared) and a write
 * tool into an existing area. Then the copy type-checks (`tsc --noEmit`), the generated and edited
 * files pass eslint, and the generated tests pass against the server's own test fixture (the API
 * emulator in the two apps).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { ESLint } from 'eslint';
import { runCli } from './cli.ts';
import { defaultWorkspaceRoot } from './workspace.ts';

const run = promisify(execFile);
const workspaceRoot = defaultWorkspaceRoot();
const require = createRequire(import.meta.url);
let scratch: string;

/** Each server, the existing area its write tool goes into, and that tool's full name. */
const SERVERS = [
  { project: 'tools/example-server', area: 'books', prefix: 'bookshelf' },
  { project: 'apps/clickup', area: 'tags', prefix: 'clickup' },
  { project: 'apps/yandex-tracker', area: 'issues', prefix: 'tracker' },
] as const;

const SKIPPED = new Set(['node_modules', 'dist', 'out-tsc', 'coverage', '__snapshots__', 'bench']);

beforeAll(() => {
  mkdirSync(join(workspaceRoot, 'tmp'), { recursive: true });
  scratch = mkdtempSync(join(workspaceRoot, 'tmp', 'into-apps-'));
  // The copies' configs extend ../../tsconfig.base.json and import ../../jest.preset.js.
  for (const file of ['tsconfig.base.json', 'jest.preset.js'])
    copyFileSync(join(workspaceRoot, file), join(scratch, file));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A copy of the project at the same depth under the scratch folder, sharing its node_modules. */
function copyProject(project: string): string {
  const from = join(workspaceRoot, project);
  const to = join(scratch, project);
  cpSync(from, to, { recursive: true, filter: (path) => !SKIPPED.has(basename(path)) });
  if (existsSync(join(from, 'node_modules')))
    symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'), 'dir');
  // Project references point at ../../packages/…, which the scratch folder has not: a plain config.
  writeFileSync(
    join(to, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { noEmit: true, composite: false, declaration: false, declarationMap: false },
      include: ['src/**/*.ts'],
    }),
  );
  return to;
}

async function generate(...args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t) };
  const code = await runCli([...args, '--root', scratch], { io, workspaceRoot });
  expect([code, err]).toEqual([0, '']);
  return out;
}

describe.each(SERVERS)('generate tool into a copy of $project', ({ project, area, prefix }) => {
  let dir: string;
  const generated = [
    'src/tools/widgets/get-widget.tool.ts',
    'src/tools/widgets/get-widget.tool.test.ts',
    'src/tools/widgets/index.ts',
    `src/tools/${area}/rename-gadget.tool.ts`,
    `src/tools/${area}/rename-gadget.tool.test.ts`,
    `src/tools/${area}/index.ts`,
    'src/tools/index.ts',
  ];

  beforeAll(async () => {
    dir = copyProject(project);
    await generate('tool', 'get-widget', '--project', project, '--area', 'widgets');
    await generate('tool', 'rename-gadget', '--project', project, '--area', area, '--write');
  }, 60_000);

  it('writes the tool and its test where the layout puts them, registered and with its toolset', () => {
    for (const file of generated) expect([file, existsSync(join(dir, file))]).toEqual([file, true]);
  });

  it('type-checks the whole copy (tsc --noEmit)', async () => {
    const tsc = require.resolve('typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '--noEmit', '-p', join(dir, 'tsconfig.json')], {
      cwd: dir,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(result.stdout).toBe('');
  }, 180_000);

  it('lints the generated and edited files', async () => {
    const eslint = new ESLint({
      cwd: workspaceRoot,
      overrideConfigFile: join(workspaceRoot, 'eslint.config.js'),
      ignore: false, // the root config ignores tmp/
    });
    const results = await eslint.lintFiles(generated.map((f) => join(dir, f)));
    const formatter = await eslint.loadFormatter('stylish');
    expect(await formatter.format(results)).toBe('');
  }, 60_000);

  it(`passes the generated tests on the server's test fixture (${prefix}_get_widget, ${prefix}_rename_gadget)`, async () => {
    const jest = require.resolve('jest/bin/jest');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning',
    };
    delete env.JEST_WORKER_ID;
    const { stderr } = await run(
      process.execPath,
      [jest, '--ci=false', '--colors=false', 'get-widget.tool.test', 'rename-gadget.tool.test'],
      { cwd: dir, env },
    );
    const output = stripVTControlCharacters(stderr);
    expect(output).toContain('PASS');
    expect(output).not.toContain('FAIL');
    // get-widget: 5 tests, rename-gadget: 4.
    expect(output).toMatch(/Tests: +9 passed, 9 total/);
  }, 120_000);
});
