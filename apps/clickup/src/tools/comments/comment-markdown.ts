/**
 * Markdown ⇄ ClickUp's rich-text comment (`comment: [{text, attributes}]`, research §2.7, [doc:
 * Comment formatting]). ClickUp's format is a Quill delta: inline runs carry `bold`, `italic`,
 * `code` and `link`; a line's kind rides on the "\n" that ends it (`list: {list: bullet | ordered |
 * checked | unchecked}`, `code-block: {code-block: <language>}`); a mention is its own block,
 * `{type: "tag", user: {id}}`.
 *
 * The Markdown read and written is a subset, line for line (a Markdown line is a ClickUp line):
 * `**bold**`, `_italic_` (also `*italic*`; a `_` inside a word is a letter, snake_case stays), `` `code` ``, `[text](url)`, `@name` / `@[Full Name]` /
 * `@<user id>` mentions, `- ` bullets, `1. ` numbered items, `- [ ] ` / `- [x] ` checklist items and
 * ``` fenced code blocks. A backslash escapes a mark (`\*`, `\@`). Everything else is text as written.
 * No Markdown parser is installed in the workspace; this one reads exactly the subset it writes, so
 * Markdown → blocks → Markdown is stable (comment-markdown.test.ts, a fast-check property).
 */

export interface InlineAttributes {
  bold?: true;
  italic?: true;
  code?: true;
  link?: string;
}

export type ListKind = 'bullet' | 'ordered' | 'checked' | 'unchecked';

export interface LineAttributes {
  list?: { list: ListKind };
  'code-block'?: { 'code-block': string };
}

export interface TextBlock {
  text: string;
  attributes?: InlineAttributes & LineAttributes;
}

/** A mention: the user's id as the API takes it (a name or an e-mail until resolved). */
export interface TagBlock {
  type: 'tag';
  text?: string;
  user: { id: number | string; username?: string | null; email?: string | null };
}

export type CommentBlock = TextBlock | TagBlock;

export const isTag = (block: CommentBlock): block is TagBlock => (block as TagBlock).type === 'tag';

