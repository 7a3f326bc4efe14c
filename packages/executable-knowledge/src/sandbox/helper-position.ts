/**
 * Finds where in a helper's file an error happened, from a stack formatted inside the isolate.
 * Scripts are compiled with the helper's `filename` and `lineOffset`, so V8's frames already carry
 * positions in the helper's file; this picks the first frame that belongs to one of the modules.
 */
export interface HelperPosition {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export function findHelperPosition(stack: string, filenames: readonly string[]): HelperPosition | undefined {
  // Longest first, so `a/b.js` does not match inside `x/a/b.js` before the longer name is tried.
  const names = [...new Set(filenames)].filter((f) => f !== '').sort((a, b) => b.length - a.length);
  for (const frame of stack.split('\n')) {
    let best: { index: number; position: HelperPosition } | undefined;
    for (const file of names) {
      let from = 0;
      for (;;) {
        const index = frame.indexOf(`${file}:`, from);
        if (index === -1) break;
        from = index + 1;
        const before = index === 0 ? ' ' : frame.charAt(index - 1);
        if (before !== ' ' && before !== '(' && before !== '[') continue;
        const match = /^(\d+):(\d+)/.exec(frame.slice(index + file.length + 1));
        if (!match) continue;
        if (!best || index < best.index) {
          best = { index, position: { file, line: Number(match[1]), column: Number(match[2]) } };
        }
        break;
      }
    }
    if (best) return best.position;
  }
  return undefined;
}
