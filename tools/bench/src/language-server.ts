/**
 * `npm run bench -- language-server`: the coding tools' TypeScript language server on the two-package
 * fixture of `packages/coding-tools/src/tools/lsp/__fixtures__/ts-monorepo`, a fresh session and
 * copy per round:
 *
 * - start: spawn of typescript-language-server → its `initialize` answer;
 * - first answer: the first LSP call (hover) from the call to its answer, start and project load
 *   included — what an agent waits for the first time;
 * - warm findReferences: the same session, the server loaded;
 * - Rename: computeArea → areaOf across 4 files (6 edits), written all at once;
 * - Edit + new errors: an Edit that introduces one error, with the errors after edits on, with the
 *   server loaded and as the first edit of a fresh session (the server starts within it).
 */
import { cpSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCodingToolkit } from '@toolsmith/coding-tools';
import { noProgress, silentLogger } from '@toolsmith/core';
import type { BenchmarkResult } from './report.ts';
import { sized } from './smoke.ts';
import { summarize } from './stats.ts';

const FIXTURE = fileURLToPath(
  new URL('../../../packages/coding-tools/src/tools/lsp/__fixtures__/ts-monorepo', import.meta.url),
);

function copyFixture(): string {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'bench-lsp-')));
  cpSync(FIXTURE, root, { recursive: true });
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts.txt')) {
      const file = path.join(entry.parentPath, entry.name);
      renameSync(file, file.slice(0, -'.txt'.length));
    }
  }
  return root;
}

export async function runLanguageServer(): Promise<BenchmarkResult> {
  const rounds = sized(5, 1);
  const samples: Record<string, number[]> = {
    start: [],
    first: [],
    references: [],
    rename: [],
    edit: [],
    coldEdit: [],
  };
  for (let round = 0; round < rounds; round++) {
    const root = copyFixture();
    const kit = createCodingToolkit({ root });
    const cold = createCodingToolkit({ root: copyFixture() });
    const run = async (name: string, args: Record<string, unknown>, on = kit): Promise<number> => {
      const started = performance.now();
      const result = await on.registry.get(name)!.run(args, {
        deps: on.deps,
        signal: new AbortController().signal,
        logger: silentLogger,
        progress: noProgress,
        toolName: name,
      });
      const text = JSON.stringify(result.content);
      if (result.isError) throw new Error(`${name} failed: ${text}`);
      if (name === 'Edit' && !text.includes('1 new error'))
        throw new Error(`Edit reported no new error: ${text}`);
      return performance.now() - started;
    };
    try {
      samples.first!.push(
        await run('LSP', {
          operation: 'hover',
          file_path: 'packages/app/src/report.ts',
          symbol: 'computeArea',
          line: 4,
        }),
      );
      samples.start!.push(kit.session.languageServers.runningServers()[0]!.startMs);
      samples.references!.push(
        await run('LSP', {
          operation: 'findReferences',
          file_path: 'packages/geometry/src/shapes.ts',
          symbol: 'computeArea',
        }),
      );
      samples.rename!.push(
        await run('Rename', {
          file_path: 'packages/geometry/src/shapes.ts',
          symbol: 'computeArea',
          new_name: 'areaOf',
        }),
      );
      await run('Read', { file_path: 'packages/app/src/report.ts' });
      samples.edit!.push(
        await run('Edit', {
          file_path: 'packages/app/src/report.ts',
          old_string: 'areaOf(shape)',
          new_string: 'areaOf(shape, 2)',
        }),
      );
      // The first edit of a fresh session: the server starts and loads the project within the edit.
      await run('Read', { file_path: 'packages/app/src/report.ts' }, cold);
      samples.coldEdit!.push(
        await run(
          'Edit',
          {
            file_path: 'packages/app/src/report.ts',
            old_string: 'computeArea(shape)',
            new_string: 'computeArea(shape, 2)',
          },
          cold,
        ),
      );
    } finally {
      kit.session.dispose();
      cold.session.dispose();
      rmSync(root, { recursive: true, force: true });
      rmSync(cold.session.root, { recursive: true, force: true });
    }
  }
  const row = (label: string, key: string, note?: string) => ({
    label,
    summary: summarize(samples[key]!),
    ...(note ? { note } : {}),
  });
  return {
    name: 'language-server',
    tables: [
      {
        title: `TypeScript language server on the two-package fixture (${rounds} fresh sessions)`,
        unit: 'ms',
        rows: [
          row('start (spawn → initialize answered)', 'start'),
          row('first answer (LSP hover, start and project load included)', 'first'),
          row('findReferences, warm', 'references'),
          row('Rename across 4 files (6 edits), written', 'rename'),
          row('Edit + its new errors appended, server warm', 'edit', 'old and new text checked by tsserver'),
          row('first Edit of a session + its new errors', 'coldEdit', 'server started within the edit'),
        ],
      },
    ],
    targets: [],
    notes: [],
  };
}
