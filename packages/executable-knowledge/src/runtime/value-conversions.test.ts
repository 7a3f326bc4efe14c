import { describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { ValidatorOutputError } from '../errors/validator-output-error.ts';
import { loadToolDefinition } from '../loader/index.ts';
import type { ToolHelperExecutor } from './tool-helper-executor.ts';
import { ToolValidationHelper } from './tool-validation-helper.ts';
import {
  applyConversions,
  conversionProblem,
  formatConversion,
  formatConversionNote,
  MAX_CONVERSIONS,
  parseConversionPath,
} from './value-conversions.ts';

describe('conversion paths', () => {
  it('reads the field syntax of validator errors', () => {
    expect(parseConversionPath('status')).toEqual(['status']);
    expect(parseConversionPath('assignees[0]')).toEqual(['assignees', 0]);
    expect(parseConversionPath('custom_fields[1].value[2]')).toEqual(['custom_fields', 1, 'value', 2]);
    expect(parseConversionPath('fields["Data de Início"].id')).toEqual(['fields', 'Data de Início', 'id']);
    for (const bad of ['', '.status', '[0]', 'a..b', 'a.', 'a[x]', 'a[0']) {
      expect(parseConversionPath(bad)).toBeUndefined();
    }
  });
});

describe('applyConversions', () => {
  const input = {
    status: 'in review',
    assignees: ['me', 183],
    custom_fields: [{ id: 'Priority level', value: 'High' }],
  };

  it('checks that "from" is what the input holds', () => {
    expect(conversionProblem(input, { path: 'assignees[0]', from: 'me' })).toBeUndefined();
    expect(conversionProblem(input, { path: 'assignees[0]', from: 'you' })).toBe(
      'its "from" "you" is not the input\'s value at assignees[0] ("me")',
    );
    expect(conversionProblem(input, { path: 'assignees[5]', from: 'me' })).toBe(
      'the input has nothing at assignees[5]',
    );
    expect(conversionProblem(input, { path: '[0]', from: 'me' })).toContain('is not an argument path');
  });

  it('copies along the converted paths and leaves the input untouched', () => {
    const out = applyConversions(input, [
      { path: 'status', to: 'In Review' },
      { path: 'assignees[0]', to: 81 },
      { path: 'custom_fields[0].id', to: '5dc86497-098d-4bb0-87d6-cf28e43812e7' },
    ]);
    expect(out).toEqual({
      status: 'In Review',
      assignees: [81, 183],
      custom_fields: [{ id: '5dc86497-098d-4bb0-87d6-cf28e43812e7', value: 'High' }],
    });
    expect(input.assignees).toEqual(['me', 183]);
    expect(input.custom_fields[0]!.id).toBe('Priority level');
  });

  it('copies a container once however many conversions go through it, in order', () => {
    const shared = { deep: [1, 2] };
    const nested = { a: { b: [1, 2, 3] }, c: shared, d: shared };
    const out = applyConversions(nested, [
      { path: 'a.b[0]', to: 10 },
      { path: 'a.b[2]', to: 30 },
      { path: 'c.deep[0]', to: 'x' },
      { path: 'a.b[0]', to: 11 }, // a later conversion of a path wins, as when applied one by one
    ]);
    expect(out).toEqual({ a: { b: [11, 2, 30] }, c: { deep: ['x', 2] }, d: { deep: [1, 2] } });
    expect(nested).toEqual({ a: { b: [1, 2, 3] }, c: { deep: [1, 2] }, d: { deep: [1, 2] } });
    expect(out.d).toBe(shared); // what no conversion touched is shared, not copied
    // A "__proto__" key stays an own property of the copy, never its prototype.
    const proto = JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as Record<string, unknown>;
    const converted = applyConversions(proto, [{ path: '__proto__.x', to: 2 }]);
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(converted, '__proto__')?.value).toEqual({ x: 2 });
  });

  it('checks and applies 20,000 conversions in linear time (quadratic: 3.7 s)', () => {
    const many = (n: number) => {
      const items = Array.from({ length: n }, (_, i) => ({ id: i, name: `item ${i}` }));
      const conversions = items.map((_, i) => ({
        path: `items[${i}].name`,
        from: `item ${i}`,
        to: `Item ${i}`,
      }));
      return { input: { items }, conversions };
    };
    // Linear, not quadratic, judged by how the time grows with the size — never by a wall-clock
    // bound, which a loaded CI machine breaks (2 busy cores made one of 250 ms take 1,073 ms).
    // 4× the conversions: linear work takes ~4× as long, the quadratic version took ~16×.
    const timed = (n: number) => {
      const work = many(n);
      const started = performance.now();
      const problems = work.conversions.map((c) => conversionProblem(work.input, c)).filter(Boolean);
      const out = applyConversions(work.input, work.conversions);
      return { elapsedMs: performance.now() - started, problems, out, input: work.input };
    };
    const small: number[] = [];
    const large: number[] = [];
    let last: ReturnType<typeof timed> | undefined;
    for (let round = 0; round < 5; round++) {
      small.push(timed(5_000).elapsedMs);
      last = timed(20_000);
      large.push(last.elapsedMs);
    }
    const { out, problems, input } = last!;
    expect(problems).toEqual([]);
    expect(out.items[19_999]).toEqual({ id: 19_999, name: 'Item 19999' });
    expect(input.items[19_999]!.name).toBe('item 19999');
    const growth = Math.min(...large) / Math.min(...small);
    expect(growth).toBeLessThan(10);
  });

  it('formats notes an agent can learn from', () => {
    const status = {
      path: 'status',
      from: 'in review',
      to: 'In Review',
      reason: 'case fixed',
      validator: 'v',
    };
    expect(formatConversion(status)).toBe('status: "in review" → "In Review" (case fixed)');
    expect(
      formatConversionNote([
        status,
        { ...status, path: 'assignees[0]', from: 'me', to: 81, reason: undefined },
      ]),
    ).toBe(
      'Converted before sending (send these values directly next time):\n- status: "in review" → "In Review" (case fixed)\n- assignees[0]: "me" → 81',
    );
  });
});

