import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import { GetTaskTool } from './get-task.tool.ts';
import { taskTools } from './index.ts';

describeAreaDefinitions('tasks', taskTools);

describe('clickup_get_task', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  const run = (args: Record<string, unknown>) => new GetTaskTool().run(args, clickup.ctx());
  const json = (result: { content: { type: string; text?: string }[] }) =>
    JSON.parse((result.content.at(-1) as { text: string }).text) as Record<string, unknown>;

  it('answers compactly by default, and adds the sections asked for', async () => {
    const compact = json(await run({ task_id: 'DEV-1' }));
    expect(Object.keys(compact)).not.toContain('description');
    expect(compact).toMatchObject({
      customId: 'DEV-1',
      name: expect.any(String),
      status: expect.any(String),
    });
    const full = json(
      await run({ task_id: 'DEV-1', include: ['description', 'custom_fields', 'comments', 'dates'] }),
    );
    expect(full).toHaveProperty('description');
    expect(full).toHaveProperty('customFields');
    expect(full).toHaveProperty('comments');
    expect(full).toHaveProperty('dates.created');
  });

  it('accepts the id in every form: id, CU- prefix, URL, custom id', async () => {
    const byCustom = json(await run({ task_id: 'DEV-1' }));
    const id = byCustom.id as string;
    for (const ref of [id, `CU-${id}`, `https://app.clickup.com/t/${id}`]) {
      expect(json(await run({ task_id: ref })).id).toBe(id);
    }
  });

  it('explains an unknown task and a malformed reference', async () => {
    const missing = await run({ task_id: 'zzzzzzzzz' });
    expect(missing.isError).toBe(true);
    const malformed = await run({ task_id: 'two words' });
    expect(malformed.isError).toBe(true);
    expect((malformed.content[0] as { text: string }).text).toMatch(/task reference.*DEV-123/);
  });
});
