/**
 * Comments in Markdown through the MCP SDK's client, against the emulator: a comment with a mention
 * by name, by e-mail and "me", bold, a link and a list sent as ClickUp's rich text (the mentions
 * by full name or e-mail converted to member ids and announced) and read back as Markdown; a reply with a code block; an
 * edit; plain text still sent as comment_text; a mention of no one, or of a first name only, refused
 * before anything is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';

const BOB = 81000002;
const CAROL = 81000003;
const THREAD = '90150000031';
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'comments'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const newest = () => clickup.emulator.state.comments.at(-1)!;
type Items = { items: { id: string; text: string }[] };

describe('comments in Markdown', () => {
  it('sends mentions, bold, links and lists as rich text, and reads them back as Markdown', async () => {
    const me = clickup.emulator.state.me;
    const posted = await clickup.call('clickup_create_comment', {
      task_id: 'DEV-3',
      text: '@[bob chen] please check **the fix** with @carol@example.com:\n- [CI](https://ci.example.com/7)\n- ping @me',
    });
    expect(posted.isError).toBe(false);
    expect(posted.text).toContain(`text (mention 1) "bob chen" → ${BOB} (Bob Chen)`);
    expect(posted.text).toContain(`text (mention 2) "carol@example.com" → ${CAROL} (Carol Diaz)`);
    expect(newest().blocks).toEqual([
      { type: 'tag', user: { id: BOB } },
      { text: ' please check ' },
      { text: 'the fix', attributes: { bold: true } },
      { text: ' with ' },
      { type: 'tag', user: { id: CAROL } },
      { text: ':' },
      { text: '\n' },
      { text: 'CI', attributes: { link: 'https://ci.example.com/7' } },
      { text: '\n', attributes: { list: { list: 'bullet' } } },
      { text: 'ping ' },
      { type: 'tag', user: { id: me } },
      { text: '\n', attributes: { list: { list: 'bullet' } } },
    ]);
    expect(newest().text).toBe('@Bob Chen please check the fix with @Carol Diaz:\nCI\nping @Alice Martin\n');

    const read = (await clickup.call('clickup_get_comments', { task_id: 'DEV-3' })).json as Items;
    expect(read.items.find((c) => c.id === newest().id)?.text).toBe(
      '@[Bob Chen] please check **the fix** with @[Carol Diaz]:\n- [CI](https://ci.example.com/7)\n- ping @[Alice Martin]',
    );
  });

  it('replies with a code block and edits a comment into a numbered list', async () => {
    const reply = await clickup.call('clickup_create_comment_reply', {
      comment_id: THREAD,
      text: 'Fixed:\n```ts\nretry(3);\n```',
    });
    expect(reply.isError).toBe(false);
    expect(newest().blocks).toEqual([
      { text: 'Fixed:' },
      { text: '\n' },
      { text: 'retry(3);' },
      { text: '\n', attributes: { 'code-block': { 'code-block': 'ts' } } },
    ]);
    const replies = (await clickup.call('clickup_get_comment_replies', { comment_id: THREAD })).json as Items;
    expect(replies.items.at(-1)!.text).toBe('Fixed:\n```ts\nretry(3);\n```');

    const edited = await clickup.call('clickup_update_comment', {
      comment_id: THREAD,
      text: '1. _first_\n2. `second`',
    });
    expect(edited.isError).toBe(false);
    const thread = clickup.emulator.state.comments.find((c) => c.id === THREAD)!;
    expect(thread.blocks).toEqual([
      { text: 'first', attributes: { italic: true } },
      { text: '\n', attributes: { list: { list: 'ordered' } } },
      { text: 'second', attributes: { code: true } },
      { text: '\n', attributes: { list: { list: 'ordered' } } },
    ]);
  });

  it('sends plain text, an escaped \\@, snake_case and an e-mail address as comment_text', async () => {
    const mark = clickup.emulator.requests.length;
    const plain = await clickup.call('clickup_create_comment', {
      task_id: 'DEV-3',
      text: 'Mail ops@example.com or use \\@here; see my_var_name.',
    });
    expect(plain.isError).toBe(false);
    const sent = clickup.emulator.writes(mark)[0]!;
    expect(sent.body).toMatchObject({ comment_text: 'Mail ops@example.com or use @here; see my_var_name.' });
    expect(newest().blocks).toBeUndefined();
  });

  it('refuses a mention of no one and a near miss before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const nobody = await clickup.call('clickup_create_comment', { task_id: 'DEV-3', text: 'cc @zed' });
    expect(nobody.isError).toBe(true);
    expect(nobody.text).toContain(
      'text (mention 1): "zed" is not a workspace member. Valid members: 81000001 (Alice Martin)',
    );
    const nearMiss = await clickup.call('clickup_create_comment_reply', {
      comment_id: THREAD,
      text: 'thanks @bob',
    });
    expect(nearMiss.isError).toBe(true);
    expect(nearMiss.text).toContain('"bob" is not a workspace member. Did you mean 81000002 (Bob Chen)?');
    expect(clickup.emulator.writes(mark)).toEqual([]);
  });
});