describe('conversions in ToolValidationHelper.validate', () => {
  const fixture = fileURLToPath(new URL('../__fixtures__/tools/clickup/clickup.tool.yaml', import.meta.url));
  /** create_task's validator, its function answered by a stub that proposes `count` conversions. */
  async function validating(count: number) {
    const definition = await loadToolDefinition(fixture);
    const items = Array.from({ length: count }, (_, i) => i);
    const proposed = items.map((i) => ({ path: `items[${i}]`, from: i, to: i + 1, reason: 'shifted' }));
    // Counts the proposed conversions read, to show a refusal reads none.
    const reads = { count: 0 };
    const conversions = new Proxy(proposed, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const executor = { run: async () => ({ value: { valid: true, errors: [], conversions } }) };
    const helper = new ToolValidationHelper(definition, executor as unknown as ToolHelperExecutor);
    return Object.assign(() => helper.validate('create_task', { listId: 'l1', name: 'n', items }), { reads });
  }

  it(`applies up to MAX_CONVERSIONS (${MAX_CONVERSIONS}) in linear time`, async () => {
    const validate = await validating(MAX_CONVERSIONS);
    const quarter = await validating(MAX_CONVERSIONS / 4);
    // Judged by growth (4× the conversions, best of five each), not by a wall-clock bound.
    const time = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const full: number[] = [];
    const part: number[] = [];
    for (let round = 0; round < 5; round++) {
      part.push(await time(quarter));
      full.push(await time(validate));
    }
    expect(Math.min(...full) / Math.min(...part)).toBeLessThan(10);
    const result = await validate();
    expect(result.valid).toBe(true);
    expect(result.conversions).toHaveLength(MAX_CONVERSIONS);
    expect((result.input!['items'] as number[])[MAX_CONVERSIONS - 1]).toBe(MAX_CONVERSIONS);
  });

  it('refuses more than MAX_CONVERSIONS before reading them (only the three its message quotes), naming the limit', async () => {
    const validate = await validating(20_000);
    const error = await validate().catch((e: unknown) => e);
    expect(validate.reads.count).toBeLessThanOrEqual(3);
    expect(ValidatorOutputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      `it proposes 20000 conversions, more than the ${MAX_CONVERSIONS} one validation may apply`,
    );
  });
});
