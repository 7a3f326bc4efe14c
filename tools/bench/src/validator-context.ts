/**
 * `@toolsmith/executable-knowledge`: what validation with call context costs per call once the
 * context is cached (ADR 0015) — the ClickUp pack's `create_task` validator through
 * `ToolValidationHelper` and the real sandbox pool, sequential calls:
 *
 * 1. today's call: the arguments alone (no context);
 * 2. the context resolved from a warm `ValidationContext` (list statuses, the list's 29 custom
 *    fields with their options, 50 workspace members, the authorized user) and sent along — the
 *    validator reads it and finds nothing to convert;
 * 3. the same with seven conversions (status case, "me", an email, a field name, three option labels),
 *    which the host checks and applies;
 * 4. `ValidationContext.resolve` alone (the host side: cache lookups, no sandbox).
 *
 * Goal: row 2, median ≤ 1 ms.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createSandboxPool,
  defineContextProvider,
  loadToolDefinition,
  ToolHelperExecutor,
  ToolValidationHelper,
  ValidationContext,
} from '@toolsmith/executable-knowledge';
import type { BenchmarkResult, ResultRow } from './report.ts';
import { sized } from './smoke.ts';
import { elapsedUs, percentile, summarize } from './stats.ts';

const PACK_DIR = fileURLToPath(new URL('../../../apps/clickup/knowledge/', import.meta.url));
const WARMUP = sized(500, 5);
const CALLS = sized(2_000, 20);
const MEMBERS = 50;

function realisticContext() {
  const task = JSON.parse(
    readFileSync(`${PACK_DIR}__fixtures__/derived/section-3-get-task-every-custom-field-type.json`, 'utf8'),
  ) as { custom_fields: Record<string, unknown>[] };
  const list = {
    id: '901102008938',
    name: 'Clientes',
    statuses: ['to do', 'in progress', 'In Review', 'blocked', 'complete'].map((status, orderindex) => ({
      id: `p9011_s${orderindex}`,
      status,
      type: orderindex === 4 ? 'closed' : orderindex === 0 ? 'open' : 'custom',
      orderindex,
      color: '#7C4DFF',
    })),
  };
  const fields = { fields: task.custom_fields.map(({ value: _value, ...definition }) => definition) };
  const members = Array.from({ length: MEMBERS }, (_, i) => ({
    user: {
      id: 100 + i,
      username: `Member ${i}`,
      email: `member${i}@company.com`,
      color: '#7b68ee',
      initials: 'M',
      role: 3,
      profilePicture: null,
    },
  }));
  const user = { user: { id: 100, username: 'Member 0', email: 'member0@company.com' } };
  return { list, custom_fields: fields, members, user };
}

export async function runValidatorContext(): Promise<BenchmarkResult> {
  const definition = await loadToolDefinition(`${PACK_DIR}clickup.tool.yaml`);
  const pool = createSandboxPool();
  const validation = new ToolValidationHelper(definition, new ToolHelperExecutor(definition, pool));
  const data = realisticContext();
  const provider = (id: keyof typeof data, key: (input: Record<string, unknown>) => string | undefined) =>
    defineContextProvider({ id, key, fetch: async () => data[id], ttlMs: Number.POSITIVE_INFINITY });
  const listKey = (input: Record<string, unknown>) => input['list_id'] as string | undefined;
  const context = new ValidationContext({
    providers: [
      provider('list', listKey),
      provider('custom_fields', listKey),
      provider('members', () => 'workspace'),
      provider('user', () => 'me'),
    ],
  });
  const ids = validation.contextFor('create_task');
  const plain = {
    list_id: '901102008938',
    name: 'Site visit',
    status: 'In Review',
    assignees: [100, 101],
    priority: 2,
    due_date: 1744761600000,
    custom_fields: [
      { id: '00000000-0000-4000-8000-00000000000b', value: '6f1b7e4a-9a1c-4c55-8f3e-1a2b3c4d5e01' },
    ],
  };
  const converting = {
    ...plain,
    status: 'in review',
    assignees: ['me', 'member7@company.com'],
    custom_fields: [
      { id: 'Marketing Task Type', value: 'Content' },
      { id: '00000000-0000-4000-8000-00000000000d', value: ['Bug', 'Feature'] },
    ],
  };
  const contextBytes = JSON.stringify((await context.resolve(ids, plain)).data).length;

  const check = async () => {
    const none = await validation.validate('create_task', plain);
    const withContext = await validation.validate('create_task', plain, {
      context: (await context.resolve(ids, plain)).data,
    });
    const converted = await validation.validate('create_task', converting, {
      context: (await context.resolve(ids, converting)).data,
    });
    if (!none.valid || !withContext.valid || withContext.conversions || converted.conversions?.length !== 7)
      throw new Error(
        `validator-context: unexpected results ${JSON.stringify([none, withContext, converted.errors, converted.conversions])}`,
      );
  };
  await check();

  const measure = async (run: () => Promise<unknown>) => {
    for (let i = 0; i < WARMUP; i++) await run();
    const samples: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = process.hrtime.bigint();
      await run();
      samples.push(elapsedUs(start));
    }
    return samples;
  };
  const BASELINE = 'create_task, no context (as before)';
  const cases: [string, () => Promise<unknown>][] = [
    [BASELINE, () => validation.validate('create_task', plain)],
    [
      'create_task + cached context (nothing to convert)',
      async () =>
        validation.validate('create_task', plain, { context: (await context.resolve(ids, plain)).data }),
    ],
    [
      'create_task + cached context, 7 conversions',
      async () =>
        validation.validate('create_task', converting, {
          context: (await context.resolve(ids, converting)).data,
        }),
    ],
  ];
  const rows: ResultRow[] = [];
  let resolveRow: ResultRow;
  try {
    for (const [label, run] of cases) {
      const sorted = (await measure(run)).sort((a, b) => a - b);
      rows.push({
        label,
        summary: summarize(sorted.map((us) => us / 1000)),
        note: `p99 ${(percentile(sorted, 99) / 1000).toFixed(2)} ms`,
        ...(label === BASELINE ? {} : { versus: BASELINE }),
      });
    }
    const sorted = (await measure(() => context.resolve(ids, plain))).sort((a, b) => a - b);
    resolveRow = {
      label: 'ValidationContext.resolve, 4 entries (cache hits)',
      summary: summarize(sorted),
      note: `p99 ${percentile(sorted, 99).toFixed(1)} µs`,
    };
  } finally {
    await pool.close();
  }
  const target = rows[1] as ResultRow;
  return {
    name: 'validator-context',
    tables: [
      { title: `Validation per call, ${CALLS} sequential calls after ${WARMUP} warm-up`, unit: 'ms', rows },
      { title: 'The host side alone', unit: 'µs', rows: [resolveRow] },
    ],
    targets: [
      {
        target: 'validation with cached context: median ≤ 1 ms',
        measured: `${target.summary.median.toFixed(3)} ms (${target.note})`,
        met: target.summary.median <= 1,
      },
    ],
    notes: [
      `context sent per call: ${contextBytes} bytes of JSON (5 statuses, ${data.custom_fields.fields.length} custom fields with their options, ${MEMBERS} members, the user)`,
    ],
  };
}
