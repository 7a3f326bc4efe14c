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
});
