/**
 * Orders names exactly as `a.localeCompare(b)` does (ICU's root collation, which English and most
 * locales share for these characters) when both consist of ASCII letters, digits, `_`, `-` and `.` —
 * the characters of tool, toolset, resource and prompt names — without ICU's collator, whose first
 * use costs about 10 ms of a server's cold start (more on a busy machine). Other names are compared
 * with `localeCompare` itself.
 *
 * The collation compares case-insensitively first (`_` < `-` < `.` < digits < letters, then the
 * shorter name first), and only for names equal that way puts lower case before upper case at the
 * first letter whose case differs.
 */
const SIMPLE = /^[A-Za-z0-9_.-]*$/;

function primary(code: number): number {
  if (code === 95) return 1; // _
  if (code === 45) return 2; // -
  if (code === 46) return 3; // .
  if (code <= 57) return code; // 0-9: 48–57
  return code >= 97 ? code - 32 + 100 : code + 100; // letters, case folded: 165–190
}

export function compareNames(a: string, b: string): number {
  if (!SIMPLE.test(a) || !SIMPLE.test(b)) return a.localeCompare(b);
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const difference = primary(a.charCodeAt(i)) - primary(b.charCodeAt(i));
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < length; i++) {
    const [x, y] = [a.charCodeAt(i), b.charCodeAt(i)];
    if (x !== y) return x > y ? -1 : 1; // same letter, other case: lower case (the larger code) first
  }
  return 0;
}
