/**
 * What would be published: `npm pack --dry-run` of every publishable package (the test target builds
 * them first, see package.json), checked for the files package.json promises, for source maps that
 * resolve inside the tarball, with publint, and for bins that refuse an old Node in one line.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import {
  declaredEntryPoints,
  missingEntryPoints,
  npmPackDryRun,
  publishableDirs,
  readPacked,
  sourceMapProblems,
  type PackageJson,
  type PackResult,
} from './pack.ts';
import { readJson, ROOT } from './workspace.ts';

const dirs = publishableDirs();
const packs = new Map<string, PackResult>();
const pkgOf = (dir: string) => readJson<PackageJson>(`${dir}/package.json`);
const filesOf = (dir: string) => packs.get(dir)!.files.map((f) => f.path);

beforeAll(async () => {
  const results = await Promise.all(dirs.map((dir) => npmPackDryRun(join(ROOT, dir))));
  dirs.forEach((dir, i) => packs.set(dir, results[i]!));
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    results
      .map((r) => `${r.name}: ${kB(r.size)} packed, ${kB(r.unpackedSize)} unpacked, ${r.files.length} files`)
      .join('\n'),
  );
}, 90_000);

describe('the publishable packages', () => {
  it('are the packages and apps that are not private', () => {
    expect(dirs).toEqual(expect.arrayContaining(['packages/core', 'apps/yandex-tracker', 'apps/clickup']));
    for (const dir of dirs) expect(pkgOf(dir).private).not.toBe(true);
  });

  it('are exactly the projects this test target builds and hashes first', () => {
    const target = readJson<PackageJson>('tools/workspace-checks/package.json').nx?.targets?.test;
    const build = target?.dependsOn?.find(
      (d): d is { target: string; projects: string[] } =>
        typeof d === 'object' && d !== null && (d as { target?: string }).target === 'build',
    );
    const hashed = target?.inputs?.find(
      (i): i is { input: string; projects: string[] } =>
        typeof i === 'object' &&
        i !== null &&
        'projects' in i &&
        (i as { input?: string }).input === 'production',
    );
    const names = dirs.map((dir) => pkgOf(dir).name).sort();
    const fix =
      'List every publishable package in tools/workspace-checks/package.json: nx.targets.test.dependsOn ' +
      '{ "target": "build", "projects": [...] } and nx.targets.test.inputs { "input": "production", "projects": [...] }.';
    expect({ built: [...(build?.projects ?? [])].sort(), fix }).toEqual({ built: names, fix });
    expect({ hashed: [...(hashed?.projects ?? [])].sort(), fix }).toEqual({ hashed: names, fix });
  });

  it.each(dirs)('%s: the tarball holds every bin, main/types and exports target', (dir) => {
    const pkg = pkgOf(dir);
    expect(declaredEntryPoints(pkg).length).toBeGreaterThan(1);
    expect(missingEntryPoints(pkg, filesOf(dir))).toEqual([]);
  });

  it.each(dirs)(
    '%s: the tarball holds a README naming the package and how to install it, and the repository LICENSE',
    (dir) => {
      const { name, license } = pkgOf(dir);
      const files = filesOf(dir);
      const fix =
        `Write ${dir}/README.md (what it is, npm install ${name}, a minimal example, a link to its docs page) ` +
        `and copy the root LICENSE to ${dir}/LICENSE: npm packs a package's own README and LICENSE whatever "files" says, never the root's.`;
      expect({ readme: files.includes('README.md'), license: files.includes('LICENSE'), fix }).toEqual({
        readme: true,
        license: true,
        fix,
      });
      const readme = readFileSync(join(ROOT, dir, 'README.md'), 'utf8');
      expect(readme.split('\n')[0]).toBe(`# ${name}`);
      expect(readme).toMatch(new RegExp(`npm install (-g |--save-dev )?${name.replace('/', '\\/')}\\b`));
      expect({ license, text: readFileSync(join(ROOT, dir, 'LICENSE'), 'utf8') }).toEqual({
        license: 'MIT',
        text: readFileSync(join(ROOT, 'LICENSE'), 'utf8'),
      });
    },
  );

  it('the repository LICENSE is the MIT licence of the toolsmith contributors', () => {
    const text = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(text.split('\n').slice(0, 3)).toEqual([
      'MIT License',
      '',
      'Copyright (c) 2026 toolsmith contributors',
    ]);
    expect(readJson<PackageJson>('package.json').license).toBe('MIT');
  });

  it.each(dirs)(
    '%s: the tarball holds no build staging or other packages (.mcpb, dist/mcpb/, .tgz)',
    (dir) => {
      const strays = filesOf(dir).filter((f) => /\.(mcpb|tgz)$/.test(f) || f.startsWith('dist/mcpb/'));
      const fix = 'Exclude them in the "files" field of package.json (e.g. "!dist/mcpb", "!dist/*.mcpb").';
      expect({ strays, fix }).toEqual({ strays: [], fix });
    },
  );

  it.each(dirs)(
    '%s: every source map in the tarball resolves to sources the tarball holds or inlines',
    (dir) => {
      const files = filesOf(dir);
      expect(files.some((f) => f.endsWith('.js.map') || f.endsWith('.mjs.map'))).toBe(true);
      expect(sourceMapProblems(pkgOf(dir).name, files, readPacked(join(ROOT, dir)))).toEqual([]);
    },
  );

  it('apps/clickup: the tarball holds the bundle and the knowledge pack its bin reads at run time, not the pack fixtures', () => {
    const files = filesOf('apps/clickup');
    const knowledge = join(ROOT, 'apps/clickup/knowledge');
    const pack = readdirSync(knowledge, { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.startsWith('__fixtures__') && statSync(join(knowledge, file)).isFile())
      .map((file) => `knowledge/${file}`);
    expect(pack).toEqual(expect.arrayContaining(['knowledge/clickup.tool.yaml']));
    expect(files.filter((f) => f.startsWith('knowledge/')).sort()).toEqual(pack.sort());
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/bundle/clickup-mcp.mjs',
        'dist/bundle/clickup-mcp.main.mjs',
        'dist/bundle/clickup-mcp.definitions.json',
      ]),
    );
    // The pack's runtime is a chunk of its own, loaded on the first guarded call, not at start.
    expect(files.some((f) => /^dist\/bundle\/chunks\/knowledge-runtime-[^/]+\.cjs$/.test(f))).toBe(true);
  });

  it.each(dirs)(
    '%s: publint finds no errors (warnings are printed)',
    async (dir) => {
      const abs = join(ROOT, dir);
      const files = filesOf(dir).map((path) => ({
        name: join(abs, path),
        data: readFileSync(join(abs, path)),
      }));
      const { messages, pkg } = await publint({ pkgDir: abs, pack: { files }, level: 'warning' });
      const lines = messages.map(
        (m) => `${m.type}: ${formatMessage(m, pkg, { color: false }) ?? m.code} (${m.path.join('.')})`,
      );
      const warnings = lines.filter((l) => !l.startsWith('error:'));
      if (warnings.length > 0) console.warn(`publint ${dir}:\n${warnings.join('\n')}`);
      expect(lines.filter((l) => l.startsWith('error:'))).toEqual([]);
    },
    30_000,
  );
});

describe('the checks fail on a broken package', () => {
  let probe: string;
  beforeAll(() => {
    // A real package.json and build (@toolsmith/testing) plus a bin whose file was never built.
    probe = mkdtempSync(join(tmpdir(), 'toolsmith-pack-probe-'));
    cpSync(join(ROOT, 'packages/testing/dist'), join(probe, 'dist'), { recursive: true });
    const pkg = readJson<PackageJson>('packages/testing/package.json');
    writeFileSync(
      join(probe, 'package.json'),
      JSON.stringify({ ...pkg, bin: { 'ghost-mcp': './dist/bin/ghost-mcp.js' } }, null, 2),
    );
  });
  afterAll(() => rmSync(probe, { recursive: true, force: true }));

  it('reports a bin the tarball lacks, and nothing else', async () => {
    const pack = await npmPackDryRun(probe);
    const problems = missingEntryPoints(
      JSON.parse(readFileSync(join(probe, 'package.json'), 'utf8')) as PackageJson,
      pack.files.map((f) => f.path),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^@toolsmith\/testing: bin\.ghost-mcp is "\.\/dist\/bin\/ghost-mcp\.js", which the tarball does not contain\. Build it/,
      ),
    ]);
  }, 30_000);

  it('reports maps that point at files outside the tarball, and URLs naming absent maps', () => {
    const maps: Record<string, string> = {
      'dist/a.js': 'export {};\n//# sourceMappingURL=a.js.map',
      'dist/a.js.map': JSON.stringify({ version: 3, sources: ['../src/a.ts'], mappings: '' }),
      'dist/b.js': 'export {};\n//# sourceMappingURL=b.js.map',
      'dist/c.js.map': JSON.stringify({
        version: 3,
        sources: ['../src/c.ts'],
        sourcesContent: ['export {};'],
      }),
      'dist/c.d.ts.map': JSON.stringify({ version: 3, sources: ['../src/c.ts'], mappings: '' }),
      'dist/d.js.map': JSON.stringify({ version: 3, sourceRoot: '', sources: ['d.js'], mappings: '' }),
      'dist/d.js': 'export {};',
    };
    const problems = sourceMapProblems('probe', Object.keys(maps), (path) => maps[path]!);
    expect(problems).toEqual([
      expect.stringContaining(
        'probe: dist/a.js.map maps to "../src/a.ts", which is neither in the tarball nor inlined',
      ),
      expect.stringContaining(
        'probe: dist/b.js names the source map "b.js.map", which the tarball does not contain',
      ),
      expect.stringContaining('probe: dist/c.d.ts.map maps to "../src/c.ts"'),
    ]);
  });
});

/** Every bin of the publishable packages: its name as installed (the key of `bin`) and its built file. */
const bins = dirs.flatMap((dir) => {
  const { bin } = pkgOf(dir);
  const entries: [string, string][] =
    typeof bin === 'string' ? [[pkgOf(dir).name.split('/').pop()!, bin]] : Object.entries(bin ?? {});
  return entries.map(([name, file]) => ({ dir, name, file: join(ROOT, dir, file) }));
});

