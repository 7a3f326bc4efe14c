/**
 * JavaScript knowledge code (helpers, validators, processors) → parts of at most `maxChars`,
 * cut before top-level declarations so each part holds whole functions, with the names of the
 * functions it declares (they are what an agent searches for).
 */
import { splitAtParagraphs } from './markdown-chunks.ts';

export interface CodePart {
  text: string;
  /** Top-level functions and constants the part declares. */
  declares: string[];
}

const DECLARATION =
  /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+([A-Za-z_$][\w$]*)|(?:const|let|var|class)\s+([A-Za-z_$][\w$]*))/;

export function codeParts(code: string, maxChars = 3_000): CodePart[] {
  const lines = code.replace(/\r\n/g, '\n').split('\n');
  const blocks: { text: string; declares: string[] }[] = [];
  let block: string[] = [];
  let declares: string[] = [];
  const flush = () => {
    const text = block.join('\n').trim();
    if (text) blocks.push({ text, declares });
    block = [];
    declares = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const match = DECLARATION.exec(line);
    if (match) {
      // A declaration starts a new block, taking the comment right above it along.
      let start = block.length;
      while (start > 0 && /^\s*(\/\/|\/\*|\*)/.test(block[start - 1]!)) start--;
      const leading = block.splice(start);
      flush();
      block = leading;
      declares = [match[1] ?? match[2]!];
    }
    block.push(line);
  }
  flush();

  const parts: CodePart[] = [];
  let current: CodePart | undefined;
  for (const b of blocks.flatMap((b) =>
    b.text.length > maxChars
      ? splitAtParagraphs(b.text, maxChars).map((text) => ({ text, declares: b.declares }))
      : [b],
  )) {
    if (current && current.text.length + b.text.length + 2 <= maxChars) {
      current.text += `\n\n${b.text}`;
      current.declares.push(...b.declares.filter((d) => !current!.declares.includes(d)));
    } else {
      current = { text: b.text, declares: [...b.declares] };
      parts.push(current);
    }
  }
  return parts;
}