const ALNUM = /[A-Za-z0-9]/;
const WORD_MENTION = /^(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[\w](?:[\w.-]*[\w])?)/;
const FENCE = /^```([\w+-]*)\s*$/;

// ---------------------------------------------------------------------------------------------
// Markdown → blocks

/** The blocks of a Markdown comment; mentions keep what was written (`user.id`: name, e-mail or id). */
export function markdownToBlocks(markdown: string): CommentBlock[] {
  const blocks: CommentBlock[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
      if (end !== -1) {
        const language = fence[1] || 'plain';
        for (const code of lines.slice(i + 1, end)) {
          if (code !== '') blocks.push({ text: code });
          blocks.push({ text: '\n', attributes: { 'code-block': { 'code-block': language } } });
        }
        i = end;
        continue;
      }
    }
    const item = /^(- \[( |x)\] |- |\d+\. )/.exec(line);
    const list: ListKind | undefined = !item
      ? undefined
      : item[2] === 'x'
        ? 'checked'
        : item[2] === ' '
          ? 'unchecked'
          : item[1] === '- '
            ? 'bullet'
            : 'ordered';
    blocks.push(...parseInline(item ? line.slice(item[1]!.length) : line, {}));
    blocks.push(list ? { text: '\n', attributes: { list: { list } } } : { text: '\n' });
  }
  // The comment's last line ends without a newline of its own.
  const last = blocks.at(-1);
  if (last && !isTag(last) && last.text === '\n' && !last.attributes) blocks.pop();
  return mergeRuns(blocks);
}

/** Every mention of a Markdown comment, as written (`bob`, `Bob Chen`, `81000002`, `me`). */
export function mentionsIn(markdown: string): string[] {
  return markdownToBlocks(markdown)
    .filter(isTag)
    .map((t) => String(t.user.id));
}

/** Inline runs of one line (no newline in `text`). */
function parseInline(text: string, attributes: InlineAttributes): CommentBlock[] {
  const out: CommentBlock[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') out.push(run(plain, attributes));
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && /[\\`*_[\]@()!.-]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push(run(text.slice(i + 1, end), { ...linkOnly(attributes), code: true }));
        i = end + 1;
        continue;
      }
    }
    if (text.startsWith('**', i)) {
      const end = closing(text, '**', i + 2);
      if (end > i + 2) {
        flush();
        out.push(...parseInline(text.slice(i + 2, end), { ...attributes, bold: true }));
        i = end + 2;
        continue;
      }
    }
    // `_` inside a word (snake_case) is a letter, as in CommonMark: it opens only after a non-word.
    if (c === '*' || (c === '_' && !ALNUM.test(text[i - 1] ?? ''))) {
      const end = closing(text, c, i + 1);
      if (end > i + 1) {
        flush();
        out.push(...parseInline(text.slice(i + 1, end), { ...attributes, italic: true }));
        i = end + 1;
        continue;
      }
    }
    if (c === '[' && attributes.link === undefined) {
      const close = closing(text, ']', i + 1);
      const url =
        close > i + 1 && text[close + 1] === '(' ? /^\(([^()\s]+)\)/.exec(text.slice(close + 1)) : null;
      if (url) {
        flush();
        out.push(...parseInline(text.slice(i + 1, close), { ...attributes, link: url[1]! }));
        i = close + 1 + url[0].length;
        continue;
      }
    }
    if (c === '@') {
      const mention = mentionAt(text, i + 1, i === 0 || /[\s(]/.test(text[i - 1]!));
      if (mention) {
        flush();
        out.push({
          type: 'tag',
          user: { id: /^\d+$/.test(mention.name) ? Number(mention.name) : mention.name },
        });
        i = mention.end;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return out;
}

/** The mention after an `@`: `@[Full Name]` anywhere, `@word` only after a space, `(` or the line's start. */
function mentionAt(
  text: string,
  start: number,
  boundary: boolean,
): { name: string; end: number } | undefined {
  if (text[start] === '[') {
    const close = closing(text, ']', start + 1);
    if (close <= start + 1) return undefined;
    return { name: unescape(text.slice(start + 1, close)), end: close + 1 };
  }
  const word = boundary ? WORD_MENTION.exec(text.slice(start)) : null;
  return word ? { name: word[0], end: start + word[0].length } : undefined;
}

/** Where the delimiter closing a span starts (escapes and code spans skipped), or -1. */
function closing(text: string, delimiter: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end !== -1) i = end;
      continue;
    }
    if (text.startsWith(delimiter, i)) {
      // `**` is bold, not two italic marks: a single `*` closes on a lone `*`, or on the first of
      // `***` (italic ends, bold starts); `_` closes only before a non-word (not in snake_case).
      if (delimiter === '*' && text[i + 1] === '*') {
        if (text[i + 2] === '*') return i;
        i++;
        continue;
      }
      if (delimiter === '_' && ALNUM.test(text[i + 1] ?? '')) continue;
      return i;
    }
  }
  return -1;
}

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');
const linkOnly = (a: InlineAttributes): InlineAttributes => (a.link !== undefined ? { link: a.link } : {});

function run(text: string, attributes: InlineAttributes): TextBlock {
  return Object.keys(attributes).length === 0 ? { text } : { text, attributes: { ...attributes } };
}

