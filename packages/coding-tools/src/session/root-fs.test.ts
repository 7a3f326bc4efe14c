import { afterAll, afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  fdPathsWork,
  removeDirectory,
  removeFile,
  SymlinkedFolderError,
  useFdPaths,
  writeFileAtomic,
} from './root-fs.ts';

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'root-fs-')));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'keep.txt'), 'outside\n');
  mkdirSync(path.join(outside, 'empty'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));
afterAll(() => useFdPaths(undefined));

const at = (relative: string) => path.join(root, relative);
const outsideTree = () => readdirSync(outside, { recursive: true }).sort();

const modes = [
  ...(fdPathsWork() ? [['through /proc/self/fd', undefined] as const] : []),
  ['checked by path (the fallback)', false] as const,
];

describe.each(modes)('root-fs %s', (_label, fdPaths) => {
  beforeEach(() => useFdPaths(fdPaths));

  it('writes atomically, creates the missing folders (returned outermost first) and keeps the mode', () => {
    expect(writeFileAtomic(at('a/b/c.txt'), 'one', { root })).toEqual([at('a'), at('a/b')]);
    expect(readFileSync(at('a/b/c.txt'), 'utf8')).toBe('one');
    chmodSync(at('a/b/c.txt'), 0o751);
    expect(writeFileAtomic(at('a/b/c.txt'), 'two', { root })).toEqual([]);
    expect(readFileSync(at('a/b/c.txt'), 'utf8')).toBe('two');
    expect(statSync(at('a/b/c.txt')).mode & 0o777).toBe(0o751);
    writeFileAtomic(at('src/run.sh'), '#!/bin/sh\n', { root, mode: 0o700 });
    expect(statSync(at('src/run.sh')).mode & 0o777).toBe(0o700);
    expect(readdirSync(at('a/b')).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  });

  it('refuses a folder on the path that is a symlink, out of the root or inside it', () => {
    symlinkSync(outside, at('out'));
    symlinkSync(at('src'), at('src-link'));
    symlinkSync(path.join(base, 'nowhere'), at('dangling'));
    for (const file of [
      'out/new.txt',
      'out/keep.txt',
      'out/empty/deep/x.txt',
      'src-link/x.txt',
      'dangling/x.txt',
    ]) {
      expect(() => writeFileAtomic(at(file), 'escaped', { root })).toThrow(SymlinkedFolderError);
    }
    expect(() => writeFileAtomic(at('out/new.txt'), 'escaped', { root })).toThrow(
      `${at('out')} is a symlink, not a folder: nothing is written through it`,
    );
    expect(() => removeFile(at('out/keep.txt'), root)).toThrow(SymlinkedFolderError);
    expect(() => removeDirectory(at('out/empty'), root)).toThrow(SymlinkedFolderError);
    expect(outsideTree()).toEqual(['empty', 'keep.txt']);
    expect(readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('outside\n');
    expect(existsSync(path.join(base, 'nowhere'))).toBe(false);
    expect(readdirSync(at('src'))).toEqual([]);
  });

  it('deletes a file and an empty folder inside the root; a symlink itself, never its target', () => {
    writeFileAtomic(at('gone/file.txt'), 'x', { root });
    removeFile(at('gone/file.txt'), root);
    removeDirectory(at('gone'), root);
    expect(existsSync(at('gone'))).toBe(false);
    symlinkSync(path.join(outside, 'keep.txt'), at('src/link.txt'));
    removeFile(at('src/link.txt'), root);
    expect(readFileSync(path.join(outside, 'keep.txt'), 'utf8')).toBe('outside\n');
  });

  it('names real paths in errors and removes the folders a failed write created', () => {
    const long = `new/deep/${'n'.repeat(300)}`;
    let failure: NodeJS.ErrnoException | undefined;
    try {
      writeFileAtomic(at(long), 'x', { root });
    } catch (error) {
      failure = error as NodeJS.ErrnoException;
    }
    expect(failure?.code).toBe('ENAMETOOLONG');
    expect(failure?.message).not.toContain('/proc/');
    expect(failure?.message).toContain(at('new/deep'));
    expect(existsSync(at('new'))).toBe(false);
    writeFileSync(at('src/file'), '');
    expect(() => writeFileAtomic(at('src/file/x.txt'), 'x', { root })).toThrow(/ENOTDIR/);
    expect(() => removeFile(at('src/missing.txt'), root)).toThrow(/ENOENT.*src\/missing\.txt/);
  });
});

describe('root-fs without a root', () => {
  it('uses plain path operations (a session that allows paths outside the root)', () => {
    symlinkSync(outside, at('out'));
    expect(writeFileAtomic(at('out/new/x.txt'), 'allowed')).toEqual([at('out/new')]);
    expect(readFileSync(path.join(outside, 'new/x.txt'), 'utf8')).toBe('allowed');
    removeFile(at('out/new/x.txt'));
    removeDirectory(at('out/new'));
    expect(outsideTree()).toEqual(['empty', 'keep.txt']);
  });
});
