import { describe, expect, it } from '@jest/globals';
import { NotFoundError } from '../errors/not-found-error.ts';
import { runBatch } from './batch.ts';

describe('runBatch', () => {
  it('reports every item: successes, and failures by id with their recovery text', async () => {
    const result = await runBatch(
      ['a', 'missing', 'c'],
      async (id) => {
        if (id === 'missing')
          throw new NotFoundError({
            message: `Task ${id} not found. List tasks to see valid ids.`,
            resource: 'Task',
            id,
          });
        return id.toUpperCase();
      },
      { field: 'ids', idOf: (id) => id, idField: 'taskId', max: 10 },
    );
    expect(result.total).toBe(3);
    expect(result.successful).toEqual(['A', 'C']);
    expect(result.failed).toEqual([{ taskId: 'missing', error: expect.stringContaining('missing') }]);
  });

  it('refuses more items than the limit before running any, naming the setting', async () => {
    let ran = 0;
    await expect(
      runBatch([1, 2, 3], async () => ran++, {
        field: 'ids',
        idOf: (n) => n,
        max: 2,
        maxSetting: 'APP_MAX_BATCH',
      }),
    ).rejects.toThrow(/ids.*3 items.*at most 2 per call \(APP_MAX_BATCH\)/s);
    expect(ran).toBe(0);
  });

  it('throws when the call was cancelled instead of reporting each item as failed', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runBatch([1], async () => Promise.reject(new Error('aborted')), {
        field: 'ids',
        idOf: (n) => n,
        max: 5,
        signal: controller.signal,
      }),
    ).rejects.toThrow('aborted');
  });

  it('runs at most `concurrency` items at once and reports each settled item, in order', async () => {
    let running = 0;
    let most = 0;
    const settled: string[] = [];
    const result = await runBatch(
      [1, 2, 3, 4, 5, 6, 7],
      async (n) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (n === 4) throw new Error('four failed');
        return n;
      },
      {
        field: 'ids',
        idOf: (n) => n,
        max: 10,
        concurrency: 2,
        onSettled: (done, total) => {
          settled.push(`${done}/${total}`);
          if (done === 3) throw new Error('a progress sink that fails does not fail the item');
        },
      },
    );
    expect(most).toBe(2);
    expect(settled).toEqual(['1/7', '2/7', '3/7', '4/7', '5/7', '6/7', '7/7']);
    expect(result.successful).toEqual([1, 2, 3, 5, 6, 7]);
    expect(result.failed).toEqual([{ id: 4, error: 'four failed' }]);
  });

  it('starts no item after the call is cancelled', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await expect(
      runBatch(
        [1, 2, 3],
        async (n) => {
          started.push(n);
          controller.abort();
          return n;
        },
        { field: 'ids', idOf: (n) => n, max: 5, concurrency: 1, signal: controller.signal },
      ),
    ).rejects.toThrow();
    expect(started).toEqual([1]);
  });
});
