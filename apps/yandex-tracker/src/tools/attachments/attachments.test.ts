import { mkdtemp, readFile, realpath, rm, symlink, truncate, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const LOG = Buffer.from('2026-11-21 10:00:01 ERROR lookup failed for user+test@example.org\n');

let t: TrackerHarness;
let bare: TrackerHarness;
let work: string;
let uploadDir: string;
let downloadDir: string;

type Attachment = { id: string; name: string; mimetype: string; size: number; hasThumbnail?: boolean };

const attachmentsOf = (key: string) => {
  const issue = t.emulator.state.issues.find((i) => i.key === key)!;
  return t.emulator.state.attachments.filter((a) => a.issue === issue.id);
};

const requestsTo = (method: string, pattern: RegExp) =>
  t.emulator.requests.filter((r) => r.method === method && pattern.test(r.path)).length;

beforeAll(async () => {
  work = await realpath(await mkdtemp(path.join(tmpdir(), 'tracker-attachments-')));
  uploadDir = path.join(work, 'uploads');
  downloadDir = path.join(work, 'downloads');
  await mkdir(path.join(uploadDir, 'shots'), { recursive: true });
  await mkdir(downloadDir);
  await writeFile(path.join(uploadDir, 'shots', 'login.png'), PNG);
  await writeFile(path.join(work, 'secret.env'), 'TOKEN=do-not-upload');
  await symlink(path.join(work, 'secret.env'), path.join(uploadDir, 'innocent.txt'));
  // Sparse: 50 MiB + 1 byte without writing them.
  await writeFile(path.join(uploadDir, 'huge.bin'), '');
  await truncate(path.join(uploadDir, 'huge.bin'), 50 * 1024 * 1024 + 1);

  t = await startStdio({
    env: {
      YANDEX_TRACKER_UPLOAD_DIR: uploadDir,
      YANDEX_TRACKER_DOWNLOAD_DIR: downloadDir,
      YANDEX_TRACKER_MAX_DOWNLOAD_BYTES: '4096',
    },
  });
  bare = await startStdio({ emulator: t.emulator });

  const { state } = t.emulator;
  const issueId = (key: string) => state.issues.find((i) => i.key === key)!.id;
  const seed = (id: string, key: string, name: string, mimetype: string, content: Uint8Array) =>
    state.attachments.push({
      id,
      issue: issueId(key),
      name,
      mimetype,
      size: content.length,
      content,
      createdBy: 'bob',
      createdAt: '2026-11-02T10:00:00.000+0000',
    });
  seed('901', 'DEMO-1', 'screen.png', 'image/png', PNG);
  seed('902', 'DEMO-1', 'server.log', 'text/plain', LOG);
  seed('903', 'DEMO-2', 'dump.bin', 'application/octet-stream', new Uint8Array(5000).fill(7));
}, 30_000);

afterAll(async () => {
  await bare?.close();
  await t?.close();
  await rm(work, { recursive: true, force: true });
});

describe('tracker_get_attachments', () => {
  it('lists the files of several issues and reports a missing issue per item', async () => {
    const r = await t.call('tracker_get_attachments', { issueIds: ['DEMO-1', 'DEMO-999'] });
    expect(r.isError).toBe(false);
    const json = r.json as {
      total: number;
      successful: Array<{ issueId: string; attachments: Attachment[] }>;
      failed: Array<{ issueId: string; error: string }>;
    };
    expect(json.total).toBe(2);
    expect(json.successful).toEqual([
      {
        issueId: 'DEMO-1',
        attachments: [
          expect.objectContaining({
            id: '901',
            name: 'screen.png',
            mimetype: 'image/png',
            size: PNG.length,
            hasThumbnail: true,
          }),
          expect.objectContaining({
            id: '902',
            name: 'server.log',
            mimetype: 'text/plain',
            size: LOG.length,
          }),
        ],
      },
    ]);
    expect(json.successful[0]!.attachments[1]).not.toHaveProperty('hasThumbnail');
    expect(json.failed).toEqual([
      { issueId: 'DEMO-999', error: expect.stringContaining('Задача не существует.') },
    ]);
  });

  it('projects the API objects to `fields`', async () => {
    const r = await t.call('tracker_get_attachments', {
      issueIds: ['DEMO-1'],
      fields: ['issueId', 'attachments.name', 'attachments.createdBy.display'],
    });
    expect((r.json as { successful: unknown[] }).successful).toEqual([
      {
        issueId: 'DEMO-1',
        attachments: [
          { name: 'screen.png', createdBy: { display: 'Bob Petrov' } },
          { name: 'server.log', createdBy: { display: 'Bob Petrov' } },
        ],
      },
    ]);
  });
});

describe('tracker_upload_attachment', () => {
  it('uploads base64 content as multipart and the issue gets the file', async () => {
    const r = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-3',
      filename: 'steps.txt',
      contentBase64: Buffer.from('1. open\n2. click\n').toString('base64'),
    });
    expect(r.isError).toBe(false);
    expect(r.json).toEqual(
      expect.objectContaining({
        name: 'steps.txt',
        mimetype: 'text/plain',
        size: 17,
        createdBy: expect.objectContaining({ display: 'Alice Ivanova' }),
      }),
    );
    const stored = attachmentsOf('DEMO-3');
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]!.content).toString()).toBe('1. open\n2. click\n');
    expect((r.json as Attachment).id).toBe(stored[0]!.id);
    const issue = t.emulator.state.issues.find((i) => i.key === 'DEMO-3')!;
    expect(t.emulator.state.changelog.filter((c) => c.issue === issue.id).map((c) => c.type)).toContain(
      'IssueAttachmentAdded',
    );
  });

  it('uploads a file by path inside YANDEX_TRACKER_UPLOAD_DIR', async () => {
    const r = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'login.png',
      path: 'shots/login.png',
    });
    expect(r.isError).toBe(false);
    expect(r.json).toEqual(
      expect.objectContaining({ name: 'login.png', mimetype: 'image/png', hasThumbnail: true }),
    );
    expect(Buffer.from(attachmentsOf('DEMO-4')[0]!.content).equals(PNG)).toBe(true);
  });

  it('refuses a path that climbs out of the upload directory, before sending anything', async () => {
    const before = requestsTo('POST', /attachments/);
    const r = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'secret.env',
      path: '../secret.env',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      `path: points outside the upload directory (YANDEX_TRACKER_UPLOAD_DIR = ${uploadDir}). Only files inside it can be uploaded`,
    );
    const absolute = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'passwd',
      path: '/etc/passwd',
    });
    expect(absolute.text).toContain('points outside the upload directory');
    expect(requestsTo('POST', /attachments/)).toBe(before);
  });

  it('refuses a symlink inside the upload directory that points outside it (real path checked)', async () => {
    const r = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'innocent.txt',
      path: 'innocent.txt',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('points outside the upload directory');
    expect(
      t.emulator.state.attachments.some((a) => Buffer.from(a.content).toString().includes('do-not-upload')),
    ).toBe(false);
  });

  it('refuses `path` when the server has no upload directory, naming the variable', async () => {
    const r = await bare.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'x.png',
      path: 'shots/login.png',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      'path: is not allowed on this server: YANDEX_TRACKER_UPLOAD_DIR is not set, so the server reads no local files. Pass the file as `contentBase64`',
    );
  });

  it('refuses a file over 50 MiB before sending it', async () => {
    const before = requestsTo('POST', /attachments/);
    const r = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'huge.bin',
      path: 'huge.bin',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('path: is 50.0 MiB; this server uploads at most 50 MiB per file.');
    expect(requestsTo('POST', /attachments/)).toBe(before);
  });

  it('wants exactly one of contentBase64 and path, and valid base64', async () => {
    const both = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'a.txt',
      contentBase64: 'YQ==',
      path: 'shots/login.png',
    });
    // One wording for both servers, from core's uploadBytes.
    expect(both.text).toContain(
      'path, contentBase64: are both given. Give exactly one: path (a file inside YANDEX_TRACKER_UPLOAD_DIR) or contentBase64',
    );
    const neither = await t.call('tracker_upload_attachment', { issueId: 'DEMO-4', filename: 'a.txt' });
    expect(neither.text).toContain('contentBase64, path, url: give no file. Give exactly one: contentBase64');
    const broken = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: 'a.txt',
      contentBase64: 'not base64!',
    });
    expect(broken.text).toContain('contentBase64: is not valid base64.');
    const folder = await t.call('tracker_upload_attachment', {
      issueId: 'DEMO-4',
      filename: '../a.txt',
      contentBase64: 'YQ==',
    });
    expect(folder.text).toContain('Give a file name without folders');
  });
});

