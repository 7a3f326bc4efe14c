/**
 * tracker_download_attachment without a download directory, through the MCP client on the
 * emulator: the file shown as what it is (attachment-content.ts) — an image as an image, text as
 * text (cut, and said, past MAX_TEXT_CHARS), anything else as an embedded file with a message —
 * and YANDEX_TRACKER_MAX_DOWNLOAD_BYTES enforced on the download itself, not only on the listed
 * size (core's `maxBodyBytes`, tested against a real streaming server in
 * packages/core/src/http/http-client.max-body.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';
import { MAX_TEXT_CHARS } from './attachment-content.ts';

const LIMIT = 60_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const LOG = Buffer.from('2026-11-21 10:00:01 ERROR lookup failed — повторите позже\n');
const LONG = Buffer.from('a line of a long log\n'.repeat(2500)); // 52 500 characters
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n', 'latin1');
const NOT_UTF8 = Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x00, 0x01]);

let t: TrackerHarness;

type Content = {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  resource?: { blob?: string; mimeType?: string };
};
const contentOf = (raw: unknown) => (raw as { content: Content[] }).content;

beforeAll(async () => {
  t = await startInProcess({ env: { YANDEX_TRACKER_MAX_DOWNLOAD_BYTES: String(LIMIT) } });
  const { state } = t.emulator;
  const issue = state.issues.find((i) => i.key === 'DEMO-5')!.id;
  const seed = (id: string, name: string, mimetype: string, content: Uint8Array, size = content.length) =>
    state.attachments.push({
      id,
      issue,
      name,
      mimetype,
      size,
      content,
      createdBy: 'bob',
      createdAt: '2026-11-02T10:00:00.000+0000',
    });
  seed('951', 'screen.png', 'image/png', PNG);
  seed('952', 'server.log', 'text/plain', LOG);
  seed('953', 'long.log', 'text/plain', LONG);
  seed('954', 'spec.pdf', 'application/pdf', PDF);
  seed('955', 'odd.txt', 'text/plain', NOT_UTF8);
  // Listed at 10 bytes, but the file is over the limit.
  seed('956', 'liar.bin', 'application/octet-stream', new Uint8Array(LIMIT + 1).fill(7), 10);
  seed('957', 'huge.png', 'image/png', new Uint8Array(LIMIT + 1).fill(8), 10);
  seed('958', 'exact.bin', 'application/octet-stream', new Uint8Array(LIMIT).fill(9));
}, 30_000);

afterAll(() => t?.close());

const download = (attachmentId: string) =>
  t.call('tracker_download_attachment', { issueId: 'DEMO-5', attachmentId });

describe('tracker_download_attachment shows the file as what it is', () => {
  it('an image as an image', async () => {
    const r = await download('951');
    expect(r.isError).toBe(false);
    expect(contentOf(r.raw)[0]).toEqual({
      type: 'image',
      data: PNG.toString('base64'),
      mimeType: 'image/png',
    });
    expect(r.text).toContain('"shownAs":"image"');
  });

  it('text as text', async () => {
    const r = await download('952');
    expect(contentOf(r.raw)[0]).toEqual({ type: 'text', text: LOG.toString('utf8') });
    expect(r.text).toContain('"shownAs":"text"');
  });

  it('long text cut at MAX_TEXT_CHARS, and the answer says so', async () => {
    const r = await download('953');
    const shown = contentOf(r.raw)[0]!;
    expect(shown.text).toHaveLength(MAX_TEXT_CHARS);
    expect(r.text).toContain(`Only the first ${MAX_TEXT_CHARS} of its ${LONG.length} characters are shown`);
  });

  it('anything else as an embedded file, with a message saying why', async () => {
    for (const [id, type, bytes] of [
      ['954', 'application/pdf', PDF],
      ['955', 'text/plain', NOT_UTF8], // labelled text, but not UTF-8
    ] as const) {
      const r = await download(id);
      const resource = contentOf(r.raw).find((c) => c.type === 'resource')!.resource!;
      expect(resource.mimeType).toBe(type);
      expect(Buffer.from(resource.blob!, 'base64').equals(bytes)).toBe(true);
      expect(r.text).toContain('cannot be shown as text or an image');
      expect(r.text).toContain('YANDEX_TRACKER_DOWNLOAD_DIR');
    }
  });
});

describe('YANDEX_TRACKER_MAX_DOWNLOAD_BYTES on the download itself', () => {
  it('refuses a file whose download is over the limit although its listed size is not', async () => {
    const r = await download('956');
    expect(r.isError).toBe(true);
    expect(r.text).toBe(
      `Attachment 956 (liar.bin) is ${LIMIT + 1} bytes (58.6 KiB), more than this server returns: ${LIMIT} bytes (YANDEX_TRACKER_MAX_DOWNLOAD_BYTES). Open it in Tracker instead, or ask the operator to raise YANDEX_TRACKER_MAX_DOWNLOAD_BYTES.`,
    );
    // Asked once: the refusal is not retried.
    const gets = t.emulator.requests.filter((q) => q.path.endsWith('/attachments/956/liar.bin'));
    expect(gets).toHaveLength(1);
  });
});

describe('YANDEX_TRACKER_MAX_DOWNLOAD_BYTES, at the edges', () => {
  it('takes a file of exactly the limit', async () => {
    const r = await download('958');
    expect(r.isError).toBe(false);
    const resource = contentOf(r.raw).find((c) => c.type === 'resource')!.resource!;
    expect(Buffer.from(resource.blob!, 'base64')).toHaveLength(LIMIT);
  });

  it('holds for a thumbnail too', async () => {
    const r = await t.call('tracker_get_attachment_thumbnail', { issueId: 'DEMO-5', attachmentId: '957' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(`Attachment 957 (huge.png) is ${LIMIT + 1} bytes`);
  });
});
