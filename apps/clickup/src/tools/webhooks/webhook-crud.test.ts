import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import { CreateWebhookTool } from './create-webhook.tool.ts';
import { DeleteWebhookTool } from './delete-webhook.tool.ts';
import { ListWebhooksTool } from './list-webhooks.tool.ts';
import { UpdateWebhookTool } from './update-webhook.tool.ts';

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
const json = (r: Result) => JSON.parse(r.content.at(-1)!.text!) as Record<string, unknown>;

describe('webhook tools', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  it('creates (the secret shown once), lists without secrets, updates and deletes a webhook', async () => {
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
    expect(created).toMatchObject({
      scope: 'list 901510000001',
      secret: expect.stringMatching(/^[0-9A-F]{16,}$/),
    });
    const listed = json(await new ListWebhooksTool().run({}, clickup.ctx()));
    expect(JSON.stringify(listed)).not.toContain(created.secret as string);
    expect(listed.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: created.id })]));

    const updated = json(
      await new UpdateWebhookTool().run(
        { webhook_id: created.id, endpoint: 'https://mcp.example.com/webhooks/clickup', events: ['*'] },
        clickup.ctx(),
      ),
    );
    expect(updated.events).toEqual(['*']);
    expect(
      (await new DeleteWebhookTool().run({ webhook_id: created.id }, clickup.ctx())).isError,
    ).toBeFalsy();
    const after = json(await new ListWebhooksTool().run({}, clickup.ctx()));
    expect((after.items as { id: string }[]).some((w) => w.id === created.id)).toBe(false);
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
    expect(JSON.stringify(typo.content)).toMatch(/unknown event \\"taskCreatd\\".*taskCreated/);
    const args = { endpoint: 'https://dup.example.com/hook', events: ['taskCreated'] as const };
    expect(
      (await new CreateWebhookTool().run({ ...args, events: [...args.events] }, clickup.ctx())).isError,
    ).toBeFalsy();
    const twice = await new CreateWebhookTool().run({ ...args, events: [...args.events] }, clickup.ctx());
    expect(twice.isError).toBe(true);
    expect(JSON.stringify(twice.content)).toMatch(/already exists.*update/i);
  });
});