describe('bins as installed', () => {
  it.each(bins)(
    '$name --help names the command as installed on its first line and exits 0',
    async ({ name, file }) => {
      const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = execFile(process.execPath, [file, '--help'], { timeout: 20_000 }, (_e, stdout) =>
          resolve({ code: child.exitCode, stdout }),
        );
        child.stdin?.end();
      });
      expect({ code: result.code, firstLine: result.stdout.split('\n')[0] }).toEqual({
        code: 0,
        firstLine: expect.stringMatching(new RegExp(`^Usage: ${name} `)),
      });
    },
    30_000,
  );
});

describe('bins on an old Node', () => {
  it('every server package has one', () => {
    expect(bins.map((b) => b.name)).toEqual(
      expect.arrayContaining([
        'yandex-tracker-mcp',
        'clickup-mcp',
        'coding-tools-mcp',
        'toolsmith-knowledge',
      ]),
    );
  });

  it.each(bins)(
    '$name prints one line naming Node.js 24 and exits 1 when process.versions.node says 20',
    async ({ name, file }) => {
      const fake = "data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.18.0'})";
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', fake, file],
          { timeout: 20_000 },
          (_e, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
        );
        child.stdin?.end();
      });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: expect.stringMatching(
          new RegExp(
            `^${name} needs Node\\.js 24 or later \\(this is v20\\.18\\.0\\)\\. Install Node\\.js 24 [^\\n]*\\n$`,
          ),
        ),
      });
    },
    30_000,
  );
});
