/**
 * Markdown → one chunk per section (a heading and the text under it, down to `###`), the heading
 * path as the topic (`Yandex Tracker MCP server › Tools › comments`). Long sections are split at
 * paragraph breaks; fenced code stays whole within a part.
 */
import type { KnowledgeChunk } from '../store/knowledge-store.ts';

export interface MarkdownChunkOptions {
  /** The file's path inside the pack (`docs/clickup.md`): the prefix of every entity id. */
  file: string;
  tool: string;
  /** Characters per chunk before a section is split (default 3,000). */
  maxChars?: number;
}

interface Section {
  path: string[];
  lines: string[];
}

export function markdownChunks(text: string, options: MarkdownChunkOptions): KnowledgeChunk[] {
  const maxChars = options.maxChars ?? 3_000;
  const sections: Section[] = [];
  const headings: string[] = [];
  let current: Section = { path: [], lines: [] };
  let fenced = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      sections.push(current);
      const level = heading[1]!.length;
      headings.length = level - 1;
      headings[level - 1] = heading[2]!;
      current = { path: headings.filter(Boolean), lines: [] };
    } else current.lines.push(line);
  }
  sections.push(current);

  const title = sections.find((s) => s.path.length > 0)?.path[0] ?? options.file;
  const used = new Map<string, number>();
  const chunks: KnowledgeChunk[] = [];
  for (const section of sections) {
    const body = section.lines.join('\n').trim();
    if (!body) continue;
    const path = section.path.length > 0 ? section.path : [title];
    const topic = path.join(' › ');
    const slug = slugify(path.at(-1)!) || 'start';
    const parts = splitAtParagraphs(body, maxChars);
    parts.forEach((part, i) => {
      const base = `${options.file}#${slug}${parts.length > 1 ? `-${i + 1}` : ''}`;
      const n = used.get(base) ?? 0;
      used.set(base, n + 1);
      chunks.push({
        entityType: 'doc',
        entityId: n === 0 ? base : `${base}~${n + 1}`,
        topic,
        content: `${topic}\n\n${part}`,
        tool: options.tool,
        metadata: {
          file: options.file,
          headings: path,
          ...(parts.length > 1 ? { part: i + 1, parts: parts.length } : {}),
        },
      });
    });
  }
  return chunks;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[`*[\]()]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** Parts of at most `max` characters, cut between paragraphs (never inside a fenced block when avoidable). */
export function splitAtParagraphs(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const blocks: string[] = [];
  let fenced = false;
  let block: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === '' && block.length > 0) {
      blocks.push(block.join('\n'));
      block = [];
    } else block.push(line);
  }
  if (block.length > 0) blocks.push(block.join('\n'));
  const parts: string[] = [];
  let part = '';
  for (const b of blocks.flatMap((b) => (b.length > max ? hardSplit(b, max) : [b]))) {
    if (part && part.length + b.length + 2 > max) {
      parts.push(part);
      part = b;
    } else part = part ? `${part}\n\n${b}` : b;
  }
  if (part) parts.push(part);
  return parts;
}

function hardSplit(text: string, max: number): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  let part = '';
  for (const line of lines) {
    for (let i = 0; i < Math.max(1, line.length); i += max) {
      const piece = line.slice(i, i + max);
      if (part && part.length + piece.length + 1 > max) {
        out.push(part);
        part = piece;
      } else part = part ? `${part}\n${piece}` : piece;
    }
  }
  if (part) out.push(part);
  return out;
}
