import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  existsSync,
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
import { noProgress, silentLogger, type ToolCallResult } from '@toolsmith/core';
import { CodingSession, type CodingSessionOptions } from '../../session/coding-session.ts';
import { recordRead } from '../../session/file-guard.ts';
import { ApplyPatchTool } from './apply-patch.tool.ts';

let base: string;
let root: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'apply-patch-tool-'));
  root = path.join(base, 'project');
  mkdirSync(root);
});
afterEach(() => {
  chmodSync(base, 0o755);
  for (const entry of readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) chmodSync(path.join(entry.parentPath, entry.name), 0o755);
  }
  rmSync(base, { recursive: true, force: true });
});

const tool = new ApplyPatchTool();

function session(options: Partial<CodingSessionOptions> = {}): CodingSession {
  return new CodingSession({ root, ...options });
}

async function run(s: CodingSession, patch: string): Promise<{ isError: boolean; text: string }> {
  const result: ToolCallResult = await tool.run(
    { patch },
    {
      deps: { session: s },
      signal: new AbortController().signal,
      progress: noProgress,
      logger: silentLogger,
      toolName: tool.name,
    },
  );
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return { isError: result.isError === true, text };
}

function write(relative: string, content: string | Buffer): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

function read(relative: string): string {
  return readFileSync(path.join(root, relative), 'utf8');
}

/** Every path under the root with bytes and mtime: any write shows up. */
function fingerprint(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const info = statSync(full);
    out[path.relative(root, full)] = entry.isDirectory()
      ? '<dir>'
      : `${readFileSync(full).toString('base64')} @${info.mtimeMs} mode ${info.mode}`;
  }
  return out;
}

const patchOf = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

