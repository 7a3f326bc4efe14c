/**
 * The Tracker server's resources and prompt, through a real client against the emulator:
 * reference data as resources, queue keys completed, the triage prompt filled from the issue, and
 * the queue allow-list applied as the tools apply it.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../e2e/__fixtures__/tracker-fixture.ts';
import { createPrompts, createResources } from './index.ts';

let t: TrackerHarness | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A JSON-RPC error as the SDK client throws it. */
type ProtocolError = Error & { code: number };

const json = (result: { contents: unknown[] }) => JSON.parse((result.contents[0] as { text: string }).text);

describe('Tracker resources and prompts', () => {
  it('generate the definitions in the snapshot', () => {
    expect([...createResources(), ...createPrompts()].map((item) => item.getDefinition())).toMatchSnapshot();
  });

  it('lists the reference data and one fields/workflow resource per queue', async () => {
    t = await startInProcess();
    const { client } = t.connection;
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        'tracker://priorities',
        'tracker://queues',
        'tracker://queues/WEB/fields',
        'tracker://queues/DEMO/workflow',
      ]),
    );
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate);
    expect(templates).toEqual(['tracker://queues/{queue}/fields', 'tracker://queues/{queue}/workflow']);
  });

  it('reads priorities, queues, a queue’s fields and its workflow', async () => {
    t = await startInProcess();
    const { client } = t.connection;
    expect(json(await client.readResource({ uri: 'tracker://priorities' })).items[0]).toMatchObject({
      key: expect.any(String),
    });
    expect(
      json(await client.readResource({ uri: 'tracker://queues' })).items.map((q: { key: string }) => q.key),
    ).toEqual(['DEMO', 'OPS', 'WEB']);
    const fields = json(await client.readResource({ uri: 'tracker://queues/WEB/fields' }));
    expect(fields.queue).toBe('WEB');
    expect(fields.items.length).toBeGreaterThan(3);
    const workflow = json(await client.readResource({ uri: 'tracker://queues/DEMO/workflow' }));
    expect(workflow.statuses.map((s: { key: string }) => s.key)).toContain('inProgress');
    const bad = await client.readResource({ uri: 'tracker://queues/web/fields' }).catch((e: unknown) => e);
    expect((bad as ProtocolError).code).toBe(-32602);
    expect((bad as ProtocolError).message).toContain('Use the queue key in upper case, e.g. "DEMO".');
  });

  it('completes queue keys', async () => {
    t = await startInProcess();
    const completion = await t.connection.client.complete({
      ref: { type: 'ref/resource', uri: 'tracker://queues/{queue}/workflow' },
      argument: { name: 'queue', value: 'd' },
    });
    expect(completion.completion.values).toEqual(['DEMO']);
  });

  it('fills the triage prompt from the issue', async () => {
    t = await startInProcess();
    const { messages } = await t.connection.client.getPrompt({
      name: 'triage_issue',
      arguments: { issueId: 'WEB-1', goal: 'assign' },
    });
    const text = (messages[0]!.content as { text: string }).text;
    expect(text).toContain('Triage Yandex Tracker issue WEB-1');
    expect(text).toContain('"key": "WEB-1"');
    expect(text).toContain('Propose an assignee');
  });

  it('applies the queue allow-list to resources, completions and the prompt', async () => {
    t = await startInProcess({ env: { YANDEX_TRACKER_QUEUES: 'WEB' } });
    const { client } = t.connection;
    expect((await client.listResources()).resources.map((r) => r.uri)).not.toContain(
      'tracker://queues/DEMO/fields',
    );
    const refused = await client
      .readResource({ uri: 'tracker://queues/DEMO/fields' })
      .catch((e: unknown) => e);
    expect((refused as ProtocolError).message).toContain("outside this server's allowed queues (WEB)");
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'tracker://queues/{queue}/fields' },
      argument: { name: 'queue', value: '' },
    });
    expect(completion.completion.values).toEqual(['WEB']);
    const prompt = await client
      .getPrompt({ name: 'triage_issue', arguments: { issueId: 'DEMO-1' } })
      .catch((e: unknown) => e);
    expect((prompt as ProtocolError).message).toContain('outside this server');
  });
});
