/**
 * The server layout is written down once (server-layout.ts) and shown in docs/writing-a-server.md;
 * these tests keep the two, the servers of the repository and CONTRIBUTING.md's file lists true to
 * each other.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutPath, readServerParts, SERVER_LAYOUT } from './server-layout.ts';
import { defaultWorkspaceRoot } from './workspace.ts';

const root = defaultWorkspaceRoot();
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The servers of the repository, with the names docs/writing-a-server.md gives their parts. */
const SERVERS = [
  {
    project: 'tools/example-server',
    parts: {
      stem: 'bookshelf',
      toolPrefix: 'bookshelf',
      ctxType: 'BookshelfCtx',
      baseTool: 'BookshelfTool',
      depsType: 'BookshelfDeps',
    },
    bin: 'bookshelf-mcp',
  },
  {
    project: 'apps/clickup',
    parts: {
      stem: 'clickup',
      toolPrefix: 'clickup',
      ctxType: 'ClickUpCtx',
      baseTool: 'ClickUpTool',
      depsType: 'ClickUpDeps',
    },
    bin: 'clickup-mcp',
  },
  {
    project: 'apps/yandex-tracker',
    parts: {
      stem: 'tracker',
      toolPrefix: 'tracker',
      ctxType: 'TrackerCtx',
      baseTool: 'TrackerTool',
      depsType: 'TrackerDeps',
    },
    bin: 'yandex-tracker-mcp',
  },
] as const;

describe('the server layout', () => {
  it('is the one docs/writing-a-server.md shows', () => {
    const doc = read('docs/writing-a-server.md');
    for (const { path, holds } of SERVER_LAYOUT) {
      expect([path, doc.includes(`${path} `)]).toEqual([path, true]);
      expect([holds, doc.includes(holds)]).toEqual([holds, true]);
    }
  });

  it.each(SERVERS)('is the layout of $project', ({ project, parts, bin }) => {
    expect(readServerParts(join(root, project), project)).toEqual(parts);
    expect(readdirSync(join(root, project, 'src/bin')).filter((f) => !f.includes('.test.'))).toEqual([
      `${bin}.ts`,
    ]);
    for (const key of ['cli', 'config', 'server'] as const) {
      expect(existsSync(join(root, project, layoutPath(key)))).toBe(true);
    }
    // Nothing left where an older layout kept it.
    for (const old of ['src/main.ts', 'src/tools/deps.ts'])
      expect(existsSync(join(root, project, old))).toBe(false);
    const json = JSON.parse(read(`${project}/package.json`)) as { bin: Record<string, string> };
    // From source, or the bundle of that source that the published apps ship.
    expect([`./src/bin/${bin}.ts`, `./dist/bundle/${bin}.mjs`]).toContain(json.bin[bin]);
  });

  it('every path CONTRIBUTING.md names exists', () => {
    const doc = read('CONTRIBUTING.md');
    const paths = [...doc.matchAll(/`((?:apps|tools|packages|docs)\/[^`\s]+)`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(10);
    const missing = paths.filter(
      (p) => !p.includes('<') && !existsSync(join(root, p.replace(/[:#].*$/, ''))),
    );
    expect(missing).toEqual([]);
  });
});
