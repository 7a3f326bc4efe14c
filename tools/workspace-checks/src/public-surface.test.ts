/**
 * A deliberate public surface (issue 24): every name each publishable package exports, per `exports`
 * entry, is pinned in `__snapshots__/public-surface.json`, so adding or removing one is a reviewed
 * change of that file, not a side effect. The MCP TypeScript SDK's `barrelClean.test.ts` is the model.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { publicSurface, type PublicSurface } from './public-surface.ts';

const REPORT = join(import.meta.dirname, '__snapshots__', 'public-surface.json');
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
});
