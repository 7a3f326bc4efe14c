/**
 * HTML → Markdown and HTML → plain text with Turndown.
 *
 * Noise is dropped before conversion: scripts, styles, `<head>`, embedded objects, form controls,
 * and page chrome — `<nav>`, `<aside>`, `<footer>`, `role="navigation"` — plus anything marked
 * `hidden` or `aria-hidden="true"` (icon fonts, heading anchor links). Links and images are made
 * absolute against the page URL so the model can follow them; in-page `#anchor` and `javascript:`
 * links keep only their text. `<pre>` blocks become fenced code (language from a `language-*` /
 * `lang-*` class) whether or not they wrap a `<code>`, and tables become Markdown tables.
 *
 * A new Turndown instance is built per call: no state is shared between sessions.
 */
import TurndownService from 'turndown';

/** The part of a DOM element these rules read (Turndown's parser is domino; the DOM lib is not loaded). */
interface DomElement {
  nodeName: string;
  textContent: string | null;
  parentNode: DomElement | null;
  childNodes: ArrayLike<DomElement>;
  getAttribute?(name: string): string | null;
  hasAttribute?(name: string): boolean;
  querySelector?(selector: string): DomElement | null;
}

const NOISE_TAGS = [
  'head',
  'title',
  'meta',
  'link',
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'canvas',
  'nav',
  'aside',
  'footer',
  'button',
  'input',
  'select',
  'textarea',
] as const;

function isNoise(node: DomElement): boolean {
  if ((NOISE_TAGS as readonly string[]).includes(node.nodeName.toLowerCase())) return true;
  if (node.hasAttribute?.('hidden')) return true;
  if (node.getAttribute?.('aria-hidden') === 'true') return true;
  return node.getAttribute?.('role') === 'navigation';
}

function absolute(href: string, base: string | undefined): string | undefined {
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

function codeLanguage(node: DomElement): string {
  const classes = [node.getAttribute?.('class'), node.querySelector?.('code')?.getAttribute?.('class')]
    .filter(Boolean)
    .join(' ');
  return /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes)?.[1] ?? '';
}

function fenced(code: string, language: string): string {
  const text = code.replace(/\n+$/, '');
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
}

function escapeParens(url: string): string {
  return url.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

function cell(content: string): string {
  return content.replace(/\s*\n\s*/g, ' ').trim();
}

function isFirstRow(row: DomElement): boolean {
  let table = row.parentNode;
  while (table && table.nodeName !== 'TABLE') table = table.parentNode;
  return table?.querySelector?.('tr') === row;
}

function columnCount(row: DomElement): number {
  return Array.from(row.childNodes).filter((n) => n.nodeName === 'TH' || n.nodeName === 'TD').length;
}

/** A Turndown instance whose every rule (built-in or added) skips noise elements. */
interface Converter {
  turndown: TurndownService;
  rule(key: string, tags: string | readonly string[], replacement: TurndownService.ReplacementFunction): void;
  ruleWhen(
    key: string,
    test: (node: DomElement) => boolean,
    replacement: TurndownService.ReplacementFunction,
  ): void;
  /** Converts, after adding the noise rule (the last rule added is tried first). */
  convert(html: string): string;
}

function converter(): Converter {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
  });
  const ruleWhen: Converter['ruleWhen'] = (key, test, replacement) =>
    turndown.addRule(key, { filter: (node) => test(node as DomElement), replacement });
  return {
    turndown,
    ruleWhen,
    rule: (key, tags, replacement) => {
      const names = [tags].flat().map((t) => t.toUpperCase());
      ruleWhen(key, (node) => names.includes(node.nodeName), replacement);
    },
    convert: (html) => {
      // Turndown tries added rules newest first, before keep/remove: this one must be added last.
      ruleWhen('noise', isNoise, () => '');
      return tidy(turndown.turndown(html));
    },
  };
}

export interface ConvertOptions {
  /** The page URL: relative links and images are resolved against it. */
  baseUrl?: string;
}

/** Converts an HTML page (or fragment) to Markdown. */
export function htmlToMarkdown(html: string, options: ConvertOptions = {}): string {
  const { rule, ruleWhen, convert } = converter();
  rule('preformatted', 'pre', (_content, node) =>
    fenced((node as DomElement).textContent ?? '', codeLanguage(node as DomElement)),
  );
  ruleWhen(
    'link',
    (node) => node.nodeName === 'A' && Boolean(node.getAttribute?.('href')),
    (content, node) => {
      const text = content.trim();
      const href = (node as DomElement).getAttribute?.('href') ?? '';
      if (text === '') return '';
      if (href.startsWith('#') || /^javascript:/i.test(href)) return text;
      const target = absolute(href, options.baseUrl);
      return target ? `[${text}](${escapeParens(target)})` : text;
    },
  );
  rule('image', 'img', (_content, node) => {
    const alt = cell((node as DomElement).getAttribute?.('alt') ?? '');
    const src = (node as DomElement).getAttribute?.('src') ?? '';
    if (alt === '') return '';
    const target = src.startsWith('data:') ? undefined : absolute(src, options.baseUrl);
    return target ? `![${alt}](${escapeParens(target)})` : alt;
  });
  rule('tableCell', ['th', 'td'], (content) => ` ${cell(content).replace(/\|/g, '\\|')} |`);
  rule('tableRow', 'tr', (content, node) => {
    const row = `|${content}\n`;
    if (!isFirstRow(node as DomElement)) return row;
    return `${row}|${' --- |'.repeat(Math.max(1, columnCount(node as DomElement)))}\n`;
  });
  rule('table', 'table', (content) => `\n\n${content.replace(/\n{2,}/g, '\n').trim()}\n\n`);
  return convert(html);
}

/** Converts an HTML page (or fragment) to plain text: no Markdown syntax, no escaping. */
export function htmlToText(html: string): string {
  const { turndown, rule, convert } = converter();
  turndown.escape = (text: string) => text;
  const block = (content: string) => `\n\n${content.trim()}\n\n`;
  rule('preformatted', 'pre', (_content, node) =>
    block(((node as DomElement).textContent ?? '').replace(/\n+$/, '')),
  );
  rule('heading', ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], block);
  rule('blockquote', 'blockquote', block);
  rule(
    'inline',
    ['a', 'strong', 'b', 'em', 'i', 'code', 'span', 'small', 'mark', 'u', 's', 'del', 'sub', 'sup'],
    (content) => content,
  );
  rule('image', 'img', (_content, node) => (node as DomElement).getAttribute?.('alt') ?? '');
  rule('lineBreak', 'br', () => '\n');
  rule('rule', 'hr', () => '\n\n');
  rule('tableCell', ['th', 'td'], (content) => `${cell(content)}\t`);
  rule('tableRow', 'tr', (content) => `${content.replace(/\t$/, '')}\n`);
  rule('table', 'table', (content) => block(content.replace(/\n{2,}/g, '\n')));
  return convert(html);
}

/** The text of the page's `<title>`, if any. */
export function htmlTitle(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html.slice(0, 100_000));
  if (!match?.[1]) return undefined;
  const title = htmlToText(`<p>${match[1]}</p>`).replace(/\s+/g, ' ').trim();
  return title === '' ? undefined : title;
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
