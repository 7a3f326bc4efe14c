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
import { writeFileAtomic } from './root-fs.ts';
import { decodeText, encodeText } from './text-file.ts';

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

  it('refuses a NUL byte, and a folder that is a dangling symlink, saying what is wrong', () => {
    const session = new CodingSession({ root });
    const message = (requested: string) => {
      try {
        resolveInRoot(session, requested, 'Write', 'file_path');
      } catch (error) {
        expect(ValidationError.isInstance(error)).toBe(true);
        return (error as ValidationError).issues
          .map((issue) => `${issue.field}: ${issue.message}`)
          .join('\n');
      }
      return 'resolved';
    };
    expect(message('src/bad\0name.ts')).toBe(
      'file_path: "src/bad\\u0000name.ts" contains a NUL byte (\\0), which no file path can hold. Remove it.',
    );
    symlinkSync(path.join(base, 'gone'), path.join(root, 'out-link'));
    symlinkSync(path.join(root, 'missing'), path.join(root, 'in-link'));
    symlinkSync('loop', path.join(root, 'loop'));
    expect(message('out-link/x.ts')).toBe(
      `file_path: "out-link/x.ts" goes through out-link, a symlink to ${path.join(base, 'gone')} that leads nowhere (its target does not exist, or it loops). Give a path without it, or create its target first.`,
    );
    expect(message('in-link/deeper/x.ts')).toContain(
      `goes through in-link, a symlink to ${path.join(root, 'missing')} that leads nowhere`,
    );
    expect(message('loop/x.ts')).toContain('goes through loop, a symlink to loop that leads nowhere');
    // The link itself is a path like any other: Write replaces it, Read says it is not found.
    expect(message('out-link')).toBe('resolved');
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
