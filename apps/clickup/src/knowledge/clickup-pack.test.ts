/**
 * The ClickUp knowledge pack (apps/clickup/knowledge) as the proving example of executable
 * knowledge: loaded with the real loader, every helper / processor / validator run through the real
 * sandbox pool against the payload fixtures of the research file (verbatim examples of §4 and the
 * fixtures derived from the §3 / §4.2 tables).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createSandboxPool,
  describeIssue,
  HelperError,
  loadToolDefinition,
  ProcessorEngine,
  ToolHelperExecutor,
  ToolValidationHelper,
  type CodeModule,
  type SandboxPool,
  type ToolDefinition,
} from '@toolsmith/executable-knowledge';
import { findPackDir } from './pack-location.ts';

const PACK_DIR = findPackDir();

function fixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(path.join(PACK_DIR, '__fixtures__', name), 'utf8')) as T;
}

const VERBATIM = {
  statusUpdated: 'section-4-2-standard-task-status-updated.json',
  taskDeleted: 'section-4-2-standard-task-deleted.json',
  listCreated: 'section-4-2-standard-list-created.json',
  keyResultUpdated: 'section-4-2-standard-key-result-updated.json',
  automation: 'section-4-3-automation-call-webhook.json',
  legacy: 'section-4-4-automation-legacy.json',
  versionVector: 'section-4-5-version-vector-comment.json',
} as const;
const GET_TASK = 'derived/section-3-get-task-every-custom-field-type.json';
const HISTORY_SHAPES = 'derived/section-4-2-history-item-shapes.json';

interface CustomField {
  id: string;
  name: string;
  type: string;
  type_config?: Record<string, unknown>;
  value?: unknown;
}

interface ValidationResult {
  valid: boolean;
  errors: { field: string; message: string; antiPattern?: string }[];
}

let definition: ToolDefinition;
let pool: SandboxPool;

beforeAll(async () => {
  definition = await loadToolDefinition(path.join(PACK_DIR, 'clickup.tool.yaml'));
  pool = createSandboxPool({ size: 2 });
}, 30_000);

afterAll(async () => {
  await pool.close();
});

function codeEntry(id: string): { code: CodeModule; dependencies: readonly string[] } {
  const { helpers, processors, validators } = definition.executableKnowledge;
  const helper = helpers.find((h) => h.id === id);
  if (helper) return { code: helper.code, dependencies: helper.dependencies };
  const processor = processors.find((p) => p.id === id);
  if (processor && processor.kind === 'function')
    return { code: processor.code, dependencies: processor.dependencies };
  const validator = validators.find((v) => v.id === id);
  if (validator?.code) return { code: validator.code, dependencies: validator.dependencies };
  throw new Error(`no code module '${id}' in the ClickUp pack`);
}

/** Runs an export of a pack module in the sandbox, with the modules it imports. */
async function call<T = unknown>(id: string, args: unknown[], exportName?: string): Promise<T> {
  const { code, dependencies } = codeEntry(id);
  const executor = new ToolHelperExecutor(definition, pool);
  const result = await executor.run<T>({ id, code, dependencies }, args, exportName ? { exportName } : {});
  return result.value;
}

const detect = (payload: unknown) => call<string>('detect-webhook-type', [payload]);
const extract = (field: unknown) => call('extract-custom-field', [field]);
const toWrite = (type: unknown, value: unknown, typeConfig?: unknown, options?: unknown) =>
  call('to-write-value', [type, value, typeConfig ?? null, options ?? null]);
const processTask = <T = Record<string, unknown>>(payload: unknown) => call<T>('process-task', [payload]);
const validate = (validator: string, args: unknown, context?: unknown) =>
  call<ValidationResult>(validator, context === undefined ? [args] : [args, context]);

/** Anti-pattern ids named by validator errors in this file, checked against the YAML at the end. */
const antiPatternsSeen = new Set<string>();
function antiPatterns(result: ValidationResult): (string | undefined)[] {
  for (const error of result.errors) if (error.antiPattern) antiPatternsSeen.add(error.antiPattern);
  return result.errors.map((e) => e.antiPattern);
}

