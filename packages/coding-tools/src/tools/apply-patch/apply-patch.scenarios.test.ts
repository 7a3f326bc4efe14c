/**
 * Runs every scenario of `__fixtures__/scenarios/` (Codex corpus layout: input/, patch.txt,
 * expected/) through `tool.run` and compares the whole resulting tree byte for byte.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noProgress, silentLogger } from '@toolsmith/core';
import { CodingSession } from '../../session/coding-session.ts';
import { ApplyPatchTool } from './apply-patch.tool.ts';

const SCENARIOS = path.join(import.meta.dirname, '__fixtures__', 'scenarios');
const names = readdirSync(SCENARIOS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** relative path → file bytes (as latin1, so equality is byte equality) or `<dir>`. */
function snapshotTree(root: string): Record<string, string> {
  const tree: Record<string, string> = {};
  if (!existsSync(root)) return tree;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        tree[`${relative}/`] = '<dir>';
        walk(full);
      } else {
        tree[relative] = readFileSync(full).toString('latin1');
      }
    }
  };
  walk(root);
  return tree;
}

let base: string | undefined;
afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
  base = undefined;
});

describe('ApplyPatch scenarios', () => {
  it('has at least 20 scenarios, all with a patch', () => {
    expect(names.length).toBeGreaterThanOrEqual(20);
    for (const name of names) expect(existsSync(path.join(SCENARIOS, name, 'patch.txt'))).toBe(true);
  });

  it.each(names)('%s', async (name) => {
    const dir = path.join(SCENARIOS, name);
    base = mkdtempSync(path.join(tmpdir(), 'apply-patch-scenario-'));
    const root = path.join(base, 'root');
    mkdirSync(root);
    if (existsSync(path.join(dir, 'input'))) cpSync(path.join(dir, 'input'), root, { recursive: true });
    const session = new CodingSession({ root, requireReadBeforeWrite: false });
    const tool = new ApplyPatchTool();
    const patch = readFileSync(path.join(dir, 'patch.txt'), 'utf8');

    const result = await tool.run(
      { patch },
      {
        deps: { session },
        signal: new AbortController().signal,
        progress: noProgress,
        logger: silentLogger,
        toolName: tool.name,
      },
    );

    expect(snapshotTree(root)).toEqual(snapshotTree(path.join(dir, 'expected')));
    expect(readdirSync(base)).toEqual(['root']);
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    expect({
      isError: result.isError === true,
      text: text.replaceAll(session.root, '<root>'),
    }).toMatchSnapshot();
    expect(result.isError === true).toBe(name.includes('-rejects-'));
  });
});
