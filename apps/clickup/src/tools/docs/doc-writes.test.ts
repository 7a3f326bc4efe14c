/**
 * Doc writes through the MCP SDK's client, against the emulator (API v3): a doc created in a space
 * named by its name (its first page's id answered), a page and a sub-page added with markdown, a
 * page's content replaced, appended to and prepended to, and renamed; content without a mode, a
 * change of nothing and a parent that is no place refused before anything is sent; an unknown page
 * answered with where the ids are.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { docWriteTools } from './index.ts';

describeAreaDefinitions('doc_writes', docWriteTools);

const HANDBOOK = '8cnw8r7-15';
const GETTING_STARTED = '8cnw8r7-35';
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'docs,doc_writes'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const handbook = () => clickup.emulator.state.docs.find((d) => d.id === HANDBOOK)!;
const page = (id: string) => handbook().pages.find((p) => p.id === id)!;
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('clickup_create_doc', () => {
  it('creates a doc in a space named by its name, answering its first page', async () => {
    const space = clickup.emulator.state.spaces[0]!;
    const created = await clickup.call('clickup_create_doc', {
      name: 'Runbook',
      parent_id: space.name.toLowerCase(),
    });
    expect(created.isError).toBe(false);
    expect(created.text).toContain(`parent_id "${space.name.toLowerCase()}" → ${space.id}`);
    const doc = clickup.emulator.state.docs.at(-1)!;
    expect(created.json).toMatchObject({
      id: doc.id,
      name: 'Runbook',
      parent: { id: space.id, type: 'space' },
      page_id: doc.pages[0]!.id,
    });
    expect(doc.parent).toEqual({ id: space.id, type: 4 });
    // The new doc is found by name at once (the doc references were dropped).
    const pages = await clickup.call('clickup_get_doc_pages', { doc_id: 'runbook' });
    expect(pages.isError).toBe(false);
  });

  it('creates a doc in a list and in the workspace (no parent_id)', async () => {
    const list = clickup.emulator.state.lists[0]!;
    expect((await clickup.call('clickup_create_doc', { name: 'Notes', parent_id: list.id })).isError).toBe(
      false,
    );
    expect(clickup.emulator.state.docs.at(-1)!.parent).toEqual({ id: list.id, type: 6 });
    expect((await clickup.call('clickup_create_doc', { name: 'Team' })).isError).toBe(false);
    expect(clickup.emulator.state.docs.at(-1)!.parent).toEqual({ id: clickup.emulator.teamId, type: 12 });
  });

  it('refuses a parent that is no space, folder or list before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_create_doc', { name: 'X', parent_id: '424242' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('is not the id of a space, folder or list of this workspace');
    expect(writesSince(mark)).toEqual([]);
  });
});

describe('clickup_create_doc_page', () => {
  it('adds a page with markdown, and a sub-page under a page named by its name', async () => {
    const added = await clickup.call('clickup_create_doc_page', {
      doc_id: HANDBOOK,
      name: 'Releases',
      content: '# Releases\n\n- tag\n- publish',
    });
    expect(added.isError).toBe(false);
    const { id } = added.json as { id: string };
    expect(page(id)).toMatchObject({ name: 'Releases', content: '# Releases\n\n- tag\n- publish' });
    const sub = await clickup.call('clickup_create_doc_page', {
      doc_id: 'engineering handbook',
      name: 'Hotfixes',
      parent_page_id: 'releases',
    });
    expect(sub.isError).toBe(false);
    expect(sub.json).toMatchObject({ name: 'Hotfixes', parent: id });
    const read = await clickup.call('clickup_get_doc_pages', { doc_id: HANDBOOK });
    expect((read.json as { items: { name: string; parent?: string }[] }).items.at(-1)).toMatchObject({
      name: 'Hotfixes',
      parent: id,
    });
  });

  it('refuses a parent page the doc does not have, sending nothing', async () => {
    const mark = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_create_doc_page', {
      doc_id: HANDBOOK,
      name: 'X',
      parent_page_id: 'nope',
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('Getting started');
    expect(writesSince(mark)).toEqual([]);
  });
});

describe('clickup_update_doc_page', () => {
  it('replaces, appends to and prepends to the markdown, and renames', async () => {
    const update = (args: Record<string, unknown>) =>
      clickup.call('clickup_update_doc_page', { doc_id: HANDBOOK, page_id: GETTING_STARTED, ...args });
    expect((await update({ content: 'Body', mode: 'replace' })).json).toEqual({
      id: GETTING_STARTED,
      doc_id: HANDBOOK,
      content: 'replaced',
    });
    await update({ content: '\n\nTail', mode: 'append' });
    await update({ content: '# Top\n\n', mode: 'prepend' });
    expect(page(GETTING_STARTED).content).toBe('# Top\n\nBody\n\nTail');
    expect((await update({ name: 'Start here' })).json).toMatchObject({ name: 'Start here' });
    expect(page(GETTING_STARTED).name).toBe('Start here');
  });

  it('refuses content without a mode, a mode without content and a change of nothing, sending nothing', async () => {
    const mark = clickup.emulator.requests.length;
    const base = { doc_id: HANDBOOK, page_id: GETTING_STARTED };
    const noMode = await clickup.call('clickup_update_doc_page', { ...base, content: 'X' });
    expect(noMode.isError).toBe(true);
    expect(noMode.text).toContain('mode: is required with content: "replace" overwrites the whole page');
    const noContent = await clickup.call('clickup_update_doc_page', { ...base, mode: 'append' });
    expect(noContent.text).toContain('content: is required with mode "append"');
    const nothing = await clickup.call('clickup_update_doc_page', base);
    expect(nothing.text).toContain('nothing to change');
    expect(writesSince(mark)).toEqual([]);
    expect(page(GETTING_STARTED).content).toContain('Clone the repository');
  });

  it('never sends an append twice when its answer is lost', async () => {
    clickup.emulator.failAfterHandling({ method: 'PUT', path: '/api/*', status: 502 });
    const mark = clickup.emulator.requests.length;
    const lost = await clickup.call('clickup_update_doc_page', {
      doc_id: HANDBOOK,
      page_id: GETTING_STARTED,
      content: ' more',
      mode: 'append',
    });
    expect(lost.isError).toBe(true);
    expect(lost.text).toMatch(/^Outcome unknown: it is not known whether the page 8cnw8r7-35 was changed/);
    expect(lost.text).toContain('Call clickup_get_doc_pages');
    expect(writesSince(mark).filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(page(GETTING_STARTED).content.endsWith(' more')).toBe(true);
  });
});
