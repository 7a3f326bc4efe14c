/**
 * The ClickUp pack's validators with call context, through the real loader, sandbox and validation
 * helper: the context objects have the shapes of the API (research §2.4–§2.6, §3) and of the GET
 * task fixture (`derived/section-3-get-task-every-custom-field-type.json`) — list statuses, the
 * list's custom fields with their options, the workspace members, the authorized user.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createSandboxPool,
  loadToolDefinition,
  ToolHelperExecutor,
  ToolValidationHelper,
  type SandboxPool,
} from '@toolsmith/executable-knowledge';
import { findPackDir } from './pack-location.ts';

const PACK_DIR = findPackDir();
const task = JSON.parse(
  readFileSync(
    path.join(PACK_DIR, '__fixtures__/derived/section-3-get-task-every-custom-field-type.json'),
    'utf8',
  ),
) as { custom_fields: Record<string, unknown>[]; assignees: Record<string, unknown>[] };

/** GET /list/{list_id}. */
const list = {
  id: '901102008938',
  name: 'Clientes',
  statuses: [
    { id: 'p9011_s1', status: 'to do', type: 'open', orderindex: 0, color: '#d3d3d3' },
    { id: 'p9011_s2', status: 'in progress', type: 'custom', orderindex: 1, color: '#7C4DFF' },
    { id: 'p9011_s3', status: 'In Review', type: 'custom', orderindex: 2, color: '#f9d900' },
    { id: 'p9011_s4', status: 'complete', type: 'closed', orderindex: 3, color: '#6bc950' },
  ],
};
/** GET /list/{list_id}/field: the fixture task's field definitions, without values. */
const customFields = { fields: task.custom_fields.map(({ value: _value, ...definition }) => definition) };
/** GET /team → members (the fixture's assignees, plus a namesake). */
const members = [
  ...task.assignees.map((user) => ({ user })),
  { user: { id: 812, username: 'John', email: 'john.smith@company.com' } },
];
/** GET /user. */
const user = { user: { id: 456, username: 'Ana', email: 'ana@company.com' } };
const context = { list, custom_fields: customFields, members, user };

const MARKETING = '00000000-0000-4000-8000-00000000000b';
const LABELS = '00000000-0000-4000-8000-00000000000d';

let pool: SandboxPool;
let validation: ToolValidationHelper;
beforeAll(async () => {
  const definition = await loadToolDefinition(path.join(PACK_DIR, 'clickup.tool.yaml'));
  pool = createSandboxPool({ size: 2 });
  validation = new ToolValidationHelper(definition, new ToolHelperExecutor(definition, pool));
}, 30_000);
afterAll(() => pool.close());

const messages = (result: { errors: { field: string; message: string }[] }) =>
  result.errors.map((e) => `${e.field}: ${e.message}`);

