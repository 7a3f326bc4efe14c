import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { GetDocPagesTool } from './get-doc-pages.tool.ts';
import { SearchDocsTool } from './search-docs.tool.ts';
import { docTools } from './index.ts';

describeAreaDefinitions('docs', docTools);

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const items = (result: Result) => {
  expect(result.isError).toBeFalsy();
  return (JSON.parse(last(result)) as { items: Record<string, unknown>[] }).items;
};

const HANDBOOK = '8cnw8r7-15';

describe('docs tools against the emulator (API v3)', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  const run = (tool: AnyTool<ClickUpDeps>, args: Record<string, unknown>) =>
    tool.run(args, clickup.ctx()) as Promise<Result>;

  it('clickup_search_docs: every doc, by part of the name, by parent', async () => {
    const handbook = {
      id: HANDBOOK,
      name: 'Engineering handbook',
      parent: { id: '9015123456', type: 'workspace' },
      created: '2025-12-16T09:00:00.000Z',
    };
    expect(items(await run(new SearchDocsTool(), {}))).toEqual([handbook]);
    expect(items(await run(new SearchDocsTool(), { query: 'HANDBOOK' }))).toEqual([handbook]);
    expect(items(await run(new SearchDocsTool(), { query: 'roadmap' }))).toEqual([]);
    expect(items(await run(new SearchDocsTool(), { parent_id: '90151000001' }))).toEqual([]);
  });

  it('clickup_get_doc_pages: every page with its markdown, or one page', async () => {
    const pages = items(await run(new GetDocPagesTool(), { doc_id: HANDBOOK }));
    expect(pages.map((p) => p['name'])).toEqual(['Getting started', 'Code review']);
    expect(pages[0]).toMatchObject({
      id: '8cnw8r7-35',
      content: '# Getting started\n\nClone the repository and run `npm ci`.',
    });
    expect(items(await run(new GetDocPagesTool(), { doc_id: HANDBOOK, page_id: '8cnw8r7-55' }))).toEqual([
      {
        id: '8cnw8r7-55',
        name: 'Code review',
        updated: '2025-12-17T09:00:00.000Z',
        content: '# Code review\n\nTwo approvals for changes to main.',
      },
    ]);
  });

  it('clickup_get_doc_pages: an unknown doc or page says what to call', async () => {
    const noDoc = await run(new GetDocPagesTool(), { doc_id: 'nope' });
    expect(noDoc.isError).toBe(true);
    expect(text(noDoc)).toContain('"nope" is not a doc. Valid docs: 8cnw8r7-15 (Engineering handbook).');
    const noPage = await run(new GetDocPagesTool(), { doc_id: HANDBOOK, page_id: 'nope' });
    expect(noPage.isError).toBe(true);
    expect(text(noPage)).toContain(
      '"nope" is not a page of doc 8cnw8r7-15. Valid pages: 8cnw8r7-35 (Getting started), 8cnw8r7-55 (Code review).',
    );
  });
});
