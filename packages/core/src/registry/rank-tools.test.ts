import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { defineToolMetadata, type ToolMetadata } from '../tool/tool-metadata.ts';
import { rankTools, stem } from './rank-tools.ts';

/** A server-sized tool list: every verb × noun, described in plain words. */
const VERBS = ['get', 'create', 'update', 'delete', 'move', 'search', 'archive', 'upload'] as const;
const NOUNS = [
  'issue',
  'comment',
  'worklog',
  'attachment',
  'sprint',
  'board',
  'component',
  'version',
  'checklist',
  'filter',
  'project',
  'queue',
] as const;
const TOOLS: ToolMetadata[] = VERBS.flatMap((verb) =>
  NOUNS.map((noun) =>
    defineToolMetadata({
      name: `tracker_${verb}_${noun}`,
      description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun} of the tracker; answers the ${noun}.`,
      category: noun,
      annotations: { readOnlyHint: verb === 'get' || verb === 'search' },
    }),
  ),
);
const top = (query: string, n = 5, tools = TOOLS) => rankTools(query, tools, n).map((r) => r.metadata.name);

/** One edit (substitution, deletion, insertion or swap of neighbours) after the first letter. */
const misspelt = (word: string) =>
  fc
    .tuple(
      fc.constantFrom('substitute', 'delete', 'insert', 'swap'),
      fc.integer({ min: 1, max: word.length - 2 }),
      fc.constantFrom(...'aeioukrtxz'),
    )
    .map(([edit, at, letter]) => {
      if (edit === 'substitute') return word.slice(0, at) + letter + word.slice(at + 1);
      if (edit === 'delete') return word.slice(0, at) + word.slice(at + 1);
      if (edit === 'insert') return word.slice(0, at) + letter + word.slice(at);
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    })
    .filter((typo) => typo !== word);

describe('rankTools', () => {
  it('finds every tool by its own words, first', () => {
    for (const tool of TOOLS) {
      const [, verb, noun] = tool.name.split('_');
      expect(top(`${verb} ${noun}`, 1)).toEqual([tool.name]);
    }
  });

  it('finds a tool by an inflected word (stems)', () => {
    expect(top('deleting comments', 1)).toEqual(['tracker_delete_comment']);
    expect(top('archived sprints', 1)).toEqual(['tracker_archive_sprint']);
    expect(top('uploads of attachments', 1)).toEqual(['tracker_upload_attachment']);
  });

  it('finds the tool when a word of the query is misspelt (one edit anywhere after the first letter)', () => {
    const long = TOOLS.filter((t) => t.name.split('_').every((w) => w.length >= 5 || w === 'tracker'));
    fc.assert(
      fc.property(
        fc.constantFrom(...long).chain((tool) => {
          const [, verb, noun] = tool.name.split('_') as [string, string, string];
          return fc
            .tuple(fc.constant(tool.name), fc.constantFrom(verb, noun))
            .chain(([name, word]) =>
              misspelt(word).map((typo) => ({ name, query: `${verb} ${noun}`.replace(word, typo) })),
            );
        }),
        ({ name, query }) => {
          expect(top(query)).toContain(name);
        },
      ),
      { numRuns: 300, seed: 26 },
    );
  });

  it('finds tools by synonyms and by Russian words (the core glossary)', () => {
    expect(top('remove a comment', 1)).toEqual(['tracker_delete_comment']);
    expect(top('find issues', 3)).toContain('tracker_search_issue');
    expect(top('удалить комментарий', 1)).toEqual(['tracker_delete_comment']);
    expect(top('загрузить вложение', 1)).toEqual(['tracker_upload_attachment']);
    expect(top('изменить проект', 1)).toEqual(['tracker_update_project']);
  });

  it("takes the server's glossary: words only it knows", () => {
    const glossary = [
      ['queue', 'очередь'],
      ['sprint', 'спринт'],
    ];
    expect(rankTools('очереди', TOOLS, 12).map((r) => r.metadata.name)).toEqual([]);
    const ranked = rankTools('создать очередь', TOOLS, 1, { glossary }).map((r) => r.metadata.name);
    expect(ranked).toEqual(['tracker_create_queue']);
    expect(rankTools('архивировать спринт', TOOLS, 1, { glossary })[0]?.metadata.name).toBe(
      'tracker_archive_sprint',
    );
  });

  it('ranks a tool matching more of the query above one matching a single rare word', () => {
    expect(top('create a comment', 1)).toEqual(['tracker_create_comment']);
  });

  it('an exact tool name comes first', () => {
    expect(top('tracker_move_queue', 1)).toEqual(['tracker_move_queue']);
  });

  it('returns nothing for unrelated queries, and for only stopwords nothing matching', () => {
    expect(top('kubernetes pod')).toEqual([]);
    expect(top('the of and')).toEqual([]);
  });

  it('never throws and stays bounded on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 50 }), (query, limit) => {
        const ranked = rankTools(query, TOOLS, limit);
        expect(ranked.length).toBeLessThanOrEqual(limit);
        for (const r of ranked) expect(Number.isFinite(r.score) && r.score > 0).toBe(true);
      }),
      { numRuns: 300, seed: 26 },
    );
  });

  it('stems English and Russian words', () => {
    expect(stem('attachments')).toBe(stem('attachment'));
    expect(stem('задачу')).toBe(stem('задача'));
    expect(stem('2026')).toBe('2026');
  });
});
