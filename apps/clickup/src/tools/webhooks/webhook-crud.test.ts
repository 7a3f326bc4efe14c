import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import { CreateWebhookTool } from './create-webhook.tool.ts';
import { DeleteWebhookTool } from './delete-webhook.tool.ts';
import { ListWebhooksTool } from './list-webhooks.tool.ts';
import { UpdateWebhookTool } from './update-webhook.tool.ts';

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
const json = (r: Result) => JSON.parse(r.content.at(-1)!.text!) as Record<string, unknown>;

describe('webhook tools', () => {
  let clickup: EmulatedClickUp;
  // The secrets of the webhooks made here are kept in the webhook store: a throwaway one.
  const dir = mkdtempSync(path.join(tmpdir(), 'clickup-webhook-crud-'));
  beforeAll(async () => {
    clickup = await emulatedClickUp({ CLICKUP_WEBHOOK_STORE: dir });
  });
  afterAll(async () => {
    await clickup.deps.webhookEvents?.close();
    await clickup.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates (the secret kept, not shown), lists without secrets, updates and deletes (the secret forgotten)', async () => {
    const created = json(
      await new CreateWebhookTool().run(
        {
          endpoint: 'https://mcp.example.com/webhooks/clickup',
          events: ['taskCreated', 'taskUpdated'],
          list_id: '901510000001',
        },
        clickup.ctx(),
      ),
    );
    const secret = clickup.emulator.state.webhooks.find((w) => w.id === created.id)!.secret;
    expect(created).toMatchObject({
      scope: 'list 901510000001',
      secretKept: true,
      note: expect.stringMatching(/kept the secret/),
    });
    expect(JSON.stringify(created)).not.toContain(secret);
    expect(await clickup.deps.webhookEvents!.secretOf(created.id as string)).toBe(secret);
    const listed = json(await new ListWebhooksTool().run({}, clickup.ctx()));
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(listed.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.id })]));

    const updated = json(
      await new UpdateWebhookTool().run(
        { webhook_id: created.id, endpoint: 'https://mcp.example.com/webhooks/clickup', events: ['*'] },
        clickup.ctx(),
      ),
    );
    expect(updated.events).toEqual(['*']);
    const deleted = await new DeleteWebhookTool().run({ webhook_id: created.id }, clickup.ctx());
    expect(deleted.isError).toBeFalsy();
    expect(json(deleted)).toMatchObject({ deleted: created.id, note: expect.stringMatching(/forgotten/) });
    expect(await clickup.deps.webhookEvents!.secretOf(created.id as string)).toBeUndefined();
    const after = json(await new ListWebhooksTool().run({}, clickup.ctx()));
    expect((after.items as { id: string }[]).some((w) => w.id === created.id)).toBe(false);
  });

  it('says so, without the secret, when the store cannot keep it', async () => {
    const store = clickup.deps.webhookEvents!;
    const broken = {
      ...store,
      keepSecret: (_id: string, secret: string) =>
        Promise.reject(new Error(`could not write ${secret}: disk full`)),
    };
    const result = await new CreateWebhookTool().run(
      { endpoint: 'https://broken.example.com/hook', events: ['taskCreated'] },
      clickup.ctx({ deps: { ...clickup.deps, webhookEvents: broken } }),
    );
    expect(result.isError).toBeFalsy();
    const created = json(result);
    const secret = clickup.emulator.state.webhooks.find((w) => w.id === created.id)!.secret;
    expect(created).toMatchObject({ secretKept: false });
    expect(created.note).toMatch(
      /could not keep its signing secret \(could not write \[secret\]: disk full\)/,
    );
    expect(created.note).toMatch(/Delete it with clickup_delete_webhook and create it again/);
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('refuses a plain-http endpoint and the same webhook twice, saying what to do', async () => {
    const insecure = await new CreateWebhookTool().run(
      { endpoint: 'http://mcp.example.com/hook', events: ['*'] },
      clickup.ctx(),
    );
    expect(insecure.isError).toBe(true);
    expect(JSON.stringify(insecure.content)).toMatch(/https/);
    const typo = await new CreateWebhookTool().run(
      { endpoint: 'https://typo.example.com/hook', events: ['taskCreatd'] },
      clickup.ctx(),
    );
    expect(typo.isError).toBe(true);
    expect(JSON.stringify(typo.content)).toMatch(
      /\\"taskCreatd\\" is not a webhook event. Did you mean taskCreated\?/,
    );
    const args = { endpoint: 'https://dup.example.com/hook', events: ['taskCreated'] as const };
    expect(
      (await new CreateWebhookTool().run({ ...args, events: [...args.events] }, clickup.ctx())).isError,
    ).toBeFalsy();
    const posts = () => clickup.emulator.requests.filter((r) => r.method === 'POST').length;
    const before = posts();
    const twice = await new CreateWebhookTool().run({ ...args, events: [...args.events] }, clickup.ctx());
    expect(twice.isError).toBe(true);
    // Refused before anything is sent, naming the webhook to change instead.
    expect(JSON.stringify(twice.content)).toMatch(
      /webhook [\w-]+ already posts to https:\/\/dup.example.com\/hook .*clickup_update_webhook/,
    );
    expect(posts()).toBe(before);
  });
});
