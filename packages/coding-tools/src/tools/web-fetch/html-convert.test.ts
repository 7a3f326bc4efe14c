import { describe, expect, it } from '@jest/globals';
import { htmlTitle, htmlToMarkdown, htmlToText } from './html-convert.ts';

describe('htmlToMarkdown', () => {
  it('fences code that contains backticks with a longer fence', () => {
    expect(htmlToMarkdown('<pre><code>use ```fences``` here</code></pre>')).toBe(
      '````\nuse ```fences``` here\n````',
    );
  });

  it('keeps in-page and javascript: links as text, drops empty links and images without alt, skips data: images', () => {
    const markdown = htmlToMarkdown(
      '<p><a href="#x">Jump</a> <a href="javascript:void(0)">Click</a> <a href="/a"></a><img src="/i.png"> <img src="data:image/png;base64,AAAA" alt="Dot"> <img src="i.png" alt="Pic"></p>',
      { baseUrl: 'https://example.com/docs/' },
    );
    expect(markdown).toBe('Jump Click  Dot ![Pic](https://example.com/docs/i.png)');
  });

  it('drops hidden elements, aria-hidden ones and role="navigation"', () => {
    expect(
      htmlToMarkdown(
        '<div role="navigation">menu</div><p>kept</p><p hidden>gone</p><span aria-hidden="true">icon</span>',
      ),
    ).toBe('kept');
  });

  it('escapes pipes in table cells and flattens multi-line cells', () => {
    expect(htmlToMarkdown('<table><tr><td>a|b</td><td><p>one</p><p>two</p></td></tr></table>')).toBe(
      '| a\\|b | one two |\n| --- | --- |',
    );
  });
});

describe('htmlToText', () => {
  it('keeps text only, unescaped, with entities decoded', () => {
    expect(htmlToText('<h2>A &amp; B</h2><p>x <strong>*y*</strong> <a href="/z">z</a><br>next</p>')).toBe(
      'A & B\n\nx *y* z\nnext',
    );
  });
});

describe('htmlTitle', () => {
  it('reads and decodes <title>, or gives undefined', () => {
    expect(htmlTitle('<html><head><title> Docs &#8211; Zod </title></head></html>')).toBe('Docs – Zod');
    expect(htmlTitle('<p>no title</p>')).toBeUndefined();
  });
});
