/**
 * No import circles (issue 24): files that import each other, even for types only, are one unit
 * that reads as two; the shared name belongs in a file both import. The graph is every project's
 * `src`, as `tsc` resolves it, so a circle through a package's entry point counts too.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { importArrows, importCircles, workspaceSources, type ImportArrow } from './import-graph.ts';
import { ROOT } from './workspace.ts';

/** `a.ts -> b.ts =type=> a.ts`: a circle as the failure shows it, type-only arrows marked. */
function written(circle: readonly string[], arrows: readonly ImportArrow[]): string {
  const typeOnly = new Set(arrows.filter((a) => a.typeOnly).map((a) => `${a.from} ${a.to}`));
  return circle
    .map((file, i) =>
      i === 0 ? file : `${typeOnly.has(`${circle[i - 1]} ${file}`) ? ' =type=> ' : ' -> '}${file}`,
    )
    .join('');
}

describe('the import graph', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    writeFileSync(join(scratch, name), text);
    return join(scratch, name);
  };
  const files = [
    file('deps.ts', "import { Refs } from './refs.ts';\nexport interface Deps { refs: Refs }\n"),
    file('refs.ts', "import type { Deps } from './deps.ts';\nexport class Refs { deps?: Deps }\n"),
    file(
      'tool.ts',
      "import type { Deps } from './deps.ts';\nexport { Refs } from './refs.ts';\nexport type D = Deps;\n",
    ),
    file(
      'lone.ts',
      "import './tool.ts';\nimport { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    ),
  ];
  const name = (path: string) => relative(ROOT, join(scratch, path));
  const arrows = importArrows(files);

  it('draws an arrow per imported source file, type-only when every name taken is a type', () => {
    expect(arrows).toEqual(
      expect.arrayContaining([
        { from: name('deps.ts'), to: name('refs.ts'), typeOnly: false },
        { from: name('refs.ts'), to: name('deps.ts'), typeOnly: true },
        { from: name('tool.ts'), to: name('refs.ts'), typeOnly: false },
        { from: name('lone.ts'), to: name('tool.ts'), typeOnly: false },
      ]),
    );
    expect(arrows).toHaveLength(5); // node:fs draws none
  });

  it('finds the circle a type-only import closes, and only its files', () => {
    expect(importCircles(arrows).map((c) => written(c, arrows))).toEqual([
      `${name('deps.ts')} -> ${name('refs.ts')} =type=> ${name('deps.ts')}`,
    ]);
  });

  it('resolves @toolsmith/* packages to their sources, as the workspace runs them', () => {
    const sources = workspaceSources();
    const testing = sources.filter((f) => f.includes('/packages/testing/src/'));
    expect(importArrows([...testing, join(ROOT, 'packages/core/src/index.ts')])).toContainEqual(
      expect.objectContaining({ to: 'packages/core/src/index.ts' }),
    );
  });
});

describe('the workspace', () => {
  it('has no import circle in any project’s sources (move the name both files need into a file of its own)', () => {
    const arrows = importArrows(workspaceSources());
    expect(arrows.length).toBeGreaterThan(1000);
    expect(importCircles(arrows).map((c) => written(c, arrows))).toEqual([]);
  }, 60_000);
});