describe('ClickUp validators with call context', () => {
  it('declare what they need', () => {
    expect(validation.contextFor('create_task')).toEqual(['list', 'custom_fields', 'members', 'user']);
    expect(validation.contextFor('update_task')).toEqual(['list', 'members', 'user']);
    expect(validation.contextFor('set_custom_field_value')).toEqual(['custom_fields']);
    expect(validation.contextFor('get_task')).toEqual([]);
  });

  it('create_task: converts status case, user references, field names and option labels', async () => {
    const args = {
      list_id: '901102008938',
      name: 'Site visit',
      status: 'in review',
      assignees: ['me', 'john@company.com', '183'],
      custom_fields: [
        { id: 'marketing task type', value: 'Content' },
        { name: 'Labels', value: ['Bug', 'c2'] },
      ],
    };
    const result = await validation.validate('create_task', args, { context });
    expect(result.errors).toEqual([]);
    expect(result.conversions?.map((c) => [c.path, c.from, c.to, c.reason])).toEqual([
      ['status', 'in review', 'In Review', 'case fixed'],
      ['assignees[0]', 'me', 456, 'the authorized user'],
      ['assignees[1]', 'john@company.com', 183, 'email → user id'],
      ['assignees[2]', '183', 183, 'user ids are integers'],
      ['custom_fields[0].id', 'marketing task type', MARKETING, 'field "Marketing Task Type" → its id'],
      [
        'custom_fields[0].value',
        'Content',
        '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e02',
        'option "Content" of "Marketing Task Type" → its id',
      ],
      [
        'custom_fields[1]',
        { name: 'Labels', value: ['Bug', 'c2'] },
        { id: LABELS, value: ['Bug', 'c2'] },
        'field "Labels" → its id',
      ],
      ['custom_fields[1].value[0]', 'Bug', 'c1', 'option "Bug" of "Labels" → its id'],
    ]);
    expect(result.input).toEqual({
      list_id: '901102008938',
      name: 'Site visit',
      status: 'In Review',
      assignees: [456, 183, 183],
      custom_fields: [
        { id: MARKETING, value: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e02' },
        { id: LABELS, value: ['c1', 'c2'] },
      ],
    });
    expect(args.assignees).toEqual(['me', 'john@company.com', '183']); // the input is not mutated
  });

  it('create_task: refuses what the context does not know, naming what exists, and converts nothing', async () => {
    const result = await validation.validate(
      'create_task',
      {
        list_id: '901102008938',
        name: 'Site visit',
        status: 'review',
        assignees: ['Ana', 'John', 'zoe@company.com', 999],
        custom_fields: [
          { id: 'Marketing Type', value: 'Campaign' },
          { id: '11111111-2222-4333-8444-555555555555', value: 'x' },
          { id: LABELS, value: ['Bugs'] },
        ],
      },
      { context },
    );
    expect(result.valid).toBe(false);
    expect(result.conversions).toBeUndefined();
    expect(messages(result)).toEqual([
      'status: Status "review" does not exist in list "Clientes" (901102008938) (ClickUp answers ITEM_114 "Status does not exist"): use one of "to do", "in progress", "In Review", "complete". Did you mean "In Review"?',
      'assignees[1]: "John" names 2 members: John (183, john@company.com), John (812, john.smith@company.com). Send the id of the one you mean.',
      'assignees[2]: No member of this workspace has the email "zoe@company.com". Members: John (183, john@company.com), Ana (456, ana@company.com), John (812, john.smith@company.com).',
      'assignees[3]: User 999 is not a member of this workspace. Members: John (183, john@company.com), Ana (456, ana@company.com), John (812, john.smith@company.com).',
      expect.stringMatching(
        /^custom_fields\[0\]\.id: No custom field "Marketing Type" in list "Clientes" \(901102008938\)\. Did you mean "Marketing Task Type"\? Its fields: /,
      ),
      expect.stringMatching(
        /^custom_fields\[1\]\.id: Custom field 11111111-2222-4333-8444-555555555555 is not accessible in list "Clientes" \(901102008938\) \(ClickUp answers FIELD_115 "Custom field does not exist in the task location hierarchy"\)\. Its fields: "Notes", "Código", /,
      ),
      'custom_fields[2].value[0]: Custom field "Labels" has no option "Bugs": use one of "Bug", "Feature". Did you mean "Bug"? Options cannot be created through the API.',
    ]);
  });

  it('update_task: resolves {add, rem} references, and refuses a flat array showing {add, rem} with the ids', async () => {
    const ok = await validation.validate(
      'update_task',
      { task_id: '86b4bnnny', status: 'COMPLETE', assignees: { add: ['me'], rem: ['john@company.com'] } },
      { context: { list, members, user } },
    );
    expect(ok.errors).toEqual([]);
    expect(ok.input).toEqual({
      task_id: '86b4bnnny',
      status: 'complete',
      assignees: { add: [456], rem: [183] },
    });

    const flat = await validation.validate(
      'update_task',
      { task_id: '86b4bnnny', assignees: ['me', 'john@company.com'] },
      { context: { list, members, user } },
    );
    expect(flat.valid).toBe(false);
    expect(flat.conversions).toBeUndefined();
    expect(flat.errors[0]?.message).toContain(
      'Update Task takes assignees as {"add": [...], "rem": [...]}; a flat array returns 200 and is ignored (or lands in the watchers). Send {"add":[456,183],"rem":[]}',
    );
    expect(flat.errors[0]?.antiPattern?.id).toBe('flat-assignees-on-update');
  });

  it('set_custom_field_value: field by name, its type from the definition, labels to option ids', async () => {
    const result = await validation.validate(
      'set_custom_field_value',
      { task_id: '86b4bnnny', field_id: 'Marketing Task Type', value: 'campaign' },
      { context: { custom_fields: customFields } },
    );
    expect(result.errors).toEqual([]);
    expect(result.input).toEqual({
      task_id: '86b4bnnny',
      field_id: MARKETING,
      value: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01',
    });
    // The type comes from the definition: a number field refuses text even without type hints.
    const number = customFields.fields.find((f) => f['type'] === 'number') as { id: string };
    const refused = await validation.validate(
      'set_custom_field_value',
      { task_id: '86b4bnnny', field_id: number.id, value: 'many' },
      { context: { custom_fields: customFields } },
    );
    expect(refused.valid).toBe(false);
    expect(refused.errors.map((e) => e.field)).toEqual(['value']);
  });

  it('without context, behaves as before', async () => {
    const result = await validation.validate('create_task', {
      list_id: '901102008938',
      name: 'x',
      status: 'whatever',
      assignees: ['john@company.com'],
    });
    expect(result.errors.map((e) => [e.field, e.antiPattern?.id])).toEqual([
      ['assignees[0]', 'user-names-as-assignees'],
    ]);
  });
});
