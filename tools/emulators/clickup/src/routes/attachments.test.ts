/**
 * Attachments: an upload answered with its `url` on the emulator's own origin (as ClickUp answers one
 * on its attachment host), the file served there without the API token, with its type and length;
 * the task lists it with the same url; an unknown file is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
});
afterAll(() => clickup.close());

const taskId = () => clickup.state.tasks.find((t) => t.customId === 'DEV-1')!.id;

describe('attachment files', () => {
  it('serves an uploaded file at its url, on the emulator host, without the token', async () => {
    const form = new FormData();
    form.append('attachment', new Blob(['hello'], { type: 'text/plain' }), 'hi.txt');
    const uploaded = await fetch(`${clickup.url}/task/${taskId()}/attachment`, {
      method: 'POST',
      headers: { authorization: clickup.token },
      body: form,
    });
    const attachment = (await uploaded.json()) as { id: string; url: string };
    expect(attachment.url).toBe(`${clickup.origin}/attachments/t9015/${attachment.id}/hi.txt`);

    const file = await fetch(attachment.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/plain');
    expect(file.headers.get('content-length')).toBe('5');
    expect(await file.text()).toBe('hello');

    const task = await fetch(`${clickup.url}/task/${taskId()}`, {
      headers: { authorization: clickup.token },
    });
    const { attachments } = (await task.json()) as { attachments: { url: string }[] };
    expect(attachments.map((a) => a.url)).toEqual([attachment.url]);
  });

  it('answers 404 for a file it does not have', async () => {
    expect((await fetch(`${clickup.origin}/attachments/t9015/nope/x.txt`)).status).toBe(404);
  });
});
