/**
 * Renaming, recolouring and deleting Space tags through the MCP SDK's client, against the emulator:
 * the tag named in any case, the whole tag sent (its other colour kept), the tasks that carry it
 * following; nothing to change, a name the Space already has and a tag it lacks refused before
 * anything is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { spaceTagTools } from './index.ts';

describeAreaDefinitions('space_tags', spaceTagTools);

const DEV_SPACE = '90151000001';
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'tags'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const spaceTags = () => clickup.emulator.state.spaces.find((s) => s.id === DEV_SPACE)!.tags;
const tagsOf = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!.tags;
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('clickup_update_space_tag', () => {
  it('renames a tag named in any case, keeps its other colour, and its tasks follow', async () => {
    const before = spaceTags().find((t) => t.name === 'tech-debt')!;
    const mark = clickup.emulator.requests.length;
    const renamed = await clickup.call('clickup_update_space_tag', {
      space_id: DEV_SPACE,
      tag: 'Tech-Debt',
      name: 'debt',
      bg: '#123456',
    });
    expect(renamed.isError).toBe(false);
    expect(renamed.text).toContain('tag "Tech-Debt" → tech-debt');
    expect(renamed.json).toEqual({
      spaceId: DEV_SPACE,
      renamedFrom: 'tech-debt',
      tag: { name: 'debt', fg: before.tag_fg, bg: '#123456' },
    });
    const writes = writesSince(mark);
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /api/v2/space/${DEV_SPACE}/tag/tech-debt`,
    ]);
    expect(writes[0]!.body).toEqual({ tag: { name: 'debt', fg_color: before.tag_fg, bg_color: '#123456' } });
    expect(tagsOf('DEV-5')).toEqual(['debt']);
  });

  it('refuses nothing to change, a name the Space has, and a tag it lacks — nothing sent', async () => {
    const mark = clickup.emulator.requests.length;
    const nothing = await clickup.call('clickup_update_space_tag', { space_id: DEV_SPACE, tag: 'bug' });
    expect(nothing.text).toContain('name: nothing to change: give a new name, fg or bg. Nothing was sent.');
    const taken = await clickup.call('clickup_update_space_tag', {
      space_id: DEV_SPACE,
      tag: 'bug',
      name: 'Feature',
    });
    expect(taken.text).toContain(`name: Space ${DEV_SPACE} already has a tag "Feature".`);
    const unknown = await clickup.call('clickup_update_space_tag', {
      space_id: DEV_SPACE,
      tag: 'bugg',
      fg: '#fff',
    });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('"bugg" is not a tag');
    expect(unknown.text).toContain('Did you mean bug?');
    expect(writesSince(mark)).toEqual([]);
  });
});

describe('clickup_delete_space_tag', () => {
  it('deletes a Space tag: the tasks that carried it lose it', async () => {
    expect(tagsOf('DEV-3')).toEqual(['bug']);
    const deleted = await clickup.call('clickup_delete_space_tag', { space_id: DEV_SPACE, tag: 'BUG' });
    expect(deleted.isError).toBe(false);
    expect(deleted.json).toEqual({ spaceId: DEV_SPACE, deleted: 'bug' });
    expect(spaceTags().map((t) => t.name)).toEqual(['feature', 'tech-debt']);
    expect(tagsOf('DEV-3')).toEqual([]);
  });
});
