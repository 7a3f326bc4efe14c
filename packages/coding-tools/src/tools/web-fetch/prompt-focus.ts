/**
 * WebFetch's `prompt` without a model: the prompt's keywords pick the sections of the page that
 * mention them, and those come first (most keywords first), followed by the rest of the page in its
 * order. Nothing is dropped, but with a long page the relevant part survives the output cap.
 *
 * Sections are Markdown heading blocks (headings inside code fences do not split), or, for plain
 * text, blocks separated by blank lines.
 */

const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'the and for with what how from this that these those about does did page find get show tell list extract ' +
    'all are was were which when where who why into its use used using can could should would you your please ' +
    'information info details detail describe description summary summarize summarise explain give return ' +
    'there their them they have has had any some more most other than then also only just like want need ' +
    'know look content contents text article site website document section sections out over under between'
  ).split(' '),
);

/** Distinct keywords of a prompt: words of 3+ letters or digits, lower case, stopwords removed (at most 12). */
export function promptKeywords(prompt: string): string[] {
  const words =
    prompt.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_.+#-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu) ?? [];
  const keywords: string[] = [];
  for (const word of words) {
    if (word.length < 3 || STOPWORDS.has(word) || keywords.includes(word)) continue;
    keywords.push(word);
    if (keywords.length === 12) break;
  }
  return keywords;
}

/** Splits Markdown at headings outside fenced code blocks. */
export function markdownSections(markdown: string): string[] {
  const sections: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
    }
    if (fence === undefined && !marker && /^#{1,6}\s/.test(line) && current.some((l) => l.trim() !== '')) {
      sections.push(current.join('\n').trim());
      current = [];
    }
    current.push(line);
  }
  if (current.some((l) => l.trim() !== '')) sections.push(current.join('\n').trim());
  return sections;
}

/** Splits plain text at blank lines. */
export function textSections(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export interface FocusResult {
  /** The content, matching sections first. */
  content: string;
  /** Header line that says what was done. */
  note: string;
}

/**
 * Orders `sections` for `prompt`. Sections that mention at least one keyword come first, the
 * ones mentioning the most distinct keywords leading; ties keep page order.
 */
export function focusOnPrompt(sections: readonly string[], prompt: string): FocusResult {
  const keywords = promptKeywords(prompt);
  const joined = sections.join('\n\n');
  const quoted = keywords.map((k) => `"${k}"`).join(', ');
  if (keywords.length === 0) {
    return { content: joined, note: 'The prompt has no keywords to look for; the page follows in order.' };
  }
  const scored = sections.map((text, index) => {
    const lower = text.toLowerCase();
    return { text, index, score: keywords.filter((k) => lower.includes(k)).length };
  });
  const matching = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.index - b.index);
  if (matching.length === 0) {
    return {
      content: joined,
      note: `No section of the page mentions the prompt's keywords (${quoted}); the page follows in order.`,
    };
  }
  if (matching.length === sections.length) {
    return {
      content: joined,
      note: `Every section mentions the prompt's keywords (${quoted}); the page follows in order.`,
    };
  }
  const rest = scored.filter((s) => s.score === 0);
  const content = [
    `[Sections that mention the prompt's keywords: ${matching.length} of ${sections.length}, most keywords first]`,
    ...matching.map((s) => s.text),
    `[The rest of the page, in order]`,
    ...rest.map((s) => s.text),
  ].join('\n\n');
  return {
    content,
    note: `${matching.length} of ${sections.length} sections mention the prompt's keywords (${quoted}); they come first, the rest of the page follows.`,
  };
}
