import { describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { projectDirs, readJson, readText, ROOT } from './workspace.ts';

interface PackageJson {
  name: string;
  private?: boolean;
  type?: string;
  engines?: { node?: string };
  files?: string[];
  exports?: Record<string, string | Record<string, string>>;
  nx?: { tags?: string[] };
}

const eslint = new ESLint({ cwd: ROOT });

async function lintAs(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return result!.messages.map((m) => m.ruleId);
}

describe('lint rules that keep the architecture honest', () => {
  it('forbids console in shipped source, allows it in tests', async () => {
    expect(await lintAs('packages/core/src/probe.ts', 'console.log("x");\nexport {};\n')).toContain(
      'no-console',
    );
    expect(await lintAs('packages/core/src/probe.test.ts', 'console.log("x");\nexport {};\n')).not.toContain(
      'no-console',
    );
  });

  it('forbids a package from importing a tool or app project', async () => {
    const rules = await lintAs(
      'packages/core/src/probe.ts',
      "import { createRegistry } from '@toolsmith/example-server/server';\nexport const r = createRegistry;\n",
    );
    expect(rules).toContain('@nx/enforce-module-boundaries');
  }, 60_000);

  it('allows a tool project to import packages', async () => {
    const rules = await lintAs(
      'tools/demo/src/probe.ts',
      "import { BaseTool } from '@toolsmith/core';\nexport const b = BaseTool;\n",
    );
    expect(rules).not.toContain('@nx/enforce-module-boundaries');
  }, 60_000);
});

describe('project shapes', () => {
  const packages = projectDirs('packages');

  it('finds the workspace packages', () => {
    expect(packages).toEqual(expect.arrayContaining(['packages/core', 'packages/testing']));
  });

  it.each(packages)(
    '%s is a publishable ESM package that resolves to src in the workspace and dist outside',
    (dir) => {
      const pkg = readJson<PackageJson>(`${dir}/package.json`);
      expect(pkg.name).toMatch(/^@toolsmith\//);
      expect(pkg.private).not.toBe(true);
      expect(pkg.type).toBe('module');
      expect(pkg.engines?.node).toBe('>=24');
      expect(pkg.files).toContain('dist');
      expect(pkg.nx?.tags).toEqual(expect.arrayContaining(['type:lib']));
      for (const [entry, target] of Object.entries(pkg.exports ?? {})) {
        if (typeof target === 'string') continue;
        expect(Object.keys(target)[0]).toBe('@toolsmith/source');
        expect(existsSync(join(ROOT, dir, target['@toolsmith/source']!))).toBe(true);
        expect(target.default).toMatch(/^\.\/dist\/.*\.js$/);
        expect(target.types).toMatch(/^\.\/dist\/.*\.d\.ts$/);
        expect(entry === '.' || entry.startsWith('./')).toBe(true);
      }
    },
  );

  it.each([...projectDirs('apps'), ...projectDirs('tools')])('%s is tagged for the boundary rules', (dir) => {
    const tags = readJson<PackageJson>(`${dir}/package.json`).nx?.tags ?? [];
    expect(tags.some((t) => t === 'type:app' || t === 'type:tool')).toBe(true);
  });

  it('every project requires Node 24 at the root', () => {
    expect(readJson<PackageJson>('package.json').engines?.node).toBe('>=24');
    expect(readText('.nvmrc').trim()).toBe('24');
  });
});

describe('CI runs exactly the README test command', () => {
  it('the README quick start names npm ci, npm run demo and npm test, and .ci/run runs npm test after npm ci', () => {
    const readme = readText('README.md');
    expect(readme).toMatch(/npm ci\n/);
    expect(readme).toMatch(/npm run demo/);
    expect(readme).toMatch(/npm test /);
    const lines = readText('.ci/run')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    // `npm test`, its output kept in a log (`npm test 2>&1 | tee "$log"`), its status CI's status.
    const testLine = lines.findLastIndex((l) => /^(if )?npm test( 2>&1 \| tee "\$log"; then)?$/.test(l));
    expect(testLine).toBeGreaterThan(lines.indexOf('npm ci --no-audit --no-fund'));
    expect(readText('.ci/run')).toContain('set -euo pipefail');
    // After the tests, nothing but reporting: their duration, or the failing tests again and the
    // failure's own exit status.
    const after = lines.slice(testLine + 1);
    expect(
      after.every((l) => /^(echo |else$|fi$|status=\$\{PIPESTATUS\[0\]\}$|sed |exit "\$status"$)/.test(l)),
    ).toBe(true);
  });

  it('.ci/run never replays an Nx cache and names the Debian packages it needs', () => {
    const script = readText('.ci/run');
    const skipCache = script.indexOf('NX_SKIP_NX_CACHE=true');
    expect(skipCache).toBeGreaterThan(-1);
    expect(skipCache).toBeLessThan(script.lastIndexOf('npm test'));
    expect(script).toMatch(/^DEBIAN_PACKAGES=\(.*\bripgrep\b.*\)$/m);
    // nginx for tools/scale-test; it lives in /usr/sbin, which CI's PATH leaves out.
    expect(script).toMatch(/^DEBIAN_PACKAGES=\(.*\bnginx\b.*\)$/m);
    expect(script).toMatch(/^export PATH="\$PATH:\/usr\/sbin(:.*)?"$/m);
    // The rest of the Debian packages (PostgreSQL, …) and the tests that need them: test-components.test.ts.
    expect(script).toContain('ci: FAILED: could not install debian packages');
  });
});
