/**
 * Error texts obey the output budget too: a message that quotes the caller's input (an unknown
 * name, a rejected value) would otherwise echo a 3 MB argument back in a 3 MB error.
 *
 * Long quoted values are shortened first, so the message keeps its sentence and its recovery
 * instruction; if that is not enough, the middle of the text is cut (the start says what was wrong,
 * the end usually says how to fix it).
 */

/** Characters of a quoted value kept in an error message. */
export const QUOTED_PREVIEW_CHARS = 80;

/** Drops a trailing lone high surrogate so a cut never splits a character. */
const cleanEnd = (text: string) => (/[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text);
/** Drops a leading lone low surrogate. */
const cleanStart = (text: string) => (/^[\uDC00-\uDFFF]/.test(text) ? text.slice(1) : text);

/** The first `max` characters of a value quoted in a message, with `…` when cut. */
export function previewValue(value: string, max = QUOTED_PREVIEW_CHARS): string {
  return value.length > max ? `${cleanEnd(value.slice(0, max))}…` : value;
}

/** The error text, at most `maxChars` long. */
export function fitErrorToBudget(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const shortened = text.replace(/"([^"]*)"/g, (quoted, value: string) =>
    value.length > 2 * QUOTED_PREVIEW_CHARS
      ? `"${previewValue(value)}" (${value.length} characters)`
      : quoted,
  );
  if (shortened.length <= maxChars) return shortened;
  const marker = (cut: number) => `\n[…${cut} characters cut to fit the output budget…]\n`;
  // The marker's length with the most digits the count can have, so the result never overshoots.
  const keep = maxChars - marker(shortened.length).length;
  if (keep < 2) return cleanEnd(shortened.slice(0, maxChars));
  const head = Math.ceil(keep / 2);
  return (
    cleanEnd(shortened.slice(0, head)) +
    marker(shortened.length - keep) +
    cleanStart(shortened.slice(shortened.length - (keep - head)))
  );
}
