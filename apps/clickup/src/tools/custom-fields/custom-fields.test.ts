import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import { customFieldTools } from './index.ts';
import { ListCustomFieldsTool } from './list-custom-fields.tool.ts';
import { RemoveCustomFieldValueTool } from './remove-custom-field-value.tool.ts';
import { SetCustomFieldValueTool } from './set-custom-field-value.tool.ts';

// The first guarded call starts the knowledge sandbox (a host process): seconds on a busy machine.
jest.setTimeout(30_000);

describeAreaDefinitions('custom fields', customFieldTools);

const SPRINT = '901510000001';
type Result = { isError?: boolean; content: { type: string; text?: string }[] };
const json = (r: Result) => JSON.parse(r.content.at(-1)!.text!) as Record<string, unknown>;

describe('custom field tools', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  it("lists a list's fields with their options by name", async () => {
    const { fields } = json(await new ListCustomFieldsTool().run({ list_id: SPRINT }, clickup.ctx())) as {
      fields: { name: string; type: string; options?: { name: string }[] }[];
    };
    const priority = fields.find((f) => f.name === 'Priority Level');
    expect(priority).toMatchObject({ type: 'drop_down' });
    expect(priority?.options?.map((o) => o.name)).toEqual(['High', 'Medium', 'Low']);
    expect(fields.find((f) => f.name === 'Components')?.options?.map((o) => o.name)).toEqual([
      'API',
      'UI',
      'Docs',
    ]);
  });

  it('merges labels unless told to replace them', async () => {
    const set = (value: string[], labels?: 'merge' | 'replace') =>
      new SetCustomFieldValueTool().run(
        { task_id: 'DEV-2', field_id: 'Components', value, ...(labels ? { labels } : {}) },
        clickup.ctx(),
      );
    expect((await set(['API'])).isError).toBeFalsy();
    const merged = json(await set(['UI']));
    expect((merged.field as { value: string[] }).value.sort()).toEqual(['API', 'UI']);
    const replaced = json(await set(['Docs'], 'replace'));
    expect((replaced.field as { value: string[] }).value).toEqual(['Docs']);
  });

  it('adds what the pack knows to an API refusal the validators let through (FIELD_011)', async () => {
    // the validators accept the option by name and convert it; here the API still answers FIELD_011
    clickup.emulator.faults.add({
      kind: 'status',
      status: 400,
      path: '/api/v2/task/:id/field/:field_id',
      json: { err: 'Value must be an option index or uuid', ECODE: 'FIELD_011' },
    });
    const refused = await new SetCustomFieldValueTool().run(
      { task_id: 'DEV-2', field_id: 'Priority Level', value: 'High' },
      clickup.ctx(),
    );
    expect(refused.isError).toBe(true);
    const text = refused.content.map((c) => (c as { text?: string }).text ?? '').join('\n');
    expect(text).toContain('FIELD_011');
    expect(text).toContain('What the knowledge says about it:');
    // entries about drop-down values (the label, the orderindex, the write form), with their ids
    expect(text).toMatch(/- \[(pattern|quirk|api) [\w.-]*drop_?down[\w.-]*\]/);
    // bounded: the hints stay within HINT_TOKENS (300 tokens ≈ 1,200 characters)
    expect(text.slice(text.indexOf('What the knowledge says about it:')).length).toBeLessThan(1_400);
  });

  it('clears a value by field id or by name (the name announced), on a task given by custom id', async () => {
    const fields = json(await new ListCustomFieldsTool().run({ list_id: SPRINT }, clickup.ctx())) as {
      fields: { id: string; name: string }[];
    };
    const components = fields.fields.find((f) => f.name === 'Components')!;
    const cleared = await new RemoveCustomFieldValueTool().run(
      { task_id: 'DEV-2', field_id: components.id },
      clickup.ctx(),
    );
    expect(cleared.isError).toBeFalsy();
    const byName = await new RemoveCustomFieldValueTool().run(
      { task_id: 'DEV-2', field_id: 'Components' },
      clickup.ctx(),
    );
    expect(byName.isError).toBeFalsy();
    expect((byName as Result).content[0]!.text).toBe(
      `converted: field_id "Components" → ${components.id} (Components)`,
    );
    expect(clickup.emulator.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: expect.stringContaining(`/field/${components.id}`),
    });
    const elsewhere = await new RemoveCustomFieldValueTool().run(
      { task_id: 'DEV-2', field_id: 'Budget' },
      clickup.ctx(),
    );
    expect(elsewhere.isError).toBe(true);
    expect(JSON.stringify(elsewhere.content)).toMatch(
      /\\"Budget\\" is not a custom field of list \\"Sprint 1\\" \(the list of task DEV-2\)/,
    );
  });
});
