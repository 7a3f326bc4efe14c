import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ValidationError } from '../errors/validation-error.ts';
import { uploadBytes, type UploadSource, type UploadSources } from './upload-bytes.ts';

let uploads: string;
let options: UploadSources;

beforeAll(async () => {
  uploads = await realpath(await mkdtemp(path.join(tmpdir(), 'upload-bytes-')));
  await writeFile(path.join(uploads, 'a.txt'), 'on disk');
  await writeFile(path.join(uploads, 'big.bin'), Buffer.alloc(9));
  options = {
    dir: uploads,
    variable: 'EXAMPLE_UPLOAD_DIR',
    maxBytes: 8,
    instead: 'content_base64',
    elsewhere: 'attach it in the web interface',
    fields: { path: 'file_path', content: 'content_base64' },
  };
});

afterAll(async () => {
  await rm(uploads, { recursive: true, force: true });
});

/** The bytes as text, or `refused: ` and the refusal. */
async function attempt(source: UploadSource, changes: Partial<UploadSources> = {}): Promise<string> {
  try {
    return new TextDecoder().decode(await uploadBytes(source, { ...options, ...changes }));
  } catch (error) {
    if (error instanceof ValidationError) return `refused: ${error.message}`;
    throw error;
  }
}

describe('uploadBytes', () => {
  it('reads the path inside the folder, or decodes the base64 (data: prefix and whitespace tolerated)', async () => {
    expect(await attempt({ path: 'a.txt' })).toBe('on disk');
    expect(await attempt({ contentBase64: 'aGVs\n bG8=' })).toBe('hello');
    expect(await attempt({ contentBase64: 'data:text/plain;base64,aGVsbG8=' })).toBe('hello');
  });

  it('refuses neither and both, naming the two fields as the tool spells them and the variable', async () => {
    expect(await attempt({})).toContain(
      "file_path, content_base64: gives no file. Give exactly one: file_path (a file inside EXAMPLE_UPLOAD_DIR) or content_base64 (the file's bytes, base64-encoded).",
    );
    expect(await attempt({ path: 'a.txt', contentBase64: 'aGk=' })).toContain(
      'file_path, content_base64: are both given. Give exactly one: file_path',
    );
  });

  it("refuses invalid base64 and bytes over the limit under the content field, with the app's wording", async () => {
    expect(await attempt({ contentBase64: 'not base64!' })).toContain('content_base64: is not valid base64.');
    expect(await attempt({ contentBase64: Buffer.alloc(9).toString('base64') })).toContain(
      'content_base64: is 9 bytes; this server uploads at most 8 bytes per file. Compress or split the file, or attach it in the web interface. Nothing was sent.',
    );
  });

  it('refuses paths under the path field: outside the folder, too large, or no folder set', async () => {
    expect(await attempt({ path: '../outside.txt' })).toContain(
      'file_path: points outside the upload directory (EXAMPLE_UPLOAD_DIR = ',
    );
    expect(await attempt({ path: 'big.bin' })).toContain(
      'file_path: is 9 bytes; this server uploads at most 8 bytes',
    );
    expect(await attempt({ path: 'a.txt' }, { dir: undefined })).toContain(
      'file_path: is not allowed on this server: EXAMPLE_UPLOAD_DIR is not set, so the server reads no local files. Pass the file as content_base64',
    );
  });
});
