import { describe, expect, it } from '@jest/globals';
import { focusOnPrompt, markdownSections, promptKeywords, textSections } from './prompt-focus.ts';

describe('promptKeywords', () => {
  it('keeps distinct words of 3+ characters that are not stopwords, code-ish tokens included', () => {
    expect(
      promptKeywords('What are the options of z.object and how does Node.js handle C++ addons? Options!'),
    ).toEqual(['options', 'z.object', 'node.js', 'handle', 'c++', 'addons']);
    expect(promptKeywords('tell me about it')).toEqual([]);
  });
});

describe('markdownSections', () => {
  it('splits at headings but not inside code fences', () => {
    const markdown = 'intro\n\n# One\ntext\n```sh\n# a shell comment\n```\n## Two\nmore';
    expect(markdownSections(markdown)).toEqual([
      'intro',
      '# One\ntext\n```sh\n# a shell comment\n```',
      '## Two\nmore',
    ]);
  });
});

describe('textSections', () => {
  it('splits at blank lines', () => {
    expect(textSections('a\nb\n\n  \nc\n\n')).toEqual(['a\nb', 'c']);
  });
});

describe('focusOnPrompt', () => {
  const sections = [
    '# Intro\nhello',
    '# Install\nnpm install pkg',
    '# Config\ninstall options and config',
    '# End\nbye',
  ];

  it('puts matching sections first, most keywords first, and the rest after in order', () => {
    const focused = focusOnPrompt(sections, 'install config');
    expect(focused.content).toBe(
      [
        "[Sections that mention the prompt's keywords: 2 of 4, most keywords first]",
        '# Config\ninstall options and config',
        '# Install\nnpm install pkg',
        '[The rest of the page, in order]',
        '# Intro\nhello',
        '# End\nbye',
      ].join('\n\n'),
    );
    expect(focused.note).toBe(
      `2 of 4 sections mention the prompt's keywords ("install", "config"); they come first, the rest of the page follows.`,
    );
  });

  it('keeps the order when every section or no section matches, or the prompt has no keywords', () => {
    const joined = sections.join('\n\n');
    expect(focusOnPrompt(sections, 'kubernetes').content).toBe(joined);
    expect(focusOnPrompt(['# a\nx', '# b\nx'], 'x marks').content).toBe('# a\nx\n\n# b\nx');
    expect(focusOnPrompt(['# a\nx', '# b\nx'], 'xxx').note).toContain('No section of the page mentions');
    expect(focusOnPrompt(sections, 'what is it').note).toBe(
      'The prompt has no keywords to look for; the page follows in order.',
    );
  });
});