describe('ApplyPatch metadata', () => {
  it('is a destructive write tool named ApplyPatch with a described `patch` parameter', () => {
    const definition = tool.getDefinition();
    expect(definition.name).toBe('ApplyPatch');
    expect(definition.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(definition.description).toMatch(/^\[Files\/Patch\] /);
    expect(definition.description).toContain('*** Begin Patch');
    expect(definition.description).toContain('all-or-nothing');
    const schema = definition.inputSchema as {
      properties: Record<string, { description?: string }>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(['patch']);
    expect(schema.required).toEqual(['patch']);
    expect(schema.properties.patch!.description).toMatch(/Begin Patch/);
  });
});

describe('read-before-write (session option requireReadBeforeWrite, default true)', () => {
  it('refuses to update or delete a file not read in this session, and changes nothing', async () => {
    write('a.txt', 'one\n');
    write('b.txt', 'two\n');
    const s = session();
    const before = fingerprint();
    const { isError, text } = await run(
      s,
      patchOf(
        '*** Update File: a.txt',
        '@@',
        '-one',
        '+ONE',
        '*** Delete File: b.txt',
        '*** Add File: c.txt',
        '+new',
      ),
    );
    expect(isError).toBe(true);
    expect(text).toBe(
      [
        'ApplyPatch changed nothing: the patch is applied all-or-nothing and 2 parts of it failed:',
        '- Update File a.txt: a.txt exists but was not read in this session. Read it first, then change it.',
        '- Delete File b.txt: b.txt exists but was not read in this session. Read it first, then change it.',
        'Fix these and send the whole patch again (its other operations were not applied either).',
      ].join('\n'),
    );
    expect(fingerprint()).toEqual(before);
  });

  it('applies once the files were read, and records the written files as read', async () => {
    const a = write('a.txt', 'one\n');
    const b = write('b.txt', 'two\n');
    const s = session();
    recordRead(s, a);
    recordRead(s, b);
    expect(
      await run(s, patchOf('*** Update File: a.txt', '@@', '-one', '+ONE', '*** Delete File: b.txt')),
    ).toEqual({
      isError: false,
      text: 'Success. Updated the following files:\nM a.txt (+1 -1)\nD b.txt (-1)',
    });
    expect(s.reads.has(b)).toBe(false);
    // A second patch on the file it just wrote needs no new Read.
    expect((await run(s, patchOf('*** Update File: a.txt', '@@', '-ONE', '+1'))).isError).toBe(false);
    expect(read('a.txt')).toBe('1\n');
  });

  it('refuses a file changed since it was read', async () => {
    const a = write('a.txt', 'one\n');
    const s = session();
    recordRead(s, a);
    writeFileSync(a, 'one, changed by someone else\n');
    utimesSync(a, new Date(), new Date(Date.now() + 5000));
    const { isError, text } = await run(s, patchOf('*** Update File: a.txt', '@@', '-one', '+ONE'));
    expect(isError).toBe(true);
    expect(text).toContain(
      '- Update File a.txt: a.txt changed since it was read (by someone else, or a command). Read it again before changing it.',
    );
  });

  it('refuses Add File and Move to over an existing unread file, but creates new files freely', async () => {
    write('exists.txt', 'keep\n');
    const src = write('src.txt', 'src\n');
    const s = session();
    recordRead(s, src);
    const added = await run(s, patchOf('*** Add File: exists.txt', '+x', '*** Add File: fresh.txt', '+ok'));
    expect(added.text).toContain(
      '- Add File exists.txt: exists.txt exists but was not read in this session. Read it first, then change it. (Add File replaces the whole file; to change part of it use Update File.)',
    );
    const moved = await run(
      s,
      patchOf('*** Update File: src.txt', '*** Move to: exists.txt', '*** Add File: fresh.txt', '+ok'),
    );
    expect(moved.text).toContain(
      '- Update File src.txt → Move to exists.txt: exists.txt exists but was not read in this session. Read it first, then change it. (the move would replace it.)',
    );
    expect(existsSync(path.join(root, 'fresh.txt'))).toBe(false);
    expect(read('exists.txt')).toBe('keep\n');
    expect(read('src.txt')).toBe('src\n');
    expect(await run(s, patchOf('*** Add File: fresh.txt', '+ok'))).toEqual({
      isError: false,
      text: 'Success. Updated the following files:\nA fresh.txt (+1)',
    });
  });

  it('needs no read when the session turns the rule off (as Codex)', async () => {
    write('a.txt', 'one\n');
    expect(
      (
        await run(
          session({ requireReadBeforeWrite: false }),
          patchOf('*** Update File: a.txt', '@@', '-one', '+1'),
        )
      ).isError,
    ).toBe(false);
    expect(read('a.txt')).toBe('1\n');
  });
});

describe('atomicity', () => {
  const files = {
    'one.txt': '1\n2\n3\n',
    'two.txt': 'a\r\nb\r\nc\r\n',
    'three.txt': 'x\ny\nz\n',
    'gone.txt': 'bye\n',
  };

  it('writes nothing when a hunk of the third file does not match', async () => {
    for (const [name, content] of Object.entries(files)) write(name, content);
    const before = fingerprint();
    const { isError, text } = await run(
      session({ requireReadBeforeWrite: false }),
      patchOf(
        '*** Add File: new/created.txt',
        '+hello',
        '*** Update File: one.txt',
        '@@',
        ' 1',
        '-2',
        '+two',
        '*** Update File: two.txt',
        '@@',
        '-b',
        '+bee',
        '*** Delete File: gone.txt',
        '*** Update File: three.txt',
        '@@',
        ' x',
        '-why',
        '+WHY',
      ),
    );
    expect(isError).toBe(true);
    expect(text).toContain(
      '- hunk 1 of three.txt (patch line 15, first context line "x"): context not found. Expected:',
    );
    expect(text).toContain('Closest at line 1 (60% similar):\n        1 | x\n        2 | y');
    expect(fingerprint()).toEqual(before);
  });

  it('rolls back the files already written when a later write fails, leaving no temporary files', async () => {
    for (const [name, content] of Object.entries(files)) write(name, content);
    const before = fingerprint();
    // A 300-character name: over the file system's 255-byte limit, so writing it fails mid-commit.
    const longName = `${'n'.repeat(296)}.txt`;
    const { isError, text } = await run(
      session({ requireReadBeforeWrite: false }),
      patchOf(
        '*** Update File: one.txt',
        '@@',
        '-1',
        '+one',
        `*** Add File: made/here/${longName}`,
        '+content',
        '*** Update File: two.txt',
        '@@',
        '-c',
        '+see',
        '*** Delete File: gone.txt',
      ),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(
      new RegExp(
        `^ApplyPatch could not write made/here/${longName} \\(ENAMETOOLONG: .*\\)\\. The files it had already changed were restored, so nothing changed\\.`,
      ),
    );
    const after = fingerprint();
    // Same paths, same bytes, same modes; only the mtimes of the restored files may differ.
    const strip = (print: Record<string, string>) =>
      Object.fromEntries(Object.entries(print).map(([k, v]) => [k, v.replace(/ @[\d.]+/, '')]));
    expect(strip(after)).toEqual(strip(before));
  });

  const isRoot = process.getuid?.() === 0;
  (isRoot ? it.skip : it)('rolls back when the second file sits in a read-only folder', async () => {
    write('one.txt', '1\n');
    write('locked/two.txt', 'a\n');
    chmodSync(path.join(root, 'locked'), 0o555);
    const before = fingerprint();
    const { isError, text } = await run(
      session({ requireReadBeforeWrite: false }),
      patchOf(
        '*** Update File: one.txt',
        '@@',
        '-1',
        '+one',
        '*** Update File: locked/two.txt',
        '@@',
        '-a',
        '+b',
      ),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(/could not write locked\/two\.txt \(EACCES/);
    expect(Object.keys(fingerprint())).toEqual(Object.keys(before));
    expect(read('one.txt')).toBe('1\n');
  });
});

describe('files and paths', () => {
  it('refuses paths outside the root, also through a symlink, and absolute paths elsewhere', async () => {
    writeFileSync(path.join(base, 'secret.txt'), 'secret\n');
    symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'link.txt'));
    const { isError, text } = await run(
      session({ requireReadBeforeWrite: false }),
      patchOf(
        '*** Update File: link.txt',
        '@@',
        '-secret',
        '+owned',
        `*** Delete File: ${path.join(base, 'secret.txt')}`,
        '*** Add File: ../evil.txt',
        '+x',
      ),
    );
    expect(isError).toBe(true);
    expect(text).toContain(`- Update File link.txt: "link.txt" is outside the project root ${realRoot()}.`);
    expect(text).toContain(
      `- Delete File ${path.join(base, 'secret.txt')}: "${path.join(base, 'secret.txt')}" is outside the project root`,
    );
    expect(text).toContain('- Add File ../evil.txt: "../evil.txt" is outside the project root');
    expect(readFileSync(path.join(base, 'secret.txt'), 'utf8')).toBe('secret\n');
    expect(existsSync(path.join(base, 'evil.txt'))).toBe(false);
  });

  it('accepts an absolute path inside the root', async () => {
    write('a.txt', 'a\n');
    const { text } = await run(
      session({ requireReadBeforeWrite: false }),
      patchOf(`*** Update File: ${path.join(root, 'a.txt')}`, '@@', '-a', '+b'),
    );
    expect(text).toBe('Success. Updated the following files:\nM a.txt (+1 -1)');
    expect(read('a.txt')).toBe('b\n');
  });

  it('refuses hunks on a binary file but moves it byte for byte, keeping its mode', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0a, 0x00]);
    write('img.png', bytes);
    write('run.sh', '#!/bin/sh\necho hi\n');
    chmodSync(path.join(root, 'run.sh'), 0o755);
    const s = session({ requireReadBeforeWrite: false });
    const refused = await run(s, patchOf('*** Update File: img.png', '@@', '-PNG', '+GIF'));
    expect(refused.text).toContain(
      '- Update File img.png: img.png is a binary file (image); ApplyPatch changes text files only. Move or delete it, or replace it with Add File.',
    );
    const moved = await run(
      s,
      patchOf(
        '*** Update File: img.png',
        '*** Move to: assets/img.png',
        '*** Update File: run.sh',
        '*** Move to: bin/run.sh',
        '@@',
        '-echo hi',
        '+echo hello',
      ),
    );
    expect(moved.text).toBe(
      'Success. Updated the following files:\nR img.png → assets/img.png (+0 -0)\nR run.sh → bin/run.sh (+1 -1)',
    );
    expect(readFileSync(path.join(root, 'assets/img.png')).equals(bytes)).toBe(true);
    expect(statSync(path.join(root, 'bin/run.sh')).mode & 0o777).toBe(0o755);
    expect(existsSync(path.join(root, 'img.png'))).toBe(false);
  });

  it('refuses to create a file where a file stands in for a folder, or over a folder', async () => {
    write('plain.txt', 'x\n');
    mkdirSync(path.join(root, 'folder'));
    const { text } = await run(
      session({ requireReadBeforeWrite: false }),
      patchOf(
        '*** Add File: plain.txt/child.txt',
        '+x',
        '*** Add File: folder',
        '+x',
        '*** Add File: made.txt',
        '+x',
        '*** Add File: made.txt/inner.txt',
        '+y',
      ),
    );
    expect(text).toContain(
      '- Add File plain.txt/child.txt: cannot create plain.txt/child.txt: plain.txt is a file, not a folder.',
    );
    expect(text).toContain('- Add File folder: folder is a directory. Use another path.');
    expect(text).toContain(
      '- Add File made.txt/inner.txt: cannot create made.txt/inner.txt: made.txt is a file, not a folder.',
    );
    expect(existsSync(path.join(root, 'made.txt'))).toBe(false);
  });

  it('reports unusable paths (name too long, NUL byte) as problems of the patch, not crashes', async () => {
    write('a.txt', 'a\n');
    const { isError, text } = await run(
      session({ requireReadBeforeWrite: false }),
      patchOf(
        '*** Update File: a.txt',
        '@@',
        '-a',
        '+b',
        `*** Add File: ${'x'.repeat(300)}.txt`,
        '+x',
        '*** Delete File: bad\0name.txt',
      ),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(/- Add File x{300}\.txt: x{300}\.txt cannot be used: ENAMETOOLONG/);
    expect(text).toContain(
      '- Delete File bad\0name.txt: "bad\\u0000name.txt" contains a NUL byte (\\0), which no file path can hold. Remove it.',
    );
    expect(read('a.txt')).toBe('a\n');
  });

  it('keeps a BOM and CRLF endings and adds CRLF to the new lines', async () => {
    write('w.txt', '\uFEFFa\r\nb\r\n');
    await run(
      session({ requireReadBeforeWrite: false }),
      patchOf('*** Update File: w.txt', '@@', ' a', '+a2', ' b'),
    );
    expect(readFileSync(path.join(root, 'w.txt'), 'utf8')).toBe('\uFEFFa\r\na2\r\nb\r\n');
  });
});

describe('performance', () => {
  it('applies 100 hunks to a 10 000-line file through tool.run in well under 50 ms', async () => {
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `    result_${i} = transform(items[${i}], "${'k'.repeat(i % 30)}")`,
    );
    write('big.py', `${lines.join('\n')}\n`);
    const body: string[] = ['*** Update File: big.py'];
    for (let k = 0; k < 100; k++) {
      const at = k * 100 + 50;
      body.push(
        `@@`,
        ` ${lines[at - 2]}`,
        ` ${lines[at - 1]}`,
        `-${lines[at]}`,
        `+    result_${at} = None`,
        ` ${lines[at + 1]}`,
        ` ${lines[at + 2]}`,
      );
    }
    const patch = patchOf(...body);
    const s = session({ requireReadBeforeWrite: false });
    const timings: number[] = [];
    for (let round = 0; round < 5; round++) {
      write('big.py', `${lines.join('\n')}\n`);
      const started = performance.now();
      const { isError } = await run(s, patch);
      timings.push(performance.now() - started);
      expect(isError).toBe(false);
    }
    const out = read('big.py').split('\n');
    expect(out[50]).toBe('    result_50 = None');
    expect(out[9950]).toBe('    result_9950 = None');
    expect(out[9951]).toBe(lines[9951]);
    timings.sort((a, b) => a - b);
    expect(timings[2]).toBeLessThan(1000);
  });
});

function realRoot(): string {
  return session().root;
}
