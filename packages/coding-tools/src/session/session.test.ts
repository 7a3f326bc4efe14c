import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ValidationError } from '@toolsmith/core';
import { CodingSession } from './coding-session.ts';
import { assertWritable, recordRead } from './file-guard.ts';
import { displayPath, PathOutsideRootError, resolveInRoot, suggestPaths } from './resolve-path.ts';
import { decodeText, encodeText, writeFileAtomic } from './text-file.ts';

let base: string;
let root: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'session-'));
  root = path.join(base, 'project');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'index.ts'), 'export {};\n');
  writeFileSync(path.join(base, 'secret.txt'), 'outside');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('resolveInRoot', () => {
  it('resolves relative and absolute paths inside the root', () => {
    const session = new CodingSession({ root });
    expect(resolveInRoot(session, 'src/index.ts', 'Read')).toBe(path.join(session.root, 'src/index.ts'));
    expect(resolveInRoot(session, path.join(root, 'src/new.ts'), 'Write')).toBe(
      path.join(session.root, 'src/new.ts'),
    );
    expect(displayPath(session, path.join(session.root, 'src/index.ts'))).toBe('src/index.ts');
  });

  it('refuses .., absolute paths outside, and symlinks that lead out', () => {
    const session = new CodingSession({ root });
    symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'link.txt'));
    for (const requested of [
      '../secret.txt',
      path.join(base, 'secret.txt'),
      'link.txt',
      'src/../../secret.txt',
    ]) {
      let error: unknown;
      try {
        resolveInRoot(session, requested, 'Read', 'file_path');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(PathOutsideRootError);
      expect(ValidationError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain(`is outside the project root ${session.root}`);
    }
  });

  it('allows outside paths when the session says so', () => {
    const session = new CodingSession({ root, allowOutsideRoot: true });
    expect(readFileSync(resolveInRoot(session, '../secret.txt', 'Read'), 'utf8')).toBe('outside');
  });

  it('suggests close names for a missing path', () => {
    const session = new CodingSession({ root });
    expect(suggestPaths(session, path.join(session.root, 'src/indx.ts'))).toEqual(['src/index.ts']);
  });
});

describe('read-before-write guard', () => {
  it('refuses a file not read, or changed since it was read; allows new files', () => {
    const session = new CodingSession({ root });
    const file = path.join(session.root, 'src/index.ts');
    expect(() => assertWritable(session, file, 'Write')).toThrow(/was not read in this session/);
    recordRead(session, file);
    expect(() => assertWritable(session, file, 'Write')).not.toThrow();
    writeFileSync(file, 'changed by someone else\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(() => assertWritable(session, file, 'Write')).toThrow(/changed since it was read/);
    expect(() => assertWritable(session, path.join(session.root, 'src/new.ts'), 'Write')).not.toThrow();
    expect(() =>
      assertWritable(new CodingSession({ root, requireReadBeforeWrite: false }), file, 'Write'),
    ).not.toThrow();
  });
});

describe('text files', () => {
  it('keeps CRLF and the BOM across decode/encode', () => {
    const raw = '\uFEFFline one\r\nline two\r\n';
    const decoded = decodeText(raw);
    expect(decoded).toEqual({ text: 'line one\nline two\n', eol: '\r\n', bom: true });
    expect(encodeText({ ...decoded, text: decoded.text.replace('two', '2') })).toBe(
      '\uFEFFline one\r\nline 2\r\n',
    );
    expect(decodeText('a\nb\n').eol).toBe('\n');
  });

  it('writes atomically and keeps the mode', () => {
    const file = path.join(root, 'run.sh');
    writeFileSync(file, 'old', { mode: 0o755 });
    writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).mode & 0o777).toBe(0o755);
    expect(readdirSync(root).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    // A name near the file system's 255-byte limit is still writable (the temporary name is short).
    const long = path.join(root, `${'n'.repeat(250)}.txt`);
    writeFileAtomic(long, 'ok');
    expect(readFileSync(long, 'utf8')).toBe('ok');
  });
});
