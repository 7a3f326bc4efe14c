import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layoutPath, SERVER_LAYOUT } from './server-layout.ts';
import { runCli } from './cli.ts';

const versions = { core: '0.1.0', testing: '0.1.0', bundle: '0.0.0', zod: '^4.6.7' };

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'toolsmith-cli-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function generate(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--root', root, ...argv], {
    io: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) },
    versions,
  });
  return { code, stdout, stderr };
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('usage errors (exit code 2, nothing written)', () => {
  it('prints the usage for --help and for no arguments', async () => {
    for (const argv of [['--help'], ['help'], []]) {
      let stdout = '';
      const code = await runCli(argv, {
        io: { stdout: (t) => void (stdout += t), stderr: () => {} },
        versions,
      });
      expect(code).toBe(0);
      expect(stdout).toContain(
        'npm run generate -- tool <tool-name> --project <server folder> --area <area>',
      );
    }
  });

  it('names an unknown option and suggests the closest one', async () => {
    const result = await generate('tool', 'get-issue', '--projet', 'apps/x', '--area', 'issues');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('- --projet: is not an option. Did you mean --project?');
    expect(result.stderr).toContain('Run `npm run generate -- --help` for the usage.');
  });

  it('names an unknown command and suggests the closest one', async () => {
    const result = await generate('sever', 'x');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"sever" is not a command. Did you mean "server"?');
  });

  it('refuses an option of the other command', async () => {
    const result = await generate('server', 'acme', '--area', 'issues');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '- --area: is not an option of "server". Options of "server": --description, --prefix',
    );
  });

  it('asks for a missing name, project and area with an example', async () => {
    expect((await generate('server')).stderr).toContain(
      '<name>: is missing. Name the server, e.g. npm run generate -- server',
    );
    const noProject = await generate('tool', 'get-issue', '--area', 'issues');
    expect(noProject.code).toBe(2);
    expect(noProject.stderr).toContain(
      '- --project: is missing. Pass the project to add the tool to, e.g. --project apps/',
    );
    expect((await generate('tool', 'get-issue', '--project', 'apps/x')).stderr).toContain(
      '- --area: is missing.',
    );
  });

  it('refuses a string option without a value and stray arguments', async () => {
    const noValue = await generate('server', 'acme', '--prefix');
    expect(noValue.code).toBe(2);
    expect(noValue.stderr).toContain("Option '--prefix <value>' argument missing");
    const stray = await generate('server', 'acme', 'extra');
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('Quote values that contain spaces');
  });

  it('refuses --read-only together with --write', async () => {
    const result = await generate(
      'tool',
      'x',
      '--project',
      'apps/x',
      '--area',
      'a',
      '--read-only',
      '--write',
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--read-only/--write: both given.');
  });

  it('refuses bad names', async () => {
    expect((await generate('server', 'My Server')).code).toBe(2);
    await generate('server', 'acme');
    const bad = await generate('tool', 'Get Issue', '--project', 'apps/acme', '--area', 'issues');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('breaks the MCP tool-name rule');
  });

  it('says how to get a project that does not exist, listing the ones that do', async () => {
    await generate('server', 'acme');
    const result = await generate('tool', 'get-issue', '--project', 'apps/tracker', '--area', 'issues');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '"apps/tracker" does not exist. Create a server with `npm run generate -- server <name>`',
    );
    expect(result.stderr).toContain('Projects that can take tools: apps/acme.');
  });

  it('refuses a project without the server layout, naming what is missing', async () => {
    mkdirSync(join(root, 'packages/lib/src'), { recursive: true });
    writeFileSync(join(root, 'packages/lib/package.json'), '{"name":"@toolsmith/lib"}');
    const result = await generate('tool', 'get-issue', '--project', 'packages/lib', '--area', 'issues');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '"packages/lib" does not have the server layout tools are generated into: src/deps.ts is missing; src/tool-prefix.ts is missing; src/server.ts is missing; src/tools/index.ts is missing; src/__fixtures__/test-context.ts is missing; src/tools/<stem>-context.ts is missing',
    );
    expect(result.stderr).toContain('Give it the layout of docs/writing-a-server.md ("The layout")');
    expect(existsSync(join(root, 'packages/lib/src/tools'))).toBe(false);
  });
});

