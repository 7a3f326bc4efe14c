import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import { knowledgeTools } from './index.ts';

describeAreaDefinitions('knowledge', knowledgeTools);

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';

describe('clickup_search_knowledge over the pack', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());
  const [tool] = knowledgeTools();
  const run = (args: Record<string, unknown>) => tool!.run(args, clickup.ctx()) as Promise<Result>;

  it('answers the API error an agent got with the anti-pattern that explains it, without calling the API', async () => {
    const before = clickup.emulator.requests.length;
    const result = await run({
      query: '400 {"err":"Value must be an option index or uuid","ECODE":"FIELD_011"}',
    });
    expect(result.isError).toBeFalsy();
    const { results } = JSON.parse(last(result)) as { results: { entityType: string; entityId: string }[] };
    expect(results.slice(0, 5).map((r) => `${r.entityType}:${r.entityId}`)).toContain(
      'pattern:dropdown-label-as-value',
    );
    expect(clickup.emulator.requests.length).toBe(before);
  }, 60_000);

  it('filters by kind of entry and refuses an unknown kind with the valid ones', async () => {
    const examples = JSON.parse(last(await run({ query: 'custom task id', type: ['example'] }))) as {
      results: { entityType: string }[];
    };
    expect(examples.results.length).toBeGreaterThan(0);
    for (const hit of examples.results) expect(hit.entityType).toBe('example');
    const bad = await run({ query: 'custom task id', type: ['recipe'] });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('"pattern"');
  }, 60_000);
});
