import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commitChanges, nodeCommitFileSystem, type CommitFileSystem } from './commit-changes.ts';
import type { FileChange } from './plan-patch.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'apply-patch-commit-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function original(file: string) {
  return { bytes: readFileSync(file), mode: statSync(file).mode };
}

/** Every path under `dir` with its bytes (folders as `/`). */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = entry.isDirectory() ? '/' : readFileSync(full).toString('latin1');
  }
  return out;
}

/** The node file system, with the n-th call of `method` throwing. */
function failingOn(method: keyof CommitFileSystem, n: number, log: string[] = []): CommitFileSystem {
  let calls = 0;
  const check = (name: keyof CommitFileSystem, args: unknown[]) => {
    const mode = typeof args[2] === 'number' ? ` ${args[2].toString(8)}` : '';
    log.push(`${name} ${path.relative(root, String(args[0]))}${mode}`);
    if (name === method && ++calls === n) throw new Error(`injected ${name} failure`);
  };
  return {
    writeFile: (...args) => {
      check('writeFile', args);
      return nodeCommitFileSystem.writeFile(...args);
    },
    removeFile: (...args) => {
      check('removeFile', args);
      nodeCommitFileSystem.removeFile(...args);
    },
    removeDirectory: (...args) => {
      check('removeDirectory', args);
      nodeCommitFileSystem.removeDirectory(...args);
    },
  };
}

function setUp(): FileChange[] {
  writeFileSync(path.join(root, 'a.txt'), 'a original\r\n');
  chmodSync(path.join(root, 'a.txt'), 0o644);
  writeFileSync(path.join(root, 'c.txt'), 'c original\n', { mode: 0o640 });
  const a = path.join(root, 'a.txt');
  const c = path.join(root, 'c.txt');
  return [
    { file: a, content: 'a patched\r\n', original: original(a) },
    { file: path.join(root, 'new', 'deep', 'b.txt'), content: 'b\n', original: undefined, mode: 0o755 },
    { file: c, content: undefined, original: original(c) },
  ];
}

describe('commitChanges', () => {
  it('writes, creates folders, gives a moved file its mode, deletes last', () => {
    const changes = setUp();
    const log: string[] = [];
    expect(commitChanges(changes, failingOn('writeFile', 0, log))).toEqual({ ok: true });
    expect(tree(root)).toEqual({
      'a.txt': 'a patched\r\n',
      new: '/',
      'new/deep': '/',
      'new/deep/b.txt': 'b\n',
    });
    expect(statSync(path.join(root, 'new/deep/b.txt')).mode & 0o777).toBe(0o755);
    expect(log).toEqual(['writeFile a.txt', 'writeFile new/deep/b.txt 755', 'removeFile c.txt']);
  });

  it('rolls back when the second write fails: first file restored, created folders removed', () => {
    const changes = setUp();
    const before = tree(root);
    const result = commitChanges(changes, failingOn('writeFile', 2));
    expect(result).toMatchObject({
      ok: false,
      file: path.join(root, 'new', 'deep', 'b.txt'),
      unrestored: [],
    });
    expect((result as { error: Error }).error.message).toBe('injected writeFile failure');
    expect(tree(root)).toEqual(before);
  });

  it('rolls back writes and deletions when a deletion fails', () => {
    writeFileSync(path.join(root, 'd.txt'), 'd original\n');
    const changes = setUp();
    const d = path.join(root, 'd.txt');
    changes.push({ file: d, content: undefined, original: original(d) });
    const before = tree(root);
    const log: string[] = [];
    const result = commitChanges(changes, failingOn('removeFile', 2, log));
    expect(result).toMatchObject({ ok: false, file: d, unrestored: [] });
    expect(tree(root)).toEqual(before);
    expect(statSync(path.join(root, 'c.txt')).mode & 0o777).toBe(0o640);
    // Restored in reverse order: the deleted c.txt, the created b.txt, then a.txt; then the folders.
    expect(log.slice(4)).toEqual([
      'writeFile c.txt 640',
      'removeFile new/deep/b.txt',
      'writeFile a.txt 644',
      'removeDirectory new/deep',
      'removeDirectory new',
    ]);
  });

  it('reports files it could not restore', () => {
    const changes = setUp();
    let writes = 0;
    const fs: CommitFileSystem = {
      ...nodeCommitFileSystem,
      writeFile(file, content, mode) {
        writes++;
        if (writes === 2 || writes === 3) throw new Error('disk full');
        return nodeCommitFileSystem.writeFile(file, content, mode);
      },
    };
    const result = commitChanges(changes, fs);
    expect(result).toMatchObject({ ok: false, unrestored: [path.join(root, 'a.txt')] });
    expect(existsSync(path.join(root, 'new'))).toBe(false);
  });
});