describe('generate server', () => {
  it('creates a private app package with its bin, workspace dependencies and tags', async () => {
    const result = await generate('server', 'acme', '--prefix', 'acme', '--description', 'Tools for Acme.');
    expect(result.code).toBe(0);
    expect(JSON.parse(read('apps/acme/package.json'))).toMatchObject({
      name: '@toolsmith/acme-mcp',
      private: true,
      type: 'module',
      description: 'Tools for Acme.',
      bin: { 'acme-mcp': './src/bin/acme-mcp.ts' },
      dependencies: { '@toolsmith/core': '0.1.0', zod: '^4.6.7' },
      devDependencies: { '@toolsmith/bundle': '0.0.0', '@toolsmith/testing': '0.1.0' },
      nx: {
        tags: ['scope:apps', 'type:app'],
        targets: {
          bundle: {
            command: 'toolsmith-bundle src/bin/acme-mcp.ts --out-dir dist/bundle --file-name acme-mcp.mjs',
            outputs: ['{projectRoot}/dist/bundle'],
          },
        },
      },
    });
    expect(read('apps/acme/src/tool-prefix.ts')).toContain("export const TOOL_PREFIX = 'acme';");
    // Every part of the server layout, where the layout puts it.
    const values = { stem: 'acme', area: 'examples', file: 'get-example' };
    for (const { key } of SERVER_LAYOUT) {
      const path = key === 'bin' ? 'src/bin/acme-mcp.ts' : layoutPath(key, values);
      expect([path, existsSync(join(root, 'apps/acme', path))]).toEqual([path, true]);
    }
    expect(read('apps/acme/src/tools/examples/get-example.tool.ts')).toContain(
      "name: buildToolName('get_example', TOOL_PREFIX)",
    );
    expect(result.stdout).toContain('npm install');
    expect(result.stdout).toContain('npx nx sync');
    expect(result.stdout).toContain('npx nx run-many -t lint typecheck test -p @toolsmith/acme-mcp');
  });

  it('never overwrites without --force, and overwrites with it', async () => {
    await generate('server', 'acme');
    writeFileSync(join(root, 'apps/acme/src/config.ts'), '// edited\n');
    const again = await generate('server', 'acme');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('- apps/acme/src/config.ts: already exists. Pass --force to overwrite it');
    expect(read('apps/acme/src/config.ts')).toBe('// edited\n');
    const forced = await generate('server', 'acme', '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/overwritten +apps\/acme\/src\/config\.ts/);
    expect(read('apps/acme/src/config.ts')).toContain('loadEnvConfig');
  });
});

describe('generate tool', () => {
  beforeEach(async () => {
    await generate('server', 'acme', '--prefix', 'acme');
  });

  it('creates the tool and its test, registers the tool in its new area and declares its toolset', async () => {
    const result = await generate('tool', 'get-widget', '--project', 'apps/acme', '--area', 'widgets');
    expect(result.code).toBe(0);
    const dir = 'apps/acme/src/tools/widgets';
    for (const file of ['get-widget.tool.ts', 'get-widget.tool.test.ts', 'index.ts']) {
      expect(existsSync(join(root, dir, file))).toBe(true);
    }
    const tool = read(`${dir}/get-widget.tool.ts`);
    expect(tool).toContain("name: buildToolName('get_widget', TOOL_PREFIX)");
    expect(tool).toContain('export const GetWidgetParams = lazySchema(() =>');
    expect(tool).toContain(
      'export class GetWidgetTool extends AcmeTool<typeof GetWidgetParams, GetWidgetResult> {',
    );
    expect(tool).toContain('static override readonly PARAMS = GetWidgetParams;');
    expect(tool).toContain('async execute({ id }: ParamsOf<typeof GetWidgetParams>, ctx: AcmeCtx)');
    expect(tool).toContain("description: 'Get widget by id. Returns its id and name.'");
    expect(tool).toContain('annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true }');
    expect(tool).not.toContain('requiresExplicitUserConsent');
    expect(read(`${dir}/index.ts`)).toContain('return [new GetWidgetTool()];');
    const composition = read('apps/acme/src/tools/index.ts');
    expect(composition).toContain("import { widgetsTools } from './widgets/index.ts';");
    expect(composition).toContain('return [...examplesTools(), ...widgetsTools()];');
    expect(composition).toContain(
      "defineToolset({ id: 'widgets', description: 'Tools for widgets.', default: true }),",
    );
    expect(result.stdout).toMatch(/updated +apps\/acme\/src\/tools\/index\.ts/);

    const second = await generate('tool', 'list-widgets', '--project', 'apps/acme', '--area', 'widgets');
    expect(second.stdout).toMatch(/updated +apps\/acme\/src\/tools\/widgets\/index\.ts/);
    expect(read(`${dir}/index.ts`)).toContain('return [new GetWidgetTool(), new ListWidgetsTool()];');
    expect(read('apps/acme/src/tools/index.ts')).toBe(composition);
  });

  it('makes write tools require consent and advertise destructiveHint', async () => {
    await generate(
      'tool',
      'rename-widget',
      '--project',
      'apps/acme',
      '--area',
      'widgets',
      '--write',
      '--description',
      'Rename a widget.',
    );
    const tool = read('apps/acme/src/tools/widgets/rename-widget.tool.ts');
    expect(tool).toContain("description: 'Rename a widget.'");
    expect(tool).toContain('requiresExplicitUserConsent: true');
    expect(tool).toContain(
      'annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true }',
    );
  });

  it('refuses a second generation of the same tool without --force, and regenerates with it', async () => {
    const args = ['tool', 'get-widget', '--project', 'apps/acme', '--area', 'widgets'];
    await generate(...args);
    const index = read('apps/acme/src/tools/index.ts');
    const again = await generate(...args);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      '- acme_get_widget: is already declared by apps/acme/src/tools/widgets/get-widget.tool.ts. Pass --force to generate it again',
    );
    const forced = await generate(...args, '--force');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/unchanged +apps\/acme\/src\/tools\/widgets\/index\.ts/);
    expect(read('apps/acme/src/tools/index.ts')).toBe(index);
  });

  it('refuses a tool name another area already uses, even with --force', async () => {
    await generate('tool', 'get-widget', '--project', 'apps/acme', '--area', 'widgets');
    const clash = await generate(
      'tool',
      'get-widget',
      '--project',
      'apps/acme',
      '--area',
      'gadgets',
      '--force',
    );
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain(
      'acme_get_widget: is already declared by apps/acme/src/tools/widgets/get-widget.tool.ts',
    );
    expect(existsSync(join(root, 'apps/acme/src/tools/gadgets'))).toBe(false);
  });

  it('refuses a name that repeats the prefix the server configures', async () => {
    const result = await generate('tool', 'acme-get-widget', '--project', 'apps/acme', '--area', 'widgets');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Pass "get-widget" (the tool becomes acme_get_widget)');
  });

  it('generates unprefixed names for a server without a prefix', async () => {
    await generate('server', 'plain');
    await generate('tool', 'get_widget', '--project', 'apps/plain', '--area', 'widgets');
    expect(read('apps/plain/src/tool-prefix.ts')).toContain("export const TOOL_PREFIX = '';");
    expect(read('apps/plain/src/tools/widgets/get-widget.tool.ts')).toContain(
      "name: buildToolName('get_widget', TOOL_PREFIX)",
    );
    expect(read('apps/plain/src/tools/shared/plain-tool.ts')).toContain('export abstract class PlainTool<');
  });
});