describe('tracker_download_attachment', () => {
  it('saves into the download directory and never overwrites', async () => {
    const first = await t.call('tracker_download_attachment', { issueId: 'DEMO-1', attachmentId: '902' });
    expect(first.isError).toBe(false);
    const saved = first.json as { savedTo: string; size: number; mimetype: string };
    expect(saved).toEqual(
      expect.objectContaining({ name: 'server.log', size: LOG.length, mimetype: 'text/plain' }),
    );
    expect(saved.savedTo).toBe(path.join(downloadDir, 'server.log'));
    expect((await readFile(saved.savedTo)).equals(LOG)).toBe(true);

    const second = await t.call('tracker_download_attachment', { issueId: 'DEMO-1', attachmentId: 902 });
    expect((second.json as { savedTo: string }).savedTo).toBe(path.join(downloadDir, 'server (1).log'));

    const named = await t.call('tracker_download_attachment', {
      issueId: 'DEMO-1',
      attachmentId: '901',
      saveAs: 'DEMO-1/screen.png',
    });
    expect((named.json as { savedTo: string }).savedTo).toBe(path.join(downloadDir, 'DEMO-1', 'screen.png'));
    const again = await t.call('tracker_download_attachment', {
      issueId: 'DEMO-1',
      attachmentId: '901',
      saveAs: 'DEMO-1/screen.png',
    });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(
      '"DEMO-1/screen.png" already exists in the download directory. Choose another name',
    );
  });

  it('refuses saveAs outside the download directory', async () => {
    const r = await t.call('tracker_download_attachment', {
      issueId: 'DEMO-1',
      attachmentId: '902',
      saveAs: '../escaped.log',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      `saveAs: points outside the download directory (YANDEX_TRACKER_DOWNLOAD_DIR = ${downloadDir}).`,
    );
    await expect(readFile(path.join(work, 'escaped.log'))).rejects.toThrow();
  });

  it('refuses a file over YANDEX_TRACKER_MAX_DOWNLOAD_BYTES from its listed size, without fetching it', async () => {
    const before = requestsTo('GET', /attachments\/903\//);
    const r = await t.call('tracker_download_attachment', { issueId: 'DEMO-2', attachmentId: '903' });
    expect(r.isError).toBe(true);
    expect(r.text).toBe(
      'Attachment 903 (dump.bin) is 5000 bytes (4.9 KiB), more than this server returns: 4096 bytes (YANDEX_TRACKER_MAX_DOWNLOAD_BYTES). Open it in Tracker instead, or ask the operator to raise YANDEX_TRACKER_MAX_DOWNLOAD_BYTES.',
    );
    expect(requestsTo('GET', /attachments\/903\//)).toBe(before);
  });

  it('returns the content when the server has no download directory (a log as text)', async () => {
    const r = await bare.call('tracker_download_attachment', { issueId: 'DEMO-1', attachmentId: '902' });
    expect(r.isError).toBe(false);
    const content = (r.raw as { content: Array<{ type: string; text?: string }> }).content;
    expect(content[0]).toEqual({ type: 'text', text: LOG.toString('utf8') });
    // Then what the file is, as JSON.
    expect(JSON.parse(content.at(-1)!.text!)).toEqual(
      expect.objectContaining({ name: 'server.log', size: LOG.length, shownAs: 'text' }),
    );

    const saveAs = await bare.call('tracker_download_attachment', {
      issueId: 'DEMO-1',
      attachmentId: '902',
      saveAs: 'x.log',
    });
    expect(saveAs.isError).toBe(true);
    expect(saveAs.text).toContain(
      'saveAs: cannot be used: this server saves no files because YANDEX_TRACKER_DOWNLOAD_DIR is not set. Omit `saveAs`',
    );
  });

  it('names the attachments the issue does have when the id is wrong', async () => {
    const r = await t.call('tracker_download_attachment', { issueId: 'DEMO-1', attachmentId: '999' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- attachmentId: "999" is not an attachment of DEMO-1. Valid attachments: 901 (screen.png), 902 (server.log). Nothing was sent.',
    );
    const byName = await t.call('tracker_download_attachment', {
      issueId: 'DEMO-1',
      attachmentId: 'server.log',
    });
    expect(byName.isError).toBe(false);
    expect(byName.notes).toBe('converted: attachmentId "server.log" → 902 (server.log)');
  });
});

describe('tracker_get_attachment_thumbnail', () => {
  it('returns an image content for an image', async () => {
    const r = await t.call('tracker_get_attachment_thumbnail', { issueId: 'DEMO-1', attachmentId: '901' });
    expect(r.isError).toBe(false);
    const content = (r.raw as { content: Array<{ type: string; data?: string; mimeType?: string }> }).content;
    const image = content.find((c) => c.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    expect(Buffer.from(image.data!, 'base64').equals(PNG)).toBe(true);
    expect(r.json).toEqual(expect.objectContaining({ attachmentId: '901', name: 'screen.png' }));
  });

  it('says that only images have thumbnails', async () => {
    const r = await t.call('tracker_get_attachment_thumbnail', { issueId: 'DEMO-1', attachmentId: '902' });
    expect(r.isError).toBe(true);
    expect(r.text).toBe(
      'Attachment 902 (server.log, text/plain) has no thumbnail: only images have one. Download the file with tracker_download_attachment instead.',
    );
  });
});

describe('tracker_delete_attachment', () => {
  it('deletes the file and explains a second delete', async () => {
    const r = await t.call('tracker_delete_attachment', { issueId: 'DEMO-1', attachmentId: '902' });
    expect(r.isError).toBe(false);
    expect(r.json).toEqual({ deleted: true, issueId: 'DEMO-1', attachmentId: '902' });
    expect(attachmentsOf('DEMO-1').map((a) => a.id)).toEqual(['901']);
    const issue = t.emulator.state.issues.find((i) => i.key === 'DEMO-1')!;
    expect(t.emulator.state.changelog.filter((c) => c.issue === issue.id).map((c) => c.type)).toContain(
      'IssueAttachmentRemoved',
    );

    const again = await t.call('tracker_delete_attachment', { issueId: 'DEMO-1', attachmentId: '902' });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(
      '- attachmentId: "902" is not an attachment of DEMO-1. Valid attachments: 901 (screen.png). Nothing was sent.',
    );
  });
});

describe('emulator: temporary upload', () => {
  it('POST /v2/attachments stores a file with no issue (201), for attachmentIds of a later create', async () => {
    const form = new FormData();
    form.append('file', new Blob([LOG], { type: 'text/plain' }), 'temp.log');
    const response = await fetch(`${t.emulator.url}/v2/attachments?filename=temp.log`, {
      method: 'POST',
      headers: { authorization: `OAuth ${t.emulator.token}`, 'x-org-id': t.emulator.orgId },
      body: form,
    });
    expect(response.status).toBe(201);
    const json = (await response.json()) as { id: string; name: string; size: number };
    expect(json).toEqual(expect.objectContaining({ name: 'temp.log', size: LOG.length }));
    expect(t.emulator.state.attachments.find((a) => a.id === json.id)!.issue).toBeUndefined();
  });
});
