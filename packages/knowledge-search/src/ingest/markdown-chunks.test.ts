import { describe, expect, it } from '@jest/globals';
import { markdownChunks, slugify, splitAtParagraphs } from './markdown-chunks.ts';

describe('markdownChunks', () => {
  it('makes one chunk per section with the heading path as topic', () => {
    const text = [
      '# Guide',
      'Intro.',
      '## Setup',
      'Install it.',
      '### On Linux',
      'apt-get it.',
      '## Use',
      'Run it.',
    ].join('\n');
    const chunks = markdownChunks(text, { file: 'docs/guide.md', tool: 'guide' });
    expect(chunks.map((c) => [c.entityId, c.topic])).toEqual([
      ['docs/guide.md#guide', 'Guide'],
      ['docs/guide.md#setup', 'Guide › Setup'],
      ['docs/guide.md#on-linux', 'Guide › Setup › On Linux'],
      ['docs/guide.md#use', 'Guide › Use'],
    ]);
    expect(chunks[2]).toMatchObject({
      entityType: 'doc',
      tool: 'guide',
      content: 'Guide › Setup › On Linux\n\napt-get it.',
      metadata: { file: 'docs/guide.md', headings: ['Guide', 'Setup', 'On Linux'] },
    });
  });

  it('ignores headings inside fenced code, and gives repeated headings their own ids', () => {
    const text = ['# A', '```sh', '# not a heading', '```', '## Notes', 'one', '## Notes', 'two'].join('\n');
    const chunks = markdownChunks(text, { file: 'a.md', tool: 't' });
    expect(chunks.map((c) => c.entityId)).toEqual(['a.md#a', 'a.md#notes', 'a.md#notes~2']);
    expect(chunks[0]!.content).toContain('# not a heading');
  });

  it('splits a long section at paragraphs into numbered parts', () => {
    const paragraph = 'word '.repeat(100).trim();
    const text = `# Long\n\n${Array.from({ length: 8 }, () => paragraph).join('\n\n')}`;
    const chunks = markdownChunks(text, { file: 'l.md', tool: 't', maxChars: 1_200 });
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((c) => c.entityId)[0]).toBe('l.md#long-1');
    for (const c of chunks) expect(c.metadata).toMatchObject({ parts: chunks.length });
  });

  it('slugs headings like GitHub, keeping letters of any script', () => {
    expect(slugify('issues_write (default) — Create & update')).toBe('issues-write-default-create-update');
    expect(slugify('Данные задачи')).toBe('данные-задачи');
    expect(slugify('Data de Início')).toBe('data-de-inicio');
  });

  it('keeps short text whole and never returns a part longer than asked', () => {
    expect(splitAtParagraphs('short', 10)).toEqual(['short']);
    const parts = splitAtParagraphs('x'.repeat(2_500), 1_000);
    expect(parts.map((p) => p.length)).toEqual([1_000, 1_000, 500]);
  });
});
