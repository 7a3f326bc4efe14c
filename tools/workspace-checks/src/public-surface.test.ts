/**
 * A deliberate public surface (issue 24): every name each publishable package exports, per `exports`
 * entry, is pinned in `__snapshots__/public-surface.json`, so adding or removing one is a reviewed
 * change of that file, not a side effect. The MCP TypeScript SDK's `barrelClean.test.ts` is the model.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { forgottenExports, publicSurface, type PublicSurface } from './public-surface.ts';

const REPORT = join(import.meta.dirname, '__snapshots__', 'public-surface.json');
const FORGOTTEN = join(import.meta.dirname, '__snapshots__', 'forgotten-exports.json');
const UPDATE = process.env.UPDATE_API_REPORTS === '1';

/** One line per name that differs, `+` added since the report, `-` removed from the code. */
function differences(report: PublicSurface, actual: PublicSurface): string[] {
  const lines: string[] = [];
  const keys = (a: object, b: object) => [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const name of keys(report, actual)) {
    const [was, is] = [report[name] ?? {}, actual[name] ?? {}];
    for (const subpath of keys(was, is)) {
      const [before, after] = [new Set(was[subpath] ?? []), new Set(is[subpath] ?? [])];
      for (const line of after) if (!before.has(line)) lines.push(`+ ${name} ${subpath}: ${line} (added)`);
      for (const line of before) if (!after.has(line)) lines.push(`- ${name} ${subpath}: ${line} (removed)`);
    }
  }
  return lines;
}

describe('the public surface of the publishable packages', () => {
  const actual = publicSurface();

  it('marks runtime names as values and names erased at build (`export type`, interfaces) as types', () => {
    // A bin or the sandbox host exports nothing (it runs), so only the marking is checked here.
    expect(actual['@toolsmith/sql']?.['.']).toEqual(
      expect.arrayContaining([
        'value migrate',
        'value DirectoryInUseError',
        'type SqlDriver',
        'type LockOptions',
      ]),
    );
    expect(Object.keys(actual['@toolsmith/core'] ?? {})).toEqual(
      expect.arrayContaining(['.', './mcp', './auth']),
    );
  });

  it('matches the committed report, __snapshots__/public-surface.json', () => {
    if (UPDATE) {
      mkdirSync(dirname(REPORT), { recursive: true });
      writeFileSync(REPORT, `${JSON.stringify(actual, null, 2)}\n`);
    }
    if (!existsSync(REPORT))
      throw new Error(
        `${REPORT} is missing: run \`UPDATE_API_REPORTS=1 npx jest public-surface\` in tools/workspace-checks and commit it.`,
      );
    const report = JSON.parse(readFileSync(REPORT, 'utf8')) as PublicSurface;
    const changed = differences(report, actual);
    if (changed.length > 0)
      throw new Error(
        `The public surface changed: ${changed.length} export(s) added or removed since ` +
          `tools/workspace-checks/src/__snapshots__/public-surface.json:\n${changed.join('\n')}\n\n` +
          'If that is deliberate, run `UPDATE_API_REPORTS=1 npx jest public-surface` in tools/workspace-checks ' +
          'and commit the report; if not, restore or remove the export.',
      );
  });

  it('names no new forgotten export: a type a public signature uses is exported too (__snapshots__/forgotten-exports.json)', () => {
    const actual = Object.fromEntries(forgottenExports().map(({ name, usedBy }) => [name, usedBy]));
    if (UPDATE) writeFileSync(FORGOTTEN, `${JSON.stringify(actual, null, 2)}\n`);
    const known = existsSync(FORGOTTEN)
      ? (JSON.parse(readFileSync(FORGOTTEN, 'utf8')) as Record<string, string[]>)
      : {};
    const added = Object.keys(actual).filter((name) => !(name in known));
    const gone = Object.keys(known).filter((name) => !(name in actual));
    const lines = [
      ...added.map(
        (name) =>
          `+ ${name}, used by ${actual[name]!.join(', ')}: export it from the entry that exports them, or stop using it in their signatures`,
      ),
      ...gone.map((name) => `- ${name} is no longer forgotten: drop it from the list`),
    ];
    if (lines.length > 0)
      throw new Error(
        `Forgotten exports changed since tools/workspace-checks/src/__snapshots__/forgotten-exports.json:\n${lines.join('\n')}\n\n` +
          'Fix the new ones; then run `UPDATE_API_REPORTS=1 npx jest public-surface` in tools/workspace-checks and commit the list.',
      );
  });
});
