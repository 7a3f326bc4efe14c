import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import { attachmentTools } from './index.ts';
import { UploadAttachmentTool } from './upload-attachment.tool.ts';

describeAreaDefinitions('attachments', attachmentTools);

let clickup: EmulatedClickUp;
let base: string;
let uploads: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'clickup-uploads-'));
  uploads = join(base, 'uploads');
  await mkdir(join(uploads, 'logs'), { recursive: true });
  await writeFile(join(uploads, 'logs', 'build.log'), 'ok\n');
  await writeFile(join(base, 'secret.env'), 'TOKEN=1');
  await symlink(join(base, 'secret.env'), join(uploads, 'escape.env'));
  clickup = await emulatedClickUp({ CLICKUP_UPLOAD_DIR: uploads });
});
afterAll(async () => {
  await clickup.close();
  await rm(base, { recursive: true, force: true });
});

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
const run = (args: Record<string, unknown>, ctx = clickup.ctx()) =>
  new UploadAttachmentTool().run(args, ctx) as Promise<Result>;
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const json = <T = Record<string, unknown>>(result: Result) => JSON.parse(last(result)) as T;
const stored = () => clickup.emulator.state.attachments;

describe('clickup_upload_attachment', () => {
  it('uploads base64 content with a file name to a task by custom id', async () => {
    const result = json(
      await run({
        task_id: 'DEV-1',
        content_base64: Buffer.from('hello').toString('base64'),
        file_name: 'hi.txt',
      }),
    );
    expect(result).toEqual({
      id: expect.stringMatching(/\.txt$/),
      title: 'hi.txt',
      size: 5,
      url: expect.any(String),
    });
    expect(stored().at(-1)).toMatchObject({ title: 'hi.txt', mimetype: 'text/plain' });
    expect(Buffer.from(stored().at(-1)!.bytes).toString()).toBe('hello');
  });

  it('uploads a file by its path inside CLICKUP_UPLOAD_DIR', async () => {
    const result = json(await run({ task_id: 'DEV-2', path: 'logs/build.log' }));
    expect(result).toMatchObject({ title: 'build.log', size: 3 });
    const absolute = json(
      await run({ task_id: 'DEV-2', path: join(uploads, 'logs', 'build.log'), file_name: 'b.log' }),
    );
    expect(absolute).toMatchObject({ title: 'b.log' });
  });

  it('refuses paths outside the directory and symlinks escaping it, sending nothing', async () => {
    const before = clickup.emulator.requests.length;
    for (const path of ['../secret.env', join(base, 'secret.env'), 'escape.env']) {
      const result = await run({ task_id: 'DEV-1', path });
      expect(result.isError).toBe(true);
      expect(text(result)).toContain('points outside the upload directory (CLICKUP_UPLOAD_DIR');
    }
    const missing = await run({ task_id: 'DEV-1', path: 'nope.txt' });
    expect(text(missing)).toContain('"nope.txt" does not exist in the upload directory');
    expect(clickup.emulator.requests.length).toBe(before);
  });

  it('explains how to enable uploads from disk when CLICKUP_UPLOAD_DIR is unset', async () => {
    const deps = { ...clickup.deps, config: { ...clickup.deps.config, uploadDir: undefined } };
    const result = await run({ task_id: 'DEV-1', path: 'logs/build.log' }, clickup.ctx({ deps }));
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('CLICKUP_UPLOAD_DIR is not set');
    expect(text(result)).toContain('Pass the file as content_base64 with file_name');
  });

  it('wants exactly one source, a name for base64 content, and valid base64', async () => {
    expect(text(await run({ task_id: 'DEV-1' }))).toContain('Give exactly one: path');
    expect(text(await run({ task_id: 'DEV-1', content_base64: 'aGk=' }))).toContain('file_name: is required');
    expect(text(await run({ task_id: 'DEV-1', content_base64: '!!!', file_name: 'x.bin' }))).toContain(
      'is not valid base64',
    );
  });
});
