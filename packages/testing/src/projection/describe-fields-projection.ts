/**
 * `fields` lands where the data is, for every registered tool that takes it — the suite both servers
 * declare. A list answer keeps `items` and projects each item, a batch answer keeps `successful` and
 * projects each entry, a single object is projected itself; no tool says where its items are (core's
 * list results carry their root, a tool that rebuilds one marks it again with `withProjectionRoot`).
 * Each tool is called through the server's real MCP client with its first valid call: as it is, then
 * naming a field no item has (core's `Note: …` lists the fields there are), then naming the first
 * of those — the records must keep that field and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/client';

type Json = Record<string, unknown>;

/** What the suite starts once: a client of the server, a way to give each call a fresh seed. */
export interface FieldsProjectionSubject {
  readonly client: Pick<Client, 'callTool'>;
  /** Puts the emulator back on its seed before a call (plus whatever `name`'s valid call needs). */
  reset(name: string): void;
  close(): Promise<void>;
}

export interface FieldsProjectionSuite {
  /** The server's tools (`createRegistry().list()`): those whose schema takes `fields` are tried. */
  readonly tools: readonly { readonly name: string; getParamsSchema(): unknown }[];
  /** The first valid call of a tool (the adversary's valid calls). */
  validCall(name: string): Record<string, unknown> | undefined;
  start(): Promise<FieldsProjectionSubject>;
}

/** Where the data of an answer is: its `items`, its `successful` entries, or the answer itself. */
export function recordsOf(answer: Record<string, unknown>): {
  root: string;
  records: Record<string, unknown>[];
} {
  for (const root of ['items', 'successful'])
    if (Array.isArray(answer[root])) return { root, records: answer[root] as Json[] };
  return { root: '(the answer)', records: [answer] };
}

/** Declares the suite `title`; call at the top level of a test file. */
export function describeFieldsProjection(title: string, suite: FieldsProjectionSuite): void {
  const takesFields = suite.tools
    .filter((tool) => {
      const shape = (tool.getParamsSchema() as { shape?: object }).shape;
      return shape !== undefined && Object.hasOwn(shape, 'fields');
    })
    .map((tool) => tool.name)
    .sort();
  let subject: FieldsProjectionSubject;

  /** The call on a fresh seed: its data (the last block) and core's `Note: …` after it, if any. */
  async function call(name: string, args: Json): Promise<{ data: Json; note: string | undefined }> {
    subject.reset(name);
    const result = (await subject.client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { text?: string }[];
    };
    const last = result.content.at(-1)?.text ?? '';
    expect({ name, isError: result.isError === true, last }).toMatchObject({ isError: false });
    const [data, note] = last.split('\n\nNote: ');
    return { data: JSON.parse(data!) as Json, note };
  }

  describe(title, () => {
    beforeAll(async () => {
      subject = await suite.start();
    });
    afterAll(() => subject?.close());

    it('finds the tools that take fields in the registry', () => {
      expect(takesFields.length).toBeGreaterThan(0);
    });

    it.each(takesFields)('%s', async (name) => {
      const valid = suite.validCall(name);
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
      expect(
        projected.records.flatMap((record) => Object.keys(record).filter((key) => key !== field)),
      ).toEqual([]);
      expect(projected.records.some((record) => Object.hasOwn(record, field!))).toBe(true);
    });
  });
}
