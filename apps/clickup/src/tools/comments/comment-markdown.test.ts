/**
 * The Markdown ⇄ rich-text comment converter: the examples of ClickUp's [doc: Comment formatting]
 * read and written, and the round trip as a property — for generated comments in the supported
 * subset (bold, italic, code, links, mentions, bullets, numbered and checklist items, code blocks,
 * and text full of the characters those use), Markdown → blocks → Markdown gives the same Markdown
 * and blocks → Markdown → blocks the same blocks.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  blocksToMarkdown,
  markdownToBlocks,
  mentionsIn,
  mergeRuns,
  type CommentBlock,
  type InlineAttributes,
  type ListKind,
} from './comment-markdown.ts';

describe('Markdown → ClickUp comment blocks', () => {
  it('reads the formatting of the API docs', () => {
    expect(markdownToBlocks('plain **bold** _italic_ `code` [site](https://example.com)')).toEqual([
      { text: 'plain ' },
      { text: 'bold', attributes: { bold: true } },
      { text: ' ' },
      { text: 'italic', attributes: { italic: true } },
      { text: ' ' },
      { text: 'code', attributes: { code: true } },
      { text: ' ' },
      { text: 'site', attributes: { link: 'https://example.com' } },
    ]);
    expect(markdownToBlocks('- one\n1. two\n- [ ] three\n- [x] four')).toEqual([
      { text: 'one' },
      { text: '\n', attributes: { list: { list: 'bullet' } } },
      { text: 'two' },
      { text: '\n', attributes: { list: { list: 'ordered' } } },
      { text: 'three' },
      { text: '\n', attributes: { list: { list: 'unchecked' } } },
      { text: 'four' },
      { text: '\n', attributes: { list: { list: 'checked' } } },
    ]);
    expect(markdownToBlocks('Run:\n```\nnpm ci\n```')).toEqual([
      { text: 'Run:' },
      { text: '\n' },
      { text: 'npm ci' },
      { text: '\n', attributes: { 'code-block': { 'code-block': 'plain' } } },
    ]);
  });

  it('leaves snake_case as it is, and italicises inside a word with *', () => {
    expect(markdownToBlocks('rename my_var_name to _x_')).toEqual([
      { text: 'rename my_var_name to ' },
      { text: 'x', attributes: { italic: true } },
    ]);
    const inWord: CommentBlock[] = [
      { text: 'un' },
      { text: 'believ', attributes: { italic: true } },
      { text: 'able' },
    ];
    expect(blocksToMarkdown(inWord)).toBe('un*believ*able');
    expect(markdownToBlocks('un*believ*able')).toEqual(inWord);
  });

  it('reads mentions as tags, and leaves e-mail addresses, escaped and code @ as text', () => {
    expect(markdownToBlocks('@bob and @[Carol Diaz], cc @81000004 (@me)')).toEqual([
      { type: 'tag', user: { id: 'bob' } },
      { text: ' and ' },
      { type: 'tag', user: { id: 'Carol Diaz' } },
      { text: ', cc ' },
      { type: 'tag', user: { id: 81000004 } },
      { text: ' (' },
      { type: 'tag', user: { id: 'me' } },
      { text: ')' },
    ]);
    expect(mentionsIn('write to bob@example.com, not \\@bob or `@bob`')).toEqual([]);
    expect(mentionsIn('ask @alice@example.com.')).toEqual(['alice@example.com']);
  });

  it('writes the blocks the API answers as Markdown, mentions by name', () => {
    const blocks: CommentBlock[] = [
      { text: 'Ping ' },
      { type: 'tag', text: '@Bob Chen', user: { id: 81000002, username: 'Bob Chen' } },
      { text: ': see ' },
      { text: 'the log', attributes: { bold: true, link: 'https://ci.example.com/1' } },
      { text: '\n' },
      { text: 'a*b_c' },
      { text: '\n', attributes: { list: { list: 'bullet' } } },
    ];
    expect(blocksToMarkdown(blocks)).toBe(
      'Ping @[Bob Chen]: see [**the log**](https://ci.example.com/1)\n- a\\*b_c',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The round trip, for generated comments.

/** Text with the characters the marks use, and letters, spaces, e-mail-like and list-like bits. */
const textArb = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', 'b', 'Z', '0', '7', ' ', '.', ',', ':', '(', ')', '-', '!', '#'),
      fc.constantFrom('*', '_', '`', '[', ']', '\\', '@', '**', '- ', '1. ', '```', 'x@y.io', '@bob'),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(''));

