import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePlan, type PlannedFile } from './file-plan.ts';
import { GeneratorError } from './generator-error.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'toolsmith-plan-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const plan: PlannedFile[] = [
  { path: 'apps/x/a.ts', content: 'export const a = 1;\n', action: 'create' },
  { path: 'apps/x/src/main.ts', content: '#!/usr/bin/env node\n', action: 'create', executable: true },
];

describe('writePlan', () => {
  it('creates files and folders, marking bins executable', () => {
    expect(writePlan(root, plan)).toEqual([
      { path: 'apps/x/a.ts', status: 'created' },
      { path: 'apps/x/src/main.ts', status: 'created' },
    ]);
    expect(readFileSync(join(root, 'apps/x/a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(statSync(join(root, 'apps/x/src/main.ts')).mode & 0o111).toBe(0o111);
  });

  it('overwrites nothing without force, and writes nothing when any file exists', () => {
    mkdirSync(join(root, 'apps/x/src'), { recursive: true });
    writeFileSync(join(root, 'apps/x/src/main.ts'), 'mine');
    let error: unknown;
    try {
      writePlan(root, plan);
    } catch (e) {
      error = e;
    }
    expect(GeneratorError.isInstance(error)).toBe(true);
    expect((error as GeneratorError).exitCode).toBe(1);
    expect((error as GeneratorError).message).toBe(
      'Nothing was generated:\n- apps/x/src/main.ts: already exists. Pass --force to overwrite it, or choose another name.',
    );
    expect(readFileSync(join(root, 'apps/x/src/main.ts'), 'utf8')).toBe('mine');
    expect(existsSync(join(root, 'apps/x/a.ts'))).toBe(false);
  });

  it('overwrites with force and reports what changed', () => {
    mkdirSync(join(root, 'apps/x/src'), { recursive: true });
    writeFileSync(join(root, 'apps/x/src/main.ts'), 'mine');
    writeFileSync(join(root, 'apps/x/a.ts'), 'export const a = 1;\n');
    expect(writePlan(root, plan, { force: true })).toEqual([
      { path: 'apps/x/a.ts', status: 'unchanged' },
      { path: 'apps/x/src/main.ts', status: 'overwritten' },
    ]);
    expect(readFileSync(join(root, 'apps/x/src/main.ts'), 'utf8')).toBe('#!/usr/bin/env node\n');
  });

  it('applies edits of existing files without force', () => {
    mkdirSync(join(root, 'apps/x'), { recursive: true });
    writeFileSync(join(root, 'apps/x/index.ts'), 'old');
    expect(writePlan(root, [{ path: 'apps/x/index.ts', content: 'new', action: 'update' }])).toEqual([
      { path: 'apps/x/index.ts', status: 'updated' },
    ]);
    expect(readFileSync(join(root, 'apps/x/index.ts'), 'utf8')).toBe('new');
  });

  it('refuses paths that leave the root', () => {
    expect(() => writePlan(root, [{ path: '../escape.ts', content: '', action: 'create' }])).toThrow(
      'leaves the root',
    );
  });
});