describe('the ClickUp pack loads with the real loader', () => {
  it('is a schema 2.0 tool whose code lives in helpers/, processors/ and validators/ files', () => {
    expect(definition.schemaVersion).toBe('2.0');
    expect(definition.id).toBe('clickup');
    const { helpers, processors, validators } = definition.executableKnowledge;
    const files = [
      ...helpers.map((h) => h.code),
      ...processors.flatMap((p) => (p.kind === 'function' ? [p.code] : [])),
    ]
      .concat(validators.flatMap((v) => (v.code ? [v.code] : [])))
      .map((c) => `${c.origin}:${c.filename}`);
    expect(files.every((f) => /^file:(helpers|processors|validators)\/[a-z0-9-]+\.mjs$/.test(f))).toBe(true);
    expect(helpers.map((h) => h.id)).toEqual(
      expect.arrayContaining([
        'detect-webhook-type',
        'extract-custom-field',
        'to-write-value',
        'normalize-field-name',
      ]),
    );
  });

  it('is ES modules importing what they share: isObject defined once, no globals, no module.exports', () => {
    const { helpers, processors, validators } = definition.executableKnowledge;
    const codes = [
      ...helpers.map((h) => h.code),
      ...processors.flatMap((p) => (p.kind === 'function' ? [p.code] : [])),
      ...validators.flatMap((v) => (v.code ? [v.code] : [])),
    ];
    expect(codes.filter((c) => c.type !== 'module').map((c) => c.filename)).toEqual([]);
    const sources = new Map<string, string>();
    for (const code of codes) {
      sources.set(code.filename, code.source);
      for (const file of code.importedFiles ?? []) sources.set(file.filename, file.source);
    }
    expect(sources.size).toBeGreaterThan(codes.length);
    const definesIsObject = [...sources].filter(([, source]) =>
      /function \w*IsObject\(|function isObject\(/.test(source),
    );
    expect(definesIsObject.map(([file]) => file)).toEqual(['shared/values.mjs']);
    for (const [file, source] of sources) {
      expect({ file, scriptLeftovers: /module\.exports|\/\* global /.test(source) }).toEqual({
        file,
        scriptLeftovers: false,
      });
    }
  });

  it('wires each command to its validator and examples', () => {
    const byName = Object.fromEntries(definition.commands.map((c) => [c.name, c]));
    expect(byName['create_task']?.validation).toEqual(['validate-create-task']);
    expect(byName['update_task']?.validation).toEqual(['validate-update-task']);
    expect(byName['get_task']?.validation).toEqual(['validate-get-task']);
    expect(byName['set_custom_field_value']?.validation).toEqual(['validate-set-custom-field-value']);
    expect(byName['remove_custom_field_value']?.validation).toEqual(['validate-remove-custom-field-value']);
    expect(byName['process_webhook']?.usesHelpers).toContain('detect-webhook-type');
    for (const command of definition.commands) expect(command.exampleRefs.length).toBeGreaterThan(0);
  });

  it('documents a field mapping for every custom-field type the pack knows', async () => {
    const types = await call<string[]>('custom-field-types', []);
    const mappings = definition.apiComplexity?.fieldMappings?.['custom_fields'] as Record<string, unknown>;
    expect(Object.keys(mappings).sort()).toEqual([...types].sort());
  });
});

describe('webhook format detection (research §4.6)', () => {
  it.each([
    [VERBATIM.statusUpdated, 'standard'],
    [VERBATIM.taskDeleted, 'standard'],
    [VERBATIM.listCreated, 'standard'],
    [VERBATIM.keyResultUpdated, 'standard'],
    [VERBATIM.automation, 'automation'],
    [VERBATIM.legacy, 'automation_legacy'],
    [VERBATIM.versionVector, 'version_vector'],
    [GET_TASK, 'task'],
  ])('%s is %s', async (name, format) => {
    expect(await detect(fixture(name))).toBe(format);
  });

  it('unwraps an HTTP capture ({headers, body}) and a JSON string body', async () => {
    const legacy = fixture(VERBATIM.legacy);
    expect(await detect({ headers: { 'content-type': 'application/json' }, query: {}, body: legacy })).toBe(
      'automation_legacy',
    );
    expect(await detect(JSON.stringify(fixture(VERBATIM.automation)))).toBe('automation');
    expect(await detect({ body: JSON.stringify(fixture(VERBATIM.statusUpdated)) })).toBe('standard');
  });

  it('tells automation from legacy by the task shape when the markers are incomplete', async () => {
    const automation = fixture<{ auto_id?: string }>(VERBATIM.automation);
    delete automation.auto_id;
    expect(await detect(automation)).toBe('automation');
    const legacy = fixture<{ id?: string }>(VERBATIM.legacy);
    delete legacy.id;
    expect(await detect(legacy)).toBe('automation_legacy');
  });

  it('accepts a documented event whose webhook_id was stripped, and nothing else', async () => {
    expect(await detect({ event: 'taskMoved', task_id: '1vj37mc' })).toBe('standard');
    expect(await detect({ event: 'automation_webhook', payload: { id: 'x' } })).toBe('unknown');
    expect(await detect({})).toBe('unknown');
    expect(await detect(null)).toBe('unknown');
    expect(await detect('not json')).toBe('unknown');
    expect(await detect([fixture(VERBATIM.statusUpdated)])).toBe('unknown');
  });
});

describe('payload navigation (where the task, the event and the changes live)', () => {
  const navigate = (payload: unknown) => call<Record<string, unknown>>('navigate-webhook-payload', [payload]);

  it('standard: event, task_id and history_items at the top level, no task object', async () => {
    const nav = await navigate(fixture(VERBATIM.statusUpdated));
    expect(nav).toMatchObject({
      format: 'standard',
      event: 'taskStatusUpdated',
      webhook_id: '7fa3ec74-69a8-4530-a251-8a13730bd204',
      task_id: '1vj38vv',
      task: null,
      task_shape: null,
      resource: { type: 'task', id: '1vj38vv' },
    });
    expect(nav['history_items']).toHaveLength(1);
  });

  it('standard list / key-result events name their resource', async () => {
    expect((await navigate(fixture(VERBATIM.listCreated)))['resource']).toEqual({
      type: 'list',
      id: '162641234',
    });
    expect((await navigate(fixture(VERBATIM.keyResultUpdated)))['resource']).toEqual({
      type: 'key_result',
      id: '47608e42-…',
      parent: { type: 'goal', id: 'a23e5a3d-…' },
    });
  });

  it('automation: the internal task model under payload, automation id in auto_id', async () => {
    const nav = await navigate(fixture(VERBATIM.automation));
    expect(nav).toMatchObject({
      format: 'automation',
      event: null,
      automation_id: 'c389706e-3a5f-4230-a2aa-cdea3dc1e4cc:main',
      trigger_id: '40dd6192-91d7-4f3e-b55f-605297c77bb7',
      task_id: '868djdyr0',
      task_shape: 'internal',
      team_id: '36226098',
    });
    expect((nav['task'] as { subcategory: string }).subcategory).toBe('901110236848');
  });

  it('automation legacy: the v2 task object under payload, automation id in id', async () => {
    const nav = await navigate(fixture(VERBATIM.legacy));
    expect(nav).toMatchObject({
      format: 'automation_legacy',
      automation_id: 'b4ced072-ae72-4c70-b898-fea5dd142408:main',
      task_id: '8687096vn',
      task_shape: 'v2',
      team_id: '36003581',
    });
  });

  it('version vector: the task comes from the comment-parent relationship', async () => {
    const nav = await navigate(fixture(VERBATIM.versionVector));
    expect(nav).toMatchObject({
      format: 'version_vector',
      task_id: '868f9p6ad',
      operation: 'c',
      resource: {
        type: 'comment',
        parent: { type: 'task', id: '868f9p6ad', relationship: 'comment-parent' },
      },
    });
    expect(nav['changes']).toEqual([{ field: 'date_created', after: null }]);
  });
});

describe('custom fields (research §3)', () => {
  const task = fixture<{ custom_fields: CustomField[] }>(GET_TASK);
  const field = (name: string): CustomField => {
    const found = task.custom_fields.find((f) => f.name === name);
    if (!found) throw new Error(`no field ${name}`);
    return found;
  };

  it('extracts every type of the fixture to its normalised value', async () => {
    const values: Record<string, unknown> = {};
    for (const f of task.custom_fields) values[f.name] = await extract(f);
    expect(values).toEqual({
      Notes: 'Some text',
      Código: 'AB-12',
      Website: 'https://clickup.com',
      'E-mail do contato': 'user@company.com',
      Phone: '+1 201 555 0123',
      'Story Points': 42,
      'Orçamento (R$)': 1250.5,
      'Approved?': true,
      Blocked: null,
      'Data de Início': '2026-11-01T22:30:00.000Z',
      'Marketing Task Type': {
        id: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e02',
        name: 'Content',
        color: '#3397dd',
        orderindex: 1,
      },
      Channel: { id: 'a3d5b0c2-1111-4a2b-9c3d-000000000002', name: 'Social', color: null, orderindex: 1 },
      Labels: [
        { id: 'c2', label: 'Feature', color: '#04A9F4' },
        { id: 'c1', label: 'Bug', color: '#e50000' },
      ],
      Reviewers: [{ id: 183, username: 'John', email: 'john@company.com' }],
      'Related Tasks': [
        {
          id: '1vj38vv',
          name: 'Prepare contract',
          status: 'in progress',
          url: 'https://app.clickup.com/t/1vj38vv',
        },
      ],
      Accounts: [
        { id: '8687096vn', name: 'ACME', status: 'active', url: 'https://app.clickup.com/t/8687096vn' },
      ],
      Files: [
        {
          id: 'att-1',
          title: 'contract.pdf',
          url: 'https://attachments.clickup.com/contract.pdf?view=open',
          size: 2048,
          mimetype: 'application/pdf',
        },
      ],
      Rating: 4,
      'Progress (manual)': null,
      'Progress (auto)': null,
      Local: {
        lat: -28.016667,
        lng: 153.4,
        address: 'Gold Coast QLD, Australia',
        place_id: 'ChIJt2BwZIrfk2sRpEhHfMRd4ZE',
      },
      Approve: null,
      Votes: [81, 82],
      Total: 42,
      Rollup: null,
      Signature: null,
      'Unset text': null,
      'Unset labels': [],
      'Unset users': [],
    });
  });

  it('gives [] for every array type and null for every other type when the value is missing', async () => {
    const types = await call<string[]>('custom-field-types', []);
    const arrays = ['labels', 'users', 'tasks', 'list_relationship', 'attachment', 'votes'];
    for (const type of types) {
      const progress = type.endsWith('_progress');
      const asRead = progress
        ? { type: 'progress', type_config: { method: type.replace('_progress', '') } }
        : { type };
      const expected = arrays.includes(type) ? [] : null;
      expect({ type, unset: await extract({ id: 'f', name: 'F', ...asRead }) }).toEqual({
        type,
        unset: expected,
      });
      expect({ type, nulled: await extract({ id: 'f', name: 'F', ...asRead, value: null }) }).toEqual({
        type,
        nulled: expected,
      });
    }
  });

  it('reads a classic dropdown by orderindex given as a string, and keeps an unknown option', async () => {
    const dropdown = field('Marketing Task Type');
    expect(await extract({ ...dropdown, value: '0' })).toMatchObject({ name: 'Campaign', orderindex: 0 });
    expect(await extract({ ...dropdown, value: 7 })).toEqual({
      id: null,
      name: null,
      color: null,
      orderindex: 7,
    });
    expect(await extract({ ...dropdown, value: 'ffffffff-0000-4000-8000-000000000000' })).toEqual({
      id: 'ffffffff-0000-4000-8000-000000000000',
      name: null,
      color: null,
      orderindex: null,
    });
  });

  it('converts checkbox strings and tolerant progress values', async () => {
    expect(await extract({ ...field('Approved?'), value: 'false' })).toBe(false);
    expect(await extract({ ...field('Progress (manual)'), value: { current: 20 } })).toEqual({
      percent: 50,
      current: 20,
    });
    expect(await extract({ ...field('Progress (auto)'), value: { percent_completed: 75 } })).toEqual({
      percent: 75,
      current: null,
    });
  });

  it('writes every writable type back in the form the API expects (round trip of the read value)', async () => {
    const written: Record<string, unknown> = {};
    for (const f of task.custom_fields) {
      if (!('value' in f) || f.value === null) continue;
      const info = await call<{ writable: boolean }>('custom-field-types', [f], 'customFieldTypeInfo');
      if (!info.writable) continue;
      written[f.name] = await toWrite(f.type, await extract(f), f.type_config);
    }
    expect(written).toEqual({
      Notes: { value: 'Some text' },
      Código: { value: 'AB-12' },
      Website: { value: 'https://clickup.com' },
      'E-mail do contato': { value: 'user@company.com' },
      Phone: { value: '+1 201 555 0123' },
      'Story Points': { value: 42 },
      'Orçamento (R$)': { value: 1250.5 },
      'Approved?': { value: true },
      'Data de Início': { value: 1793572200000, value_options: { time: true } },
      'Marketing Task Type': { value: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e02' },
      Channel: { value: 'a3d5b0c2-1111-4a2b-9c3d-000000000002' },
      Labels: { value: ['c2', 'c1'] },
      Reviewers: { value: { add: [183], rem: [] } },
      'Related Tasks': { value: { add: ['1vj38vv'], rem: [] } },
      Accounts: { value: { add: ['8687096vn'], rem: [] } },
      Files: { value: { add: ['att-1'], rem: [] } },
      Rating: { value: 4 },
      Local: {
        value: { location: { lat: -28.016667, lng: 153.4 }, formatted_address: 'Gold Coast QLD, Australia' },
      },
    });
  });

  it('converts human values: label text to UUIDs, dates to ms, percentages to current, flat arrays to add', async () => {
    const dropdown = field('Marketing Task Type');
    expect(await toWrite('drop_down', 'campaign', dropdown.type_config)).toEqual({
      value: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01',
    });
    expect(await toWrite('labels', ['Bug', 'Feature'], field('Labels').type_config)).toEqual({
      value: ['c1', 'c2'],
    });
    expect(await toWrite('date', '2025-04-16')).toEqual({ value: 1744761600000 });
    expect(await toWrite('date', '2025-04-16T09:30:00Z')).toEqual({
      value: 1744795800000,
      value_options: { time: true },
    });
    expect(await toWrite('date', 1744795800000, null, { time: false })).toEqual({ value: 1744795800000 });
    expect(await toWrite('progress', { percent: 50 }, { method: 'manual', start: 10, end: 30 })).toEqual({
      value: { current: 20 },
    });
    expect(await toWrite('users', [183, '456'])).toEqual({ value: { add: [183, 456], rem: [] } });
    expect(await toWrite('checkbox', 'false')).toEqual({ value: false });
    expect(await toWrite('location', { lat: -23.55, lng: -46.63, address: 'São Paulo, SP' })).toEqual({
      value: { location: { lat: -23.55, lng: -46.63 }, formatted_address: 'São Paulo, SP' },
    });
    expect(await toWrite('button', true)).toEqual({ value: true });
    expect(await call('to-write-value', [field('Rating'), 5], 'toCreateTaskCustomField')).toEqual({
      id: '00000000-0000-4000-8000-000000000012',
      value: 5,
    });
  });

  it.each([
    ['drop_down', 'Campaign', undefined, /FIELD_011/],
    ['drop_down', 'Nope', 'dropdown', /not an option of this dropdown; valid options: "Campaign" = /],
    ['date', 1744795800, undefined, /looks like Unix SECONDS.*1744795800000/],
    ['formula', 3, undefined, /cannot be set through the API/],
    ['votes', [81], undefined, /cannot be set through the API/],
    ['progress', 20, 'automatic', /cannot be set through the API/],
    ['text', null, undefined, /remove_custom_field_value/],
    ['labels', { add: ['c1'] }, undefined, /replaces the current labels; there is no add\/rem/],
    ['users', { add: ['john@company.com'] }, undefined, /not by name or email/],
    ['phone', '201 555 0123', undefined, /country code/],
    ['emoji', 6, 'rating', /integer from 0 to 5/],
    ['email', 'john', undefined, /valid address/],
    ['url', 'clickup.com', undefined, /absolute URL/],
  ])('refuses to write %s %j', async (type, value, config, message) => {
    const typeConfig =
      config === 'dropdown'
        ? field('Marketing Task Type').type_config
        : config === 'automatic'
          ? { method: 'automatic' }
          : config === 'rating'
            ? { count: 5 }
            : undefined;
    await expect(toWrite(type, value, typeConfig)).rejects.toThrow(message);
  });
});

describe('name normalisation', () => {
  it.each([
    ['Marketing Task Type', 'marketing_task_type'],
    ['Data de Início', 'data_de_inicio'],
    ['Orçamento (R$)', 'orcamento_r'],
    ['Größe', 'grosse'],
    ['  --Ação!! ', 'acao'],
    ['💰', ''],
  ])('%j → %j', async (name, key) => {
    expect(await call('normalize-field-name', [name])).toBe(key);
  });

  it('keeps keys unique inside one task and names unnamed fields by id', async () => {
    expect(await call('normalize-field-name', ['Status', 'id-2', { status: 1 }], 'customFieldKey')).toBe(
      'status_2',
    );
    expect(await call('normalize-field-name', ['💰', 'ab-12', {}], 'customFieldKey')).toBe('field_ab_12');
  });

  it('is also the seed processor normalize-task-name', async () => {
    expect(await call('normalize-task-name', ['Visita ao cliente – São Paulo'])).toBe(
      'visita_ao_cliente_sao_paulo',
    );
  });
});

describe('the universal task processor', () => {
  it('standard webhook (§4.2): the change, the list and the dedupe key', async () => {
    expect(await processTask(fixture(VERBATIM.statusUpdated))).toMatchInlineSnapshot(`
     {
       "changes": [
         {
           "after": {
             "color": "#7C4DFF",
             "name": "in progress",
             "type": "custom",
           },
           "before": {
             "color": "#f9d900",
             "name": "to do",
             "type": "open",
           },
           "date": "2022-01-21T03:34:33.330Z",
           "dedupe_key": "7fa3ec74-69a8-4530-a251-8a13730bd204:2800787326392370170",
           "description": "status: "to do" → "in progress"",
           "field": "status",
           "id": "2800787326392370170",
           "parent_id": "162641062",
           "user": {
             "email": "…",
             "id": 183,
             "username": "John",
           },
         },
       ],
       "custom_field_index": {},
       "custom_fields": {},
       "hierarchy": {
         "folder": null,
         "list": {
           "id": "162641062",
           "name": null,
         },
         "space": null,
         "team": null,
       },
       "people": {
         "assignees": [],
         "creator": null,
         "watchers": [],
       },
       "relationships": {
         "dependencies": [],
         "linked": [],
         "parent": null,
         "subtasks": [],
         "tags": [],
       },
       "summary": "taskStatusUpdated on task 1vj38vv in list 162641062: status: "to do" → "in progress" by John (changes only — GET /task/1vj38vv for the full task)",
       "task": {
         "archived": null,
         "custom_id": null,
         "dates": {
           "closed": null,
           "created": null,
           "done": null,
           "due": null,
           "start": null,
           "updated": "2022-01-21T03:34:33.330Z",
         },
         "description": null,
         "id": "1vj38vv",
         "name": null,
         "points": null,
         "priority": null,
         "status": {
           "color": "#7C4DFF",
           "id": null,
           "name": "in progress",
           "type": "custom",
         },
         "time_estimate_ms": null,
         "time_spent_ms": null,
         "url": null,
       },
       "webhook": {
         "actor": {
           "email": "…",
           "id": 183,
           "username": "John",
         },
         "automation_id": null,
         "date": "2022-01-21T03:34:33.330Z",
         "dedupe_keys": [
           "7fa3ec74-69a8-4530-a251-8a13730bd204:2800787326392370170",
         ],
         "envelope": [],
         "event": "taskStatusUpdated",
         "format": "standard",
         "operation": null,
         "resource": {
           "id": "1vj38vv",
           "type": "task",
         },
         "task_source": "history_items",
         "team_id": null,
         "trigger_id": null,
         "webhook_id": "7fa3ec74-69a8-4530-a251-8a13730bd204",
       },
     }
    `);
  });

  it('automation "Call webhook" (§4.3): the internal task model', async () => {
    expect(await processTask(fixture(VERBATIM.automation))).toMatchInlineSnapshot(`
     {
       "changes": [],
       "custom_field_index": {},
       "custom_fields": {},
       "hierarchy": {
         "folder": null,
         "list": {
           "id": "901110236848",
           "name": null,
         },
         "space": null,
         "team": {
           "id": "36226098",
           "name": null,
         },
       },
       "people": {
         "assignees": [],
         "creator": {
           "email": null,
           "id": 54098740,
           "username": null,
         },
         "watchers": [
           {
             "email": null,
             "id": 54098740,
             "username": null,
           },
         ],
       },
       "relationships": {
         "dependencies": [],
         "linked": [],
         "parent": null,
         "subtasks": [],
         "tags": [],
       },
       "summary": "Automation webhook for task 868djdyr0 "HookMe!" in list 901110236848 — status p90113664978_MfslpaDU, priority none, 0 assignees, 0 custom fields (0 set)",
       "task": {
         "archived": false,
         "custom_id": null,
         "dates": {
           "closed": null,
           "created": "2025-04-16T23:49:04.168Z",
           "done": null,
           "due": null,
           "start": null,
           "updated": null,
         },
         "description": null,
         "id": "868djdyr0",
         "name": "HookMe!",
         "points": null,
         "priority": null,
         "status": {
           "color": null,
           "id": "p90113664978_MfslpaDU",
           "name": null,
           "type": null,
         },
         "time_estimate_ms": null,
         "time_spent_ms": null,
         "url": null,
       },
       "webhook": {
         "actor": null,
         "automation_id": "c389706e-3a5f-4230-a2aa-cdea3dc1e4cc:main",
         "date": "2025-04-16T23:49:06.457Z",
         "dedupe_keys": [],
         "envelope": [],
         "event": null,
         "format": "automation",
         "operation": null,
         "resource": {
           "id": "868djdyr0",
           "type": "task",
         },
         "task_source": "payload",
         "team_id": "36226098",
         "trigger_id": "40dd6192-91d7-4f3e-b55f-605297c77bb7",
         "webhook_id": null,
       },
     }
    `);
  });

  it('automation legacy (§4.4): the v2 task object, elided parts tolerated', async () => {
    expect(await processTask(fixture(VERBATIM.legacy))).toMatchInlineSnapshot(`
     {
       "changes": [],
       "custom_field_index": {
         "marketing_task_type": {
           "id": "…",
           "name": "Marketing Task Type",
           "type": "drop_down",
         },
       },
       "custom_fields": {
         "marketing_task_type": null,
       },
       "hierarchy": {
         "folder": {
           "id": "90110993233",
           "name": "test folder",
         },
         "list": {
           "id": "901102008938",
           "name": "List",
         },
         "space": {
           "id": "90090203753",
           "name": null,
         },
         "team": {
           "id": "36003581",
           "name": null,
         },
       },
       "people": {
         "assignees": [],
         "creator": null,
         "watchers": [],
       },
       "relationships": {
         "dependencies": [],
         "linked": [],
         "parent": null,
         "subtasks": [],
         "tags": [],
       },
       "summary": "Automation webhook (legacy) for task 8687096vn [DEF-43] "task name" in list "List" — status "complete", priority none, 0 assignees, 1 custom field (0 set)",
       "task": {
         "archived": false,
         "custom_id": "DEF-43",
         "dates": {
           "closed": null,
           "created": "2024-01-11T19:40:14.968Z",
           "done": null,
           "due": null,
           "start": null,
           "updated": null,
         },
         "description": null,
         "id": "8687096vn",
         "name": "task name",
         "points": null,
         "priority": null,
         "status": {
           "color": "#008844",
           "id": "p9009…_r9V2QX7O",
           "name": "complete",
           "type": "closed",
         },
         "time_estimate_ms": null,
         "time_spent_ms": 0,
         "url": "https://app.clickup.com/t/8687096vn",
       },
       "webhook": {
         "actor": null,
         "automation_id": "b4ced072-ae72-4c70-b898-fea5dd142408:main",
         "date": "2024-01-11T19:40:17.927Z",
         "dedupe_keys": [],
         "envelope": [],
         "event": null,
         "format": "automation_legacy",
         "operation": null,
         "resource": {
           "id": "8687096vn",
           "type": "task",
         },
         "task_source": "payload",
         "team_id": "36003581",
         "trigger_id": "6f612d16-9ff7-4db2-a2f6-19528ee3b90c",
         "webhook_id": null,
       },
     }
    `);
  });

  it('version-vector event (§4.5): detected and reduced to what it carries', async () => {
    expect(await processTask(fixture(VERBATIM.versionVector))).toMatchInlineSnapshot(`
     {
       "changes": [
         {
           "after": null,
           "before": null,
           "description": "date_created: none",
           "field": "date_created",
         },
       ],
       "custom_field_index": {},
       "custom_fields": {},
       "hierarchy": {
         "folder": null,
         "list": null,
         "space": null,
         "team": {
           "id": "14168111",
           "name": null,
         },
       },
       "people": {
         "assignees": [],
         "creator": null,
         "watchers": [],
       },
       "relationships": {
         "dependencies": [],
         "linked": [],
         "parent": null,
         "subtasks": [],
         "tags": [],
       },
       "summary": "comment change event (operation "c") for task 868f9p6ad: date_created: none (event only — GET /task/868f9p6ad for the full task)",
       "task": {
         "archived": null,
         "custom_id": null,
         "dates": {
           "closed": null,
           "created": null,
           "done": null,
           "due": null,
           "start": null,
           "updated": null,
         },
         "description": null,
         "id": "868f9p6ad",
         "name": null,
         "points": null,
         "priority": null,
         "status": null,
         "time_estimate_ms": null,
         "time_spent_ms": null,
         "url": null,
       },
       "webhook": {
         "actor": null,
         "automation_id": null,
         "date": "2025-08-21T19:04:21.841Z",
         "dedupe_keys": [
           "4697736615798917760",
         ],
         "envelope": [],
         "event": null,
         "format": "version_vector",
         "operation": "c",
         "resource": {
           "id": "…",
           "parent": {
             "id": "868f9p6ad",
             "relationship": "comment-parent",
             "type": "task",
           },
           "type": "comment",
         },
         "task_source": "event",
         "team_id": "14168111",
         "trigger_id": null,
         "webhook_id": null,
       },
     }
    `);
  });

  it.each([
    [VERBATIM.taskDeleted, 'taskDeleted on task 1vj37mc'],
    [VERBATIM.listCreated, 'listCreated on list 162641234'],
    [VERBATIM.keyResultUpdated, 'keyResultUpdated on key_result 47608e42-… (goal a23e5a3d-…)'],
  ])('summarises %s', async (name, summary) => {
    const result = await processTask<{ summary: string }>(fixture(name));
    expect(result.summary).toBe(summary);
  });

  it('a GET task response: every section filled, custom fields keyed by normalised name', async () => {
    const result = await processTask<Record<string, Record<string, unknown>>>(fixture(GET_TASK));
    expect(result['webhook']).toMatchObject({ format: 'task', task_source: 'payload' });
    expect(result['task']).toMatchObject({
      id: '86b4bnnny',
      custom_id: 'DEV-1234',
      status: { name: 'in progress', type: 'custom' },
      priority: { id: 2, name: 'high' },
      dates: { created: '2024-01-11T19:40:14.968Z', due: '2017-10-18T23:26:34.377Z', start: null },
      time_estimate_ms: 5400000,
    });
    expect(result['hierarchy']).toEqual({
      team: { id: '36003581', name: null },
      space: { id: '90090203753', name: null },
      folder: { id: '90110993233', name: 'Vendas' },
      list: { id: '901102008938', name: 'Clientes' },
    });
    expect(result['people']?.['assignees']).toEqual([
      { id: 183, username: 'John', email: 'john@company.com' },
      { id: 456, username: 'Ana', email: 'ana@company.com' },
    ]);
    expect(result['relationships']).toEqual({
      parent: '9hz',
      subtasks: [{ id: 'wdrv93ebwx', name: 'Send proposal', status: 'to do' }],
      dependencies: [
        { task_id: '86b4bnnny', depends_on: '1vj38vv', type: 1, direction: 'waiting_on' },
        { task_id: 'wdrv93ebwx', depends_on: '86b4bnnny', type: 1, direction: 'blocking' },
      ],
      linked: [{ task_id: '86b4bnnny', link_id: '1vj37mc' }],
      tags: ['cliente'],
    });
    const customFields = result['custom_fields'] as Record<string, unknown>;
    expect(Object.keys(customFields)).toHaveLength(29);
    expect(customFields).toMatchObject({
      data_de_inicio: '2026-11-01T22:30:00.000Z',
      orcamento_r: 1250.5,
      marketing_task_type: { name: 'Content' },
      unset_labels: [],
    });
    expect(result['custom_field_index']?.['marketing_task_type']).toEqual({
      id: '00000000-0000-4000-8000-00000000000b',
      name: 'Marketing Task Type',
      type: 'drop_down',
    });
    expect(result['summary']).toBe(
      'Task 86b4bnnny [DEV-1234] "Visita ao cliente – São Paulo" in list "Clientes" — status "in progress", priority high, 2 assignees, 29 custom fields (20 set), 1 subtask',
    );
  });

  it('decodes every history-item shape of the §4.2 table', async () => {
    const payloads = fixture<unknown[]>(HISTORY_SHAPES);
    const lines: string[] = [];
    for (const payload of payloads) {
      const result = await processTask<{ changes: { description: string }[] }>(payload);
      lines.push(...result.changes.map((c) => c.description));
    }
    expect(lines).toEqual([
      'status: none → "to do"',
      'task created',
      'description: none → "Bring the contract"',
      'custom field "Marketing Task Type": none → "Content"',
      'priority: none → "high"',
      'assignee added: "Ana"',
      'assignee removed: "Bo"',
      'due_date: "2022-01-20T20:00:00.000Z" → "2022-01-26T20:00:00.000Z"',
      'tag: none → ["def"]',
      'section_moved: "Webhook payloads" → "webhook payloads 2"',
      'comment: "comment abc1234"',
      'time estimate: none → 5400000 ms',
      'time tracked: 900000 ms',
      'name: "Old name" → "New name"',
    ]);
  });

  it('a custom-field webhook fills custom_fields with the decoded value; a move updates the list', async () => {
    const payloads = fixture<unknown[]>(HISTORY_SHAPES);
    const changed = await processTask<Record<string, Record<string, unknown>>>(payloads[2]);
    expect(changed['custom_fields']).toEqual({
      marketing_task_type: {
        id: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e02',
        name: 'Content',
        color: '#3397dd',
        orderindex: 1,
      },
    });
    const moved = await processTask<Record<string, Record<string, unknown>>>(payloads[7]);
    expect(moved['hierarchy']?.['list']).toEqual({ id: '162641285', name: 'webhook payloads 2' });
    const created = await processTask<Record<string, Record<string, unknown>>>(payloads[0]);
    expect(created['people']?.['creator']).toEqual({ id: 183, username: 'John', email: 'john@company.com' });
  });

  it('gives the same dedupe key to the same change delivered under two events', async () => {
    const status = fixture<Record<string, unknown>>(VERBATIM.statusUpdated);
    const a = await processTask<{ webhook: { dedupe_keys: string[] } }>(status);
    const b = await processTask<{ webhook: { dedupe_keys: string[] } }>({ ...status, event: 'taskUpdated' });
    expect(a.webhook.dedupe_keys).toEqual(['7fa3ec74-69a8-4530-a251-8a13730bd204:2800787326392370170']);
    expect(b.webhook.dedupe_keys).toEqual(a.webhook.dedupe_keys);
  });

  it.each([null, 'garbage', 42, {}, [], { event: 'taskUpdated' }, { trigger_id: 't', payload: {} }])(
    'never throws on a malformed payload (%j)',
    async (payload) => {
      const result = await processTask<{
        webhook: { format: string };
        summary: string;
        custom_fields: object;
      }>(payload);
      expect(result.summary.length).toBeGreaterThan(0);
      expect(result.custom_fields).toEqual({});
      expect(['unknown', 'standard', 'automation_legacy']).toContain(result.webhook.format);
    },
  );

  it('tolerates an automation payload with its task parts missing', async () => {
    const result = await processTask<Record<string, Record<string, unknown> | null>>({
      auto_id: 'a:main',
      trigger_id: 't',
      payload: { id: 'abc123', status_id: 'p1' },
    });
    expect(result['webhook']).toMatchObject({ format: 'automation', task_source: 'payload' });
    expect(result['task']).toMatchObject({ id: 'abc123', name: null, status: { id: 'p1', name: null } });
    expect(result['hierarchy']).toEqual({ team: null, space: null, folder: null, list: null });
  });
});

describe('task references (research §2.9)', () => {
  it.each([
    ['86b4bnnny', { id: '86b4bnnny', kind: 'regular', needsCustomTaskIds: false }],
    ['wdrv93ebwx', { id: 'wdrv93ebwx', kind: 'regular', needsCustomTaskIds: false }],
    ['9hz', { id: '9hz', kind: 'regular', needsCustomTaskIds: false }],
    ['DEV-1234', { id: 'DEV-1234', kind: 'custom', confidence: 'high', needsCustomTaskIds: true }],
    ['CU-abc123', { id: 'abc123', kind: 'regular', strippedPrefix: 'CU-' }],
    ['CU-1234', { id: 'CU-1234', kind: 'custom' }],
    ['PROJ_456', { id: 'PROJ_456', kind: 'custom', confidence: 'low' }],
    ['https://app.clickup.com/t/8687096vn', { id: '8687096vn', kind: 'regular' }],
    ['ABC123', { kind: 'unknown' }],
    ['', { kind: 'invalid', id: null }],
    ['two words', { kind: 'invalid' }],
  ])('%j', async (ref, expected) => {
    expect(await call('classify-task-id', [ref], 'classifyTaskId')).toMatchObject(expected);
  });

  it('builds the custom_task_ids query and says when team_id is missing', async () => {
    expect(await call('classify-task-id', ['DEV-1234', 36003581], 'taskRequestRef')).toEqual({
      taskId: 'DEV-1234',
      query: { custom_task_ids: true, team_id: '36003581' },
      kind: 'custom',
      missingTeamId: false,
    });
    expect(await call('classify-task-id', ['DEV-1234'], 'taskRequestRef')).toMatchObject({
      missingTeamId: true,
    });
    expect(await call('classify-task-id', ['86b4bnnny', '1'], 'taskRequestRef')).toMatchObject({ query: {} });
  });

  it('diffs assignees into the update envelope', async () => {
    const current = [{ id: 183, username: 'John' }, { id: 456 }];
    expect(await call('diff-assignees', [current, [456, '789']])).toEqual({ add: [789], rem: [183] });
    expect(await call('diff-assignees', [[], []])).toEqual({ add: [], rem: [] });
  });
});

describe('validators', () => {
  const UUID = '00000000-0000-4000-8000-00000000000b';
  const dropdownDefinition = {
    id: UUID,
    type: 'drop_down',
    type_config: {
      options: [{ id: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01', name: 'Campaign', orderindex: 0 }],
    },
  };

  describe('create_task', () => {
    it('accepts the create form', async () => {
      const result = await validate('validate-create-task', {
        list_id: '901102008938',
        name: 'Site visit',
        assignees: [183, 456],
        priority: 2,
        due_date: 1744761600000,
        due_date_time: false,
        time_estimate: 5400000,
        tags: ['cliente'],
        custom_fields: [{ id: UUID, value: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01' }],
      });
      expect(result).toEqual({ valid: true, errors: [] });
    });

    it.each([
      [
        { list_id: '901102008938', name: 'x', assignees: { add: [456] } },
        'assignees',
        'add-rem-assignees-on-create',
      ],
      [{ list_id: 'Development', name: 'x' }, 'list_id', 'list-name-as-list-id'],
      [
        { list_id: '1', name: 'x', assignees: ['john@company.com'] },
        'assignees[0]',
        'user-names-as-assignees',
      ],
      [{ list_id: '1', name: 'x', priority: 'high' }, 'priority', 'priority-as-name'],
      [{ list_id: '1', name: 'x', priority: 5 }, 'priority', 'priority-out-of-range'],
      [{ list_id: '1', name: 'x', due_date: '2025-04-16' }, 'due_date', 'non-millisecond-date'],
      [{ list_id: '1', name: 'x', start_date: 1744761600 }, 'start_date', 'non-millisecond-date'],
      [
        { list_id: '1', name: 'x', time_estimate: '1h 30m' },
        'time_estimate',
        'time-estimate-not-milliseconds',
      ],
      [
        { list_id: '1', name: 'x', custom_fields: { Status: 'done' } },
        'custom_fields',
        'custom-fields-as-name-map',
      ],
      [
        { list_id: '1', name: 'x', custom_fields: [{ id: 'Status', value: 1 }] },
        'custom_fields[0].id',
        'field-name-as-field-id',
      ],
    ])('rejects %j (%s → %s)', async (args, field, antiPattern) => {
      const result = await validate('validate-create-task', args);
      expect(result.valid).toBe(false);
      expect(result.errors.map((e) => e.field)).toEqual([field]);
      expect(antiPatterns(result)).toEqual([antiPattern]);
    });

    it('names the missing required fields with the right form', async () => {
      const result = await validate('validate-create-task', { listName: 'Development' });
      expect(result.errors.map((e) => e.field)).toEqual(['list_id', 'name']);
      expect(result.errors[0]?.message).toContain('resolve the list name "Development" to its id first');
    });

    it('checks custom-field values per type with the list field definitions or type hints on the entry', async () => {
      const args = { list_id: '1', name: 'x', custom_fields: [{ id: UUID, value: 'Campaign' }] };
      const result = await validate('validate-create-task', args, { fields: [dropdownDefinition] });
      expect(antiPatterns(result)).toEqual(['dropdown-label-as-value']);
      expect(result.errors[0]?.message).toContain('"6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01" for "Campaign"');
      expect((await validate('validate-create-task', args)).valid).toBe(true);
      const hinted = {
        ...args,
        custom_fields: [
          { ...args.custom_fields[0], type: 'drop_down', type_config: dropdownDefinition.type_config },
        ],
      };
      expect(antiPatterns(await validate('validate-create-task', hinted))).toEqual([
        'dropdown-label-as-value',
      ]);
    });

    it('accepts the camelCase spelling of the arguments', async () => {
      expect(
        await validate('validate-create-task', { listId: '901102008938', name: 'x', dueDate: 1744761600000 }),
      ).toEqual({ valid: true, errors: [] });
    });
  });

  describe('update_task', () => {
    it.each([
      { task_id: '86b4bnnny', assignees: { add: [456], rem: [183] }, watchers: { add: [183] } },
      { task_id: 'DEV-1234', custom_task_ids: true, team_id: '36003581', status: 'in progress' },
      { task_id: 'wdrv93ebwx', priority: null, parent: '9hz', description: ' ' },
    ])('accepts %j', async (args) => {
      expect(await validate('validate-update-task', args)).toEqual({ valid: true, errors: [] });
    });

    it.each([
      [{ task_id: '86b4bnnny', assignees: [456, 789] }, 'assignees', 'flat-assignees-on-update'],
      [{ task_id: '86b4bnnny', watchers: [456] }, 'watchers', 'flat-assignees-on-update'],
      [{ task_id: '86b4bnnny', group_assignees: ['g1'] }, 'group_assignees', 'flat-assignees-on-update'],
      [{ task_id: 'DEV-1234', name: 'x' }, 'custom_task_ids', 'custom-task-id-without-flag'],
      [
        { task_id: 'DEV-1234', custom_task_ids: true, name: 'x' },
        'team_id',
        'custom-task-ids-without-team-id',
      ],
      [{ task_id: 'CU-abc123', name: 'x' }, 'task_id', 'cu-prefixed-task-id'],
      [
        { task_id: '86b4bnnny', custom_fields: [{ id: UUID, value: 1 }] },
        'custom_fields',
        'custom-fields-in-update-task',
      ],
      [{ task_id: '86b4bnnny', parent: null }, 'parent', 'null-parent-to-unparent'],
      [{ task_id: '86b4bnnny', priority: 0 }, 'priority', 'priority-out-of-range'],
      [{ task_id: '86b4bnnny', due_date: '2025-04-16T10:00:00Z' }, 'due_date', 'non-millisecond-date'],
    ])('rejects %j (%s → %s)', async (args, field, antiPattern) => {
      const result = await validate('validate-update-task', args);
      expect(result.valid).toBe(false);
      expect(result.errors.map((e) => e.field)).toEqual([field]);
      expect(antiPatterns(result)).toEqual([antiPattern]);
    });

    it('gives the corrected value in its messages', async () => {
      const flat = await validate('validate-update-task', { task_id: '86b4bnnny', assignees: [456, 789] });
      expect(flat.errors[0]?.message).toContain('Send {"add":[456,789],"rem":[]}');
      const iso = await validate('validate-update-task', {
        task_id: '86b4bnnny',
        due_date: '2025-04-16T10:00:00Z',
      });
      expect(iso.errors[0]?.message).toContain('send 1744797600000 instead of "2025-04-16T10:00:00Z"');
      const fields = await validate('validate-update-task', {
        task_id: '86b4bnnny',
        custom_fields: [{ id: UUID, value: 1 }],
      });
      expect(fields.errors[0]?.message).toContain(
        `set_custom_field_value {"field_id": "${UUID}", "value": 1}`,
      );
    });

    it('needs something to change and never checks the id length', async () => {
      const nothing = await validate('validate-update-task', { task_id: 'wdrv93ebwx' });
      expect(nothing.errors.map((e) => e.message)).toEqual([expect.stringContaining('Nothing to update')]);
      expect((await validate('validate-update-task', { task_id: 'abc', name: 'x' })).valid).toBe(true);
    });
  });

  describe('get_task and remove_custom_field_value', () => {
    it('accept a custom id with its flag and team', async () => {
      const args = {
        task_id: 'DEV-1234',
        custom_task_ids: true,
        team_id: '36003581',
        include_subtasks: true,
      };
      expect(await validate('validate-get-task', args)).toEqual({ valid: true, errors: [] });
      expect(
        await validate('validate-remove-custom-field-value', { task_id: '8687096vn', field_id: UUID }),
      ).toEqual({ valid: true, errors: [] });
    });

    it('reject a missing flag, a missing id and a field name', async () => {
      expect(antiPatterns(await validate('validate-get-task', { task_id: 'DEV-1' }))).toEqual([
        'custom-task-id-without-flag',
      ]);
      expect((await validate('validate-get-task', {})).errors.map((e) => e.field)).toEqual(['task_id']);
      expect(
        antiPatterns(
          await validate('validate-remove-custom-field-value', { task_id: '8687096vn', field_id: 'Status' }),
        ),
      ).toEqual(['field-name-as-field-id']);
    });
  });

  describe('set_custom_field_value', () => {
    const base = { task_id: '8687096vn', field_id: UUID };

    it.each([
      ['text', 'Some text', undefined],
      ['number', -28, undefined],
      ['currency', 8000, undefined],
      ['checkbox', true, undefined],
      ['date', 1667367645000, undefined],
      ['drop_down', '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01', dropdownDefinition.type_config],
      ['drop_down', 0, undefined],
      ['labels', ['6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01'], undefined],
      ['users', { add: [123, 456], rem: [987] }, undefined],
      ['tasks', { add: ['taskA'], rem: ['taskB'] }, undefined],
      ['list_relationship', { add: ['8687096vn'] }, undefined],
      ['emoji', 4, { count: 5 }],
      ['progress', { current: 20 }, { method: 'manual', start: 10, end: 30 }],
      [
        'location',
        { location: { lat: -28.016667, lng: 153.4 }, formatted_address: 'Gold Coast QLD, Australia' },
        undefined,
      ],
      ['button', true, undefined],
      ['url', 'https://clickup.com', undefined],
      ['email', 'user@company.com', undefined],
      ['phone', '+1 123 456 7890', undefined],
    ])('accepts a %s value %j', async (type, value, typeConfig) => {
      const args = { ...base, type, value, ...(typeConfig ? { type_config: typeConfig } : {}) };
      expect(await validate('validate-set-custom-field-value', args)).toEqual({ valid: true, errors: [] });
    });

    it.each([
      ['drop_down', 'Campaign', 'dropdown-label-as-value'],
      ['labels', { add: ['6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01'] }, 'labels-as-partial-update'],
      ['labels', ['Bug'], 'dropdown-label-as-value'],
      ['users', [183], 'flat-array-for-relationship-field'],
      ['tasks', ['taskA'], 'flat-array-for-relationship-field'],
      ['number', '42', 'custom-field-value-shape'],
      ['checkbox', 'true', 'custom-field-value-shape'],
      ['date', '2025-04-16', 'non-millisecond-date'],
      ['emoji', 9, 'custom-field-value-shape'],
      ['progress', 20, 'custom-field-value-shape'],
      ['location', { lat: 1, lng: 2 }, 'custom-field-value-shape'],
      ['formula', 3, 'setting-read-only-field'],
      ['votes', [81], 'setting-read-only-field'],
      ['text', null, 'null-to-clear-custom-field'],
    ])('rejects a %s value %j (%s)', async (type, value, antiPattern) => {
      const result = await validate('validate-set-custom-field-value', { ...base, type, value });
      expect(result.valid).toBe(false);
      expect(antiPatterns(result)).toEqual([antiPattern]);
    });

    it('checks progress against its range and value_options against the type', async () => {
      const progress = await validate('validate-set-custom-field-value', {
        ...base,
        type: 'progress',
        type_config: { method: 'manual', start: 10, end: 30 },
        value: { current: 50 },
      });
      expect(progress.errors[0]?.message).toContain('between start 10 and end 30 (not a percentage)');
      const options = await validate('validate-set-custom-field-value', {
        ...base,
        type: 'text',
        value: 'x',
        value_options: { time: true },
      });
      expect(options.errors.map((e) => e.field)).toEqual(['value_options']);
    });

    it('rejects a field name and a missing value', async () => {
      const result = await validate('validate-set-custom-field-value', {
        task_id: '8687096vn',
        field_id: 'Status',
      });
      expect(result.errors.map((e) => e.field)).toEqual(['field_id', 'value']);
      expect(antiPatterns(result)).toEqual(['field-name-as-field-id', undefined]);
    });
  });

  it('agrees with the examples of the YAML: accepted inputs pass, failing inputs name their anti-pattern', async () => {
    let checked = 0;
    for (const example of definition.examples) {
      const command = definition.commands.find((c) => c.name === example.group);
      const validator = command?.validation[0];
      if (!validator || example.input === undefined) continue;
      const output = example.output as { valid?: boolean } | undefined;
      const error = example.error as { field?: string; antiPattern?: string } | undefined;
      if (output?.valid !== true && !error?.antiPattern) continue;
      const context = example.extra['context'];
      const result = await validate(validator, example.input, context);
      if (output?.valid === true)
        expect({ id: example.id, result }).toEqual({ id: example.id, result: { valid: true, errors: [] } });
      if (error?.antiPattern) {
        expect({ id: example.id, antiPatterns: antiPatterns(result) }).toEqual({
          id: example.id,
          antiPatterns: expect.arrayContaining([error.antiPattern]),
        });
        if (example.correct !== undefined) {
          expect({ id: example.id, correct: await validate(validator, example.correct, context) }).toEqual({
            id: example.id,
            correct: { valid: true, errors: [] },
          });
        }
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('only names anti-patterns that the YAML defines', () => {
    const defined = new Set(definition.antiPatterns.map((a) => a.pattern));
    expect(antiPatternsSeen.size).toBeGreaterThan(15);
    expect([...antiPatternsSeen].filter((id) => !defined.has(id))).toEqual([]);
  });
});

describe('through the runtime (executor, validation helper, processor engine)', () => {
  let executor: ToolHelperExecutor;
  beforeAll(() => {
    executor = new ToolHelperExecutor(definition, pool);
  });

  it('processes every verbatim payload within the declared output schema', async () => {
    const engine = new ProcessorEngine(definition, executor);
    const formats: Record<string, string> = {};
    for (const name of Object.values(VERBATIM)) {
      const { value } = await engine.run<{ webhook: { format: string } }>('process-task', fixture(name));
      formats[name] = value.webhook.format;
    }
    expect(formats).toEqual({
      [VERBATIM.statusUpdated]: 'standard',
      [VERBATIM.taskDeleted]: 'standard',
      [VERBATIM.listCreated]: 'standard',
      [VERBATIM.keyResultUpdated]: 'standard',
      [VERBATIM.automation]: 'automation',
      [VERBATIM.legacy]: 'automation_legacy',
      [VERBATIM.versionVector]: 'version_vector',
    });
    expect((await engine.run('normalize-task-name', 'Data de Início')).value).toBe('data_de_inicio');
  });

  it('turns a validator anti-pattern id into guidance with the wrong and the correct form', async () => {
    const helper = new ToolValidationHelper(definition, executor);
    const result = await helper.validate('update_task', { task_id: '86b4bnnny', assignees: [456] });
    expect(result.valid).toBe(false);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({
      field: 'assignees',
      validator: 'validate-update-task',
      antiPattern: { id: 'flat-assignees-on-update' },
    });
    const line = describeIssue(result.errors[0]!);
    expect(line).toContain('Send {"add":[456],"rem":[]}');
    expect(line).toContain('[anti-pattern flat-assignees-on-update:');
    expect(line).toContain(
      'Correct: update_task({ task_id: "86b4bnnny", assignees: { add: [456, 789], rem: [183] } })',
    );
  });

  it('reports each anti-pattern once when a detect rule and the validator both see it', async () => {
    const helper = new ToolValidationHelper(definition, executor);
    const result = await helper.validate('create_task', {
      list_id: '1',
      name: 'x',
      custom_fields: { Status: 1 },
    });
    expect(result.errors.map((e) => [e.field, e.antiPattern?.id])).toEqual([
      ['custom_fields', 'custom-fields-as-name-map'],
    ]);
    expect((await helper.validate('create_task', { list_id: '1', name: 'x' })).valid).toBe(true);
  });

  it('loads only what a validator imports: nothing of the webhook side, the processors or the writes', () => {
    const validator = definition.executableKnowledge.validators.find((v) => v.id === 'validate-update-task');
    if (!validator?.code) throw new Error('validate-update-task has no code');
    const modules = executor.modulesFor({
      id: validator.id,
      code: validator.code,
      dependencies: validator.dependencies,
    });
    expect(modules[0]).toBe('validate-update-task');
    expect(modules.slice(1).sort()).toEqual([
      'helpers/call-context.mjs',
      'helpers/check-custom-field-value.mjs',
      'helpers/classify-task-id.mjs',
      'helpers/clickup-dates.mjs',
      'helpers/context-checks.mjs',
      'helpers/custom-field-types.mjs',
      'helpers/diff-assignees.mjs',
      'helpers/read-priority.mjs',
      'helpers/task-args.mjs',
      'helpers/task-assignee-checks.mjs',
      'helpers/task-field-checks.mjs',
      'shared/names.mjs',
      'shared/values.mjs',
    ]);
  });

  it('reports a refused write as a HelperError positioned in the helper file', async () => {
    const error = await executor.execute('to-write-value', ['formula', 3]).catch((e: unknown) => e);
    expect(HelperError.isInstance(error)).toBe(true);
    expect((error as HelperError).file).toBe('helpers/to-write-value.mjs');
    expect((error as HelperError).message).toContain('cannot be set through the API');
  });
});
