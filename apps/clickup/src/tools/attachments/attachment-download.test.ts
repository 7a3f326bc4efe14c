/**
 * A task's attachments listed and read through the MCP SDK's client, against the emulator (which
 * serves each file at its `url`, on its own host): an image answered as MCP image content, a text
 * file as text; a PDF, a file larger than CLICKUP_DOWNLOAD_MAX_BYTES (by the task's word, or by what
 * the host sends) refused saying why and what the limit is, nothing of it read; an unknown id
 * answered with the task's attachments. Downloads go to ClickUp's attachment hosts or the API's
 * origin only, and follow no redirect (a real server on 127.0.0.1).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { allowedDownload, downloadBytes, type AttachmentInfo } from './attachment-download.ts';

const LIMIT = 4096;
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({
    args: ['--toolsets', 'attachments'],
    env: { CLICKUP_DOWNLOAD_MAX_BYTES: String(LIMIT) },
  });
});
afterAll(() => clickup.close());

const taskId = () => clickup.emulator.state.tasks.find((t) => t.customId === 'DEV-1')!.id;
function attach(id: string, title: string, mimetype: string, bytes: Uint8Array, size = bytes.length) {
  clickup.emulator.state.attachments.push({
    id,
    taskId: taskId(),
    title,
    extension: title.split('.').pop()!,
    mimetype,
    size,
    userId: clickup.emulator.state.me,
    date: Date.UTC(2026, 10, 1),
    bytes,
  });
}
beforeEach(() => {
  clickup.emulator.reset();
  attach('a1.png', 'screen.png', 'image/png', PNG);
  attach('a2.md', 'notes.md', 'text/markdown', new TextEncoder().encode('# Notes\n\nShip it.'));
  attach('a3.pdf', 'spec.pdf', 'application/pdf', new Uint8Array(10));
  attach('a4.txt', 'big.log', 'text/plain', new Uint8Array(LIMIT + 1));
  // The task says 10 bytes; the host sends more than the limit.
  attach('a5.txt', 'liar.txt', 'text/plain', new Uint8Array(LIMIT * 2).fill(65), 10);
});
const downloads = (mark: number) =>
  clickup.emulator.requests.slice(mark).filter((r) => r.path.startsWith('/attachments/'));

describe('clickup_get_attachments', () => {
  it("lists a task's files by custom id", async () => {
    const listed = await clickup.call('clickup_get_attachments', { task_id: 'DEV-1' });
    expect(listed.isError).toBe(false);
    expect((listed.json as { items: unknown[] }).items).toEqual([
      { id: 'a1.png', title: 'screen.png', type: 'image/png', size: 12, date: '2026-11-01T00:00:00.000Z' },
      expect.objectContaining({ id: 'a2.md', title: 'notes.md', type: 'text/markdown' }),
      expect.objectContaining({ id: 'a3.pdf', type: 'application/pdf', size: 10 }),
      expect.objectContaining({ id: 'a4.txt', size: LIMIT + 1 }),
      expect.objectContaining({ id: 'a5.txt', size: 10 }),
    ]);
  });
});

describe('clickup_get_attachment', () => {
  it('answers an image as MCP image content, downloaded from the emulator host', async () => {
    const mark = clickup.emulator.requests.length;
    const result = await clickup.connection.client.callTool({
      name: 'clickup_get_attachment',
      arguments: { task_id: 'DEV-1', attachment_id: 'a1.png' },
    });
    expect(result.isError).toBeFalsy();
    const image = (result.content as { type: string; data?: string; mimeType?: string }[]).find(
      (c) => c.type === 'image',
    );
    expect(image).toEqual({
      type: 'image',
      data: Buffer.from(PNG).toString('base64'),
      mimeType: 'image/png',
    });
    const [download] = downloads(mark);
    expect(download?.headers['authorization']).toBeUndefined(); // the API token stays with the API
  });

  it('answers a text file as text, named by its title', async () => {
    const result = await clickup.call('clickup_get_attachment', {
      task_id: 'DEV-1',
      attachment_id: 'notes.md',
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({ id: 'a2.md', title: 'notes.md', type: 'text/markdown', size: 17 });
    expect(result.text).toContain('# Notes\n\nShip it.');
  });

  it('refuses a type no client shows, and a file over the limit, before reading it', async () => {
    const mark = clickup.emulator.requests.length;
    const pdf = await clickup.call('clickup_get_attachment', { task_id: 'DEV-1', attachment_id: 'a3.pdf' });
    expect(pdf.isError).toBe(true);
    expect(pdf.text).toContain(
      '"spec.pdf" is application/pdf, 10 bytes: only images (PNG, JPEG, GIF, WebP) and text files can be shown here. Open it in ClickUp: http',
    );
    const big = await clickup.call('clickup_get_attachment', { task_id: 'DEV-1', attachment_id: 'a4.txt' });
    expect(big.isError).toBe(true);
    expect(big.text).toContain(
      `"big.log" is ${LIMIT + 1} bytes (0.00 MiB), more than the ${LIMIT} bytes (0.00 MiB, CLICKUP_DOWNLOAD_MAX_BYTES) this server downloads.`,
    );
    expect(downloads(mark)).toEqual([]);
  });

  it('stops a download whose host sends more than the limit', async () => {
    const result = await clickup.call('clickup_get_attachment', {
      task_id: 'DEV-1',
      attachment_id: 'a5.txt',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(`"liar.txt" is ${LIMIT * 2} bytes than the ${LIMIT} bytes`);
    expect(result.text).toContain('the download was stopped');
  });

  it("answers an unknown attachment with the task's attachments", async () => {
    const result = await clickup.call('clickup_get_attachment', { task_id: 'DEV-1', attachment_id: 'nope' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'Task DEV-1 has no attachment "nope". Its attachments: a1.png (screen.png), a2.md',
    );
  });
});

describe('where downloads come from', () => {
  it("takes ClickUp's attachment hosts over https and the API's origin, nothing else", () => {
    const api = 'http://127.0.0.1:4011/api/v2';
    expect(allowedDownload('https://t9015.p.clickup-attachments.com/t9015/a/b.png', api)).toBe(true);
    expect(allowedDownload('http://127.0.0.1:4011/attachments/t9015/a/b.png', api)).toBe(true);
    expect(allowedDownload('http://t9015.p.clickup-attachments.com/a', api)).toBe(false);
    expect(allowedDownload('https://clickup-attachments.com.evil.example/a', api)).toBe(false);
    expect(allowedDownload('https://evil.example/t9015.p.clickup-attachments.com/a', api)).toBe(false);
    expect(allowedDownload('http://127.0.0.1:9999/a', api)).toBe(false);
    expect(allowedDownload('not a url', api)).toBe(false);
  });

  describe('a host that redirects', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        response.writeHead(302, { location: 'https://evil.example/file' }).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/f.png`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('is not followed', async () => {
      const info: AttachmentInfo = { id: 'x', title: 'f.png', mimetype: 'image/png', size: 1, url };
      await expect(downloadBytes(info, LIMIT, new AbortController().signal)).rejects.toThrow(
        'The attachment host answered with a redirect (HTTP 302); the server follows none.',
      );
    });
  });
});