/** Adjacent runs with the same attributes as one (the form the converter writes and compares). */
export function mergeRuns(blocks: readonly CommentBlock[]): CommentBlock[] {
  const out: CommentBlock[] = [];
  for (const block of blocks) {
    const previous = out.at(-1);
    if (
      previous &&
      !isTag(previous) &&
      !isTag(block) &&
      !previous.text.endsWith('\n') &&
      !block.text.includes('\n') &&
      JSON.stringify(previous.attributes ?? {}) === JSON.stringify(block.attributes ?? {})
    ) {
      out[out.length - 1] = { ...previous, text: previous.text + block.text };
    } else if (isTag(block) || block.text !== '') out.push(block);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// blocks → Markdown

/** A comment's blocks as Markdown; a mention as `@username`, `@[Full Name]` or `@<id>`. */
export function blocksToMarkdown(blocks: readonly CommentBlock[]): string {
  const lines: { inline: string; line: LineAttributes | undefined }[] = [];
  let inline = '';
  blocks.forEach((block, blockIndex) => {
    if (isTag(block)) {
      inline += mentionMarkdown(block, inline.at(-1), firstMark(blocks[blockIndex + 1]));
      return;
    }
    const parts = block.text.split('\n');
    parts.forEach((part, partIndex) => {
      if (partIndex > 0) {
        lines.push({ inline, line: lineAttributes(block) });
        inline = '';
      }
      const after = partIndex < parts.length - 1 ? undefined : firstMark(blocks[blockIndex + 1]);
      if (part !== '') inline += inlineMarkdown(part, block.attributes ?? {}, inline.at(-1), after);
    });
  });
  if (inline !== '') lines.push({ inline, line: undefined });

  const out: string[] = [];
  let ordered = 0;
  for (let i = 0; i < lines.length; i++) {
    const { inline: text, line } = lines[i]!;
    const code = line?.['code-block']?.['code-block'];
    if (code !== undefined) {
      const body: string[] = [];
      while (i < lines.length && lines[i]!.line?.['code-block']?.['code-block'] === code) {
        body.push(plainOf(lines[i]!.inline));
        i++;
      }
      i--;
      out.push(`\`\`\`${code === 'plain' ? '' : code}`, ...body, '```');
      ordered = 0;
      continue;
    }
    const list = line?.list?.list;
    ordered = list === 'ordered' ? ordered + 1 : 0;
    const marker =
      list === 'bullet'
        ? '- '
        : list === 'ordered'
          ? `${ordered}. `
          : list === 'checked'
            ? '- [x] '
            : list === 'unchecked'
              ? '- [ ] '
              : '';
    out.push(marker + (marker === '' ? escapeLineStart(text) : text));
  }
  return out.join('\n');
}

/** Code-block lines hold their text as written: undo the inline escaping. */
const plainOf = (markdown: string) => unescape(markdown);

function lineAttributes(block: TextBlock): LineAttributes | undefined {
  const a = block.attributes;
  if (a?.list) return { list: a.list };
  if (a?.['code-block']) return { 'code-block': a['code-block'] };
  return undefined;
}

/** The first character the block after a mention is written with (undefined: a line's end or none). */
function firstMark(next: CommentBlock | undefined): string | undefined {
  if (next === undefined) return undefined;
  if (isTag(next)) return '@';
  const line = next.text.split('\n')[0]!;
  return line === '' ? undefined : inlineMarkdown(line, next.attributes ?? {})[0];
}

/** `@name` where it reads back as the same mention (a word between a boundary and a non-word), else `@[name]`. */
function mentionMarkdown(tag: TagBlock, before: string | undefined, after: string | undefined): string {
  const name = tag.user.username || tag.text?.replace(/^@/, '') || String(tag.user.id);
  const word =
    WORD_MENTION.exec(name)?.[0] === name &&
    (before === undefined || /[\s(]/.test(before)) &&
    (after === undefined || !/[\w.+@-]/.test(after));
  return word ? `@${name}` : `@[${name.replace(/[\\\]`]/g, '\\$&')}]`;
}

/** One run; italic as `_x_`, or `*x*` next to a letter or digit, where `_` would read as one. */
function inlineMarkdown(text: string, a: InlineAttributes, before?: string, after?: string): string {
  let out = a.code ? `\`${text}\`` : escapeInline(text);
  const mark =
    !a.bold && a.link === undefined && (ALNUM.test(before ?? '') || ALNUM.test(after ?? '')) ? '*' : '_';
  if (!a.code && a.italic) out = `${mark}${out}${mark}`;
  if (!a.code && a.bold) out = `**${out}**`;
  if (a.link !== undefined) out = `[${out}](${a.link})`;
  return out;
}

/** Escapes what the reader would take for a mark; `@` only where it would start a mention. */
function escapeInline(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    // A run's first character counts as after a boundary: inside `**…**` it is one.
    const previous = i === 0 ? ' ' : text[i - 1];
    // `_` between two letters or digits (snake_case) reads as itself: left as it is.
    if (
      /[\\`*[\]]/.test(c) ||
      (c === '_' && !(ALNUM.test(text[i - 1] ?? '') && ALNUM.test(text[i + 1] ?? '')))
    )
      out += `\\${c}`;
    // An `@` ending the run could start a mention with what follows (`@[…` of a link): escaped too.
    else if (
      c === '@' &&
      (i === text.length - 1 || mentionAt(text, i + 1, previous === undefined || /[\s(]/.test(previous)))
    )
      out += '\\@';
    else out += c;
  }
  return out;
}

/** A plain line that would read as a list item or a fence keeps its first character escaped. */
function escapeLineStart(line: string): string {
  if (/^(- |\d+\. |```)/.test(line)) {
    const dot = /^\d+\. /.exec(line);
    return dot ? line.replace(/^(\d+)\. /, '$1\\. ') : `\\${line}`;
  }
  return line;
}