const codeArb = fc
  .array(fc.constantFrom('a', 'b', ' ', '*', '_', '[', ']', '\\', '@', '1', '.'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((chars) => chars.join(''))
  .filter((text) => text.trim() !== '' && text === text.trimStart() && text === text.trimEnd());

const runArb: fc.Arbitrary<CommentBlock> = fc.oneof(
  { weight: 4, arbitrary: textArb.map((text) => ({ text })) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        text: textArb,
        bold: fc.boolean(),
        italic: fc.boolean(),
        link: fc.option(fc.constantFrom('https://example.com/a', 'https://x.io/p?q=1'), { nil: undefined }),
      })
      .map(({ text, bold, italic, link }): CommentBlock => {
        const attributes: InlineAttributes = {
          ...(bold ? { bold: true as const } : {}),
          ...(italic ? { italic: true as const } : {}),
          ...(link !== undefined ? { link } : {}),
        };
        return Object.keys(attributes).length ? { text, attributes } : { text };
      }),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ text: codeArb, link: fc.option(fc.constant('https://example.com/c'), { nil: undefined }) })
      .map(({ text, link }) => ({ text, attributes: { code: true as const, ...(link ? { link } : {}) } })),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.constantFrom('bob', 'alice@example.com', 'Carol Diaz', 'me', 'dave.k', 'Ann [ops]'),
        fc.integer({ min: 1, max: 99_999_999 }),
      )
      .map((id): CommentBlock => ({ type: 'tag', user: { id } })),
  },
);

type Line =
  { kind: 'text' | ListKind; runs: CommentBlock[] } | { kind: 'code'; language: string; code: string[] };

const lineArb: fc.Arbitrary<Line> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom<'text' | ListKind>('text', 'text', 'bullet', 'ordered', 'checked', 'unchecked'),
      runs: fc.array(runArb, { maxLength: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('code' as const),
      language: fc.constantFrom('plain', 'ts', 'bash'),
      code: fc.array(fc.oneof(codeArb, fc.constant('')), { minLength: 1, maxLength: 3 }),
    }),
  },
);

/** A comment as the converter writes it: runs merged, a plain last line without its newline. */
function toBlocks(lines: Line[]): CommentBlock[] {
  const blocks: CommentBlock[] = [];
  lines.forEach((line, index) => {
    if (line.kind === 'code') {
      for (const code of line.code) {
        if (code !== '') blocks.push({ text: code });
        blocks.push({ text: '\n', attributes: { 'code-block': { 'code-block': line.language } } });
      }
      return;
    }
    blocks.push(...line.runs);
    if (line.kind !== 'text') blocks.push({ text: '\n', attributes: { list: { list: line.kind } } });
    else if (index < lines.length - 1) blocks.push({ text: '\n' });
  });
  return mergeRuns(blocks);
}

/** Two code blocks of one language in a row are one block: keep a text line between them. */
const separated = (lines: Line[]) =>
  lines.every((line, i) => line.kind !== 'code' || lines[i + 1]?.kind !== 'code') &&
  !(lines.at(-1)?.kind === 'text' && (lines.at(-1) as { runs: CommentBlock[] }).runs.length === 0);

describe('the round trip', () => {
  it('Markdown → blocks → Markdown is stable, and so is blocks → Markdown → blocks', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }).filter(separated), (lines) => {
        const blocks = toBlocks(lines);
        const markdown = blocksToMarkdown(blocks);
        const read = markdownToBlocks(markdown);
        expect(read).toEqual(blocks);
        expect(blocksToMarkdown(read)).toBe(markdown);
      }),
      { numRuns: 2000, seed: 25 },
    );
  });
});
