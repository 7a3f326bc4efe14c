import { mkdir, mkdtemp, realpath, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { ValidationError } from '../errors/validation-error.ts';
import { ToolsmithError } from '../errors/toolsmith-error.ts';
import { formatFileSize, openUploadFile, readUploadFile, type UploadFolder } from './upload-folder.ts';

const SECRET = 'SECRET=outside the folder';
let work: string;
let uploads: string;
let folder: UploadFolder;

beforeAll(async () => {
  work = await realpath(await mkdtemp(path.join(tmpdir(), 'upload-folder-')));
  uploads = path.join(work, 'uploads');
  await mkdir(path.join(uploads, 'sub'), { recursive: true });
  await mkdir(path.join(work, 'outside'));
  await writeFile(path.join(work, 'secret.env'), SECRET);
  await writeFile(path.join(work, 'outside', 'a.txt'), SECRET);
  await writeFile(path.join(uploads, 'a.txt'), 'inside a');
  await writeFile(path.join(uploads, 'sub', 'a.txt'), 'inside sub/a');
  await symlink(path.join(work, 'secret.env'), path.join(uploads, 'escape.env'));
  await symlink(path.join(work, 'outside'), path.join(uploads, 'out-dir'));
  await symlink(path.join(uploads, 'a.txt'), path.join(uploads, 'alias.txt'));
  await writeFile(path.join(uploads, 'big.bin'), '');
  await truncate(path.join(uploads, 'big.bin'), 1024 * 1024 + 1);
  folder = {
    dir: uploads,
    variable: 'EXAMPLE_UPLOAD_DIR',
    maxBytes: 1024 * 1024,
    instead: '`contentBase64`',
    elsewhere: 'attach it in the web interface',
  };
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

afterEach(() => {
  jest.restoreAllMocks();
});

/** The refusal's text, or the bytes read as text. */
async function attempt(requested: string, options: Partial<UploadFolder> = {}): Promise<string> {
  try {
    return new TextDecoder().decode(await readUploadFile({ ...folder, ...options }, requested));
  } catch (error) {
    if (error instanceof ToolsmithError) return `refused: ${error.message}`;
    throw error;
  }
}

describe('readUploadFile', () => {
  it('reads a file inside the folder, by relative path, by absolute path, and through a symlink that stays inside', async () => {
    expect(await attempt('a.txt')).toBe('inside a');
    expect(await attempt('sub/a.txt')).toBe('inside sub/a');
    expect(await attempt(path.join(uploads, 'sub', 'a.txt'))).toBe('inside sub/a');
    expect(await attempt('sub/../a.txt')).toBe('inside a');
    expect(await attempt('alias.txt')).toBe('inside a');
  });

  it.each([
    ['a .. path', '../secret.env'],
    ['a deeper .. path', 'sub/../../secret.env'],
    ['an absolute path outside', 'WORK/secret.env'],
    ['/etc/passwd', '/etc/passwd'],
    ['a symlinked file pointing out', 'escape.env'],
    ['a file under a symlinked folder pointing out', 'out-dir/a.txt'],
    ['the folder itself', '.'],
  ])('refuses %s, naming the variable', async (_name, requested) => {
    const text = await attempt(requested.replace('WORK', work));
    expect(text).toContain('points outside the upload directory (EXAMPLE_UPLOAD_DIR = ');
    expect(text).toContain('pass the file as `contentBase64`');
    expect(text).not.toContain(SECRET);
  });

  it('refuses a name with a NUL character before touching the disk', async () => {
    expect(await attempt('a.txt\0../../secret.env')).toContain('path: contains a NUL character');
  });

  it('refuses a file over the limit, in sizes people read, and reads one at the limit', async () => {
    expect(await attempt('big.bin')).toContain(
      'path: is 1.0 MiB; this server uploads at most 1 MiB per file. Compress or split the file, or attach it in the web interface. Nothing was sent.',
    );
    expect(await attempt('big.bin', { maxBytes: 1024 * 1024 + 1 })).toHaveLength(1024 * 1024 + 1);
  });

  it('says what is missing, what is not a file, and how to turn uploads from disk on', async () => {
    expect(await attempt('nope.txt')).toContain('"nope.txt" does not exist in the upload directory');
    expect(await attempt('sub')).toContain('"sub" is not a regular file');
    expect(await attempt('a.txt', { dir: undefined })).toContain(
      'path: is not allowed on this server: EXAMPLE_UPLOAD_DIR is not set, so the server reads no local files. Pass the file as `contentBase64`, or ask the operator to set EXAMPLE_UPLOAD_DIR',
    );
    expect(await attempt('a.txt', { dir: path.join(work, 'missing') })).toContain(
      `cannot be used: EXAMPLE_UPLOAD_DIR (${path.join(work, 'missing')}) is not an existing directory`,
    );
    expect(await attempt('a.txt', { field: 'file' })).toBe('inside a');
    expect(await attempt('nope.txt', { field: 'file' })).toContain('file: "nope.txt" does not exist');
  });

  it('openUploadFile hands back the open file and its size', async () => {
    const { handle, size } = await openUploadFile(folder, 'sub/a.txt');
    try {
      expect(size).toBe('inside sub/a'.length);
      expect(await handle.readFile('utf8')).toBe('inside sub/a');
    } finally {
      await handle.close();
    }
  });

  it('returns refusals as validation errors (the model fixes its input)', async () => {
    await expect(readUploadFile(folder, '../secret.env')).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('a swap after the check', () => {
  const fsPromises = process.getBuiltinModule('node:fs/promises');

  /** Runs `swap` right after the check resolves `requested`, before the file is opened. */
  function swapAfterCheck(requested: string, swap: () => Promise<void>) {
    const realRealpath = fsPromises.realpath.bind(fsPromises);
    jest.spyOn(fsPromises, 'realpath').mockImplementation((async (target: string) => {
      const resolved = await realRealpath(target);
      if (target === path.join(uploads, requested)) await swap();
      return resolved;
    }) as typeof fsPromises.realpath);
  }

  it('refuses a file replaced by a symlink pointing out (O_NOFOLLOW)', async () => {
    await writeFile(path.join(uploads, 'swapped.txt'), 'inside swapped');
    swapAfterCheck('swapped.txt', async () => {
      await rm(path.join(uploads, 'swapped.txt'));
      await symlink(path.join(work, 'secret.env'), path.join(uploads, 'swapped.txt'));
    });
    const text = await attempt('swapped.txt');
    expect(text).toContain('points outside the upload directory');
    expect(text).not.toContain(SECRET);
  });

  (process.platform === 'linux' ? it : it.skip)(
    'refuses a folder replaced by a symlink pointing out (the opened file is checked again)',
    async () => {
      await mkdir(path.join(uploads, 'moving'));
      await writeFile(path.join(uploads, 'moving', 'a.txt'), 'inside moving');
      swapAfterCheck('moving/a.txt', async () => {
        await rename(path.join(uploads, 'moving'), path.join(work, 'moved-away'));
        await symlink(path.join(work, 'outside'), path.join(uploads, 'moving'));
      });
      const text = await attempt('moving/a.txt');
      expect(text).toContain('points outside the upload directory');
      expect(text).not.toContain(SECRET);
    },
  );
});

describe('random paths (property)', () => {
  const segment = fc.constantFrom(
    '..',
    '.',
    'a.txt',
    'sub',
    'escape.env',
    'out-dir',
    'alias.txt',
    '',
    'secret.env',
    'outside',
  );

  it('never reads outside the folder', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 6 }), fc.boolean(), async (segments, absolute) => {
        const relative = segments.join('/');
        const requested = absolute ? path.join(uploads, relative) : relative;
        const text = await attempt(requested);
        expect(text).not.toContain(SECRET);
        if (!text.startsWith('refused: ')) expect(text.startsWith('inside ')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatFileSize', () => {
  it('says bytes, KiB and MiB, with a decimal only when the MiB is not whole', () => {
    expect([512, 5000, 50 * 1024 * 1024, 50 * 1024 * 1024 + 1].map(formatFileSize)).toEqual([
      '512 bytes',
      '4.9 KiB',
      '50 MiB',
      '50.0 MiB',
    ]);
  });
});
