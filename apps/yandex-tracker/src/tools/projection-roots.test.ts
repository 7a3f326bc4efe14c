/**
 * `fields` lands where the data is, for every registered tool that takes it: a list answer keeps
 * `items` and projects each item, a batch answer keeps `successful` and projects each entry, a single
 * object is projected itself. No tool says where its items are (no projectionRoot() override): core's
 * list results carry their root, and a tool that rebuilds one marks it again (withProjectionRoot).
 * Each tool is called through the real MCP client, against the emulator on a fresh seed, with its
 * first valid call (e2e/__fixtures__/valid-calls.ts): as it is, then naming a field no item has (the
 * answer's note lists the fields there are), then naming the first of those. The seed has no local
 * field, so OPS gets one (a list with nothing in it shows no projection).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../e2e/__fixtures__/tracker-fixture.ts';
import { addSeedExtras, VALID_CALLS } from '../e2e/__fixtures__/valid-calls.ts';
import { createRegistry } from '../server.ts';

type Json = Record<string, unknown>;

const takesFields = createRegistry()
  .list()
  .filter((tool) => Object.hasOwn((tool.getParamsSchema() as { shape: object }).shape, 'fields'))
  .map((tool) => tool.name)
  .sort();

/** Where the data of an answer is: its `items`, its `successful` entries, or the answer itself. */
function recordsOf(answer: Json): { root: string; records: Json[] } {
  for (const root of ['items', 'successful'])
    if (Array.isArray(answer[root])) return { root, records: answer[root] as Json[] };
  return { root: '(the answer)', records: [answer] };
}

let h: TrackerHarness;
beforeAll(async () => {
  h = await startInProcess();
});
afterAll(() => h.close());

/** The call on a fresh seed: its data (the last block) and core's `Note: …` after it, if any. */
async function call(name: string, args: Json): Promise<{ data: Json; note: string | undefined }> {
  h.emulator.reset();
  addSeedExtras(h.emulator.state);
  const ops = h.emulator.state.queues.find((queue) => queue.key === 'OPS')!;
  ops.localFields.push({
    id: `${ops.id.toString(16).padStart(24, '0')}--release`,
    key: 'release',
    name: 'Release',
    type: 'ru.yandex.startrek.core.fields.DateFieldType',
    category: '000000000000000000000001',
  });
  const result = (await h.connection.client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text?: string }[];
  };
  const last = result.content.at(-1)?.text ?? '';
  expect({ name, isError: result.isError === true, last }).toMatchObject({ isError: false });
  const [data, note] = last.split('\n\nNote: ');
  return { data: JSON.parse(data!) as Json, note };
}

describe('fields projects the items of every Tracker tool that takes it', () => {
  it('finds the tools that take fields in the registry', () => {
    expect(takesFields.length).toBeGreaterThan(0);
  });

  it.each(takesFields)('%s', async (name) => {
    const [valid] = VALID_CALLS[name] ?? [];
    expect(valid).toBeDefined();
    const { fields: _fields, ...args } = valid!;
    const whole = recordsOf((await call(name, args)).data);
    expect(whole.records.length).toBeGreaterThan(0);

    const probe = await call(name, { ...args, fields: ['no_such_field'] });
    expect(recordsOf(probe.data).root).toBe(whole.root);
    const available = /Available fields: (.*)\.$/.exec(probe.note ?? '')?.[1]?.split(', ') ?? [];
    const field = available.find((path) => !path.includes('.'));
    expect(field).toBeDefined();

    const projected = recordsOf((await call(name, { ...args, fields: [field!] })).data);
    expect(projected.root).toBe(whole.root);
    expect(projected.records).toHaveLength(whole.records.length);
    // Each record keeps the field named, and nothing else.
    expect(projected.records.flatMap((record) => Object.keys(record).filter((key) => key !== field))).toEqual(
      [],
    );
    expect(projected.records.some((record) => Object.hasOwn(record, field!))).toBe(true);
  });
});
