import { describe, expect, it } from '@jest/globals';
import { applyHunks, splitLines } from './apply-hunks.ts';
import { parsePatch, type UpdateHunk } from './parse-patch.ts';

/** The hunks of `*** Update File: f` with the given body lines. */
function hunks(...body: string[]): UpdateHunk[] {
  const parsed = parsePatch(['*** Begin Patch', '*** Update File: f', ...body, '*** End Patch'].join('\n'));
  const operation = parsed.operations[0]!;
  if (operation.kind !== 'update') throw new Error('expected an update');
  return operation.hunks;
}

function apply(text: string, ...body: string[]): string {
  const result = applyHunks(text, hunks(...body));
  if (!result.ok) throw new Error(result.failures.map((f) => f.message).join('\n'));
  return result.text;
}

function failures(text: string, ...body: string[]) {
  const result = applyHunks(text, hunks(...body));
  if (result.ok) throw new Error('expected failures');
  return result.failures;
}

describe('applyHunks', () => {
  it('locates each hunk after the previous one', () => {
    expect(apply('a\nb\na\nb\n', '@@', '-a', '+A', '@@', '-a', '+A2')).toBe('A\nb\nA2\nb\n');
  });

  it('seeks anchors in order, from the previous hunk on', () => {
    const file = 'class A:\n  def f():\n    return 0\nclass B:\n  def f():\n    return 0\n';
    expect(apply(file, '@@ class B:', '@@   def f():', '-    return 0', '+    return 1')).toBe(
      'class A:\n  def f():\n    return 0\nclass B:\n  def f():\n    return 1\n',
    );
  });

  it('lets the old lines start on the anchor line itself', () => {
    expect(
      apply('def a():\n  pass\ndef b():\n  pass\n', '@@ def b():', ' def b():', '-  pass', '+  return 1'),
    ).toBe('def a():\n  pass\ndef b():\n  return 1\n');
  });

  it('keeps context lines as they are in the file after a lenient match', () => {
    expect(apply('\tif (x) {\n\t\tgo();\n\t}\n', '@@', ' if (x) {', '-    go();', '+\t\tstop();', ' }')).toBe(
      '\tif (x) {\n\t\tstop();\n\t}\n',
    );
  });

  it('retries without trailing empty context lines (the final newline)', () => {
    expect(apply('one\ntwo', '@@', ' one', '-two', '+2', ' ')).toBe('one\n2\n');
  });

  it('appends a pure addition at the end (before a final empty line), or right after its anchor', () => {
    expect(apply('a\nb\n', '@@', '+c')).toBe('a\nb\nc\n');
    expect(apply('a\n\n', '@@', '+c')).toBe('a\nc\n\n');
    expect(apply('', '@@', '+first')).toBe('first\n');
    expect(apply('head\nbody\ntail\n', '@@ head', '+inserted')).toBe('head\ninserted\nbody\ntail\n');
    expect(apply('head\nbody\n', '@@ head', '+last', '*** End of File')).toBe('head\nbody\nlast\n');
  });

  it('anchors an *** End of File hunk at the end of the file', () => {
    expect(apply('x\ny\nx\ny\n', '@@', ' x', '-y', '+Y', '*** End of File')).toBe('x\ny\nx\nY\n');
  });

  it('finds a hunk given out of order, but never on lines another hunk already changed', () => {
    expect(apply('1\n2\n3\n4\n', '@@', '-3', '+three', '@@', '-1', '+one')).toBe('one\n2\nthree\n4\n');
    const [failure] = failures('a\nb\n', '@@', '-a', '+A', '@@', '-a', '+AA');
    expect(failure).toMatchObject({ hunk: 2 });
  });

  it('looks for an out-of-order hunk before the previous one only where it is unique', () => {
    const [failure] = failures('x\ny\nx\ny\nend\n', '@@', ' end', '+after', '@@', '-x', '+X');
    expect(failure).toMatchObject({ hunk: 2 });
    expect(failure!.message).toMatch(/^context not found after line 5, where the previous hunk ended/);
    expect(
      apply(
        'class A:\n  a = 1\nclass B:\n  b = 1\n',
        '@@ class B:',
        '-  b = 1',
        '+  b = 2',
        '@@ class A:',
        '-  a = 1',
        '+  a = 2',
      ),
    ).toBe('class A:\n  a = 2\nclass B:\n  b = 2\n');
  });

  it('never looks for the lines of an anchored hunk above the anchor', () => {
    // Square's body changed since the patch was written; Circle's identical old body must not be hit.
    const file = 'class Circle:\n  return 0\nclass Square:\n  return self.side\n';
    const [failure] = failures(file, '@@ class Square:', '-  return 0', '+  return 1');
    expect(failure!.message).toMatch(/^context not found below its anchor \(line 3\)\. Expected:/);
  });

  it('refuses an addition that falls inside the lines another hunk changes', () => {
    const [failure] = failures('a\nb\nc\nd\n', '@@', '-a', '-b', '-c', '+ABC', '@@ b', '+inserted');
    expect(failure).toMatchObject({ hunk: 2 });
    expect(failure!.message).toBe(
      'its added lines go after line 2, inside the lines another hunk of this file changes. Merge the two hunks into one.',
    );
  });

  it('ensures a final newline and keeps a final empty line', () => {
    expect(apply('a\nb', '@@', '-a', '+A')).toBe('A\nb\n');
    expect(apply('a\nb\n\n', '@@', '-a', '+A')).toBe('A\nb\n\n');
    expect(apply('only\n', '@@', '-only')).toBe('');
  });

  it('reports every failing hunk with the closest match in the file', () => {
    const file = Array.from({ length: 50 }, (_, i) => `value_${i} = compute(${i})`).join('\n');
    const result = failures(
      file,
      '@@',
      ' value_10 = compute(10)',
      '-value_11 = compute(11)',
      '+value_11 = 0',
      '@@',
      ' value_40 = compute(4O)',
      '-value_41 = compute(41)',
      '+value_41 = 1',
      '@@ def nowhere():',
      '-x',
    );
    expect(result.map((f) => f.hunk)).toEqual([2, 3]);
    expect(result[0]!.message).toBe(
      [
        'context not found after line 12, where the previous hunk ended (before it, it is absent or not unique). Expected:',
        '  value_40 = compute(4O)',
        '  value_41 = compute(41)',
        'Closest at line 41 (97% similar):',
        '     41 | value_40 = compute(40)',
        '     42 | value_41 = compute(41)',
        "Copy the context (' ') and removed ('-') lines exactly from the current file (Read it again if it may have changed).",
      ].join('\n'),
    );
    expect(result[1]!.message).toMatch(
      /^anchor '@@ def nowhere\(\):' not found at or after line 13, where the previous hunk ended \(before it, it is absent or not unique\)\. Closest line: \d+: ".*" \(\d+% similar\)\. After '@@ ' put a line copied exactly from the file/,
    );
  });

  it('never calls text it did not find "100% similar"', () => {
    // A removed line that is only part of a file line: ApplyPatch matches whole lines.
    const fragment = failures(
      'function f() {\n  return total; // sum\n}\n',
      '@@',
      '-  return total;',
      '+  return 0;',
    );
    expect(fragment[0]!.message).toBe(
      [
        'context not found. Expected:',
        '    return total;',
        'Closest at line 2 (68% similar):',
        '      2 |   return total; // sum',
        "Copy the context (' ') and removed ('-') lines exactly from the current file (Read it again if it may have changed).",
      ].join('\n'),
    );
    // One character off in a 300-character line is 99%, not a rounded-up 100%.
    const long = `const x = ${'abcdefghij'.repeat(30)};`;
    const typo = failures(`${long}\n`, '@@', `-${long.replace('j;', 'k;')}`, '+z');
    expect(typo[0]!.message).toContain('Closest at line 1 (99% similar):');
    // The same lines exist, but above the anchor: say so instead of "100% similar".
    const above = failures('a\nfoo\nb\nfoo\nclass X {\n  y\n}\n', '@@ class X {', ' foo', '-b', '+B');
    expect(above[0]!.message).toBe(
      [
        'context not found below its anchor (line 5). Expected:',
        '  foo',
        '  b',
        "These lines are at line 2, above its anchor: use an anchor above them, or a bare '@@'.",
        "Copy the context (' ') and removed ('-') lines exactly from the current file (Read it again if it may have changed).",
      ].join('\n'),
    );
    expect([...fragment, ...typo, ...above].map((f) => f.message).join('\n')).not.toContain('100%');
  });

  it('applies 100 hunks to a 10 000-line file in well under 50 ms', () => {
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `  const value${i} = compute(${i}, "${'x'.repeat(i % 40)}");`,
    );
    const body: string[] = [];
    for (let k = 0; k < 100; k++) {
      const at = k * 100 + 40;
      body.push('@@', ` ${lines[at - 1]}`, `-${lines[at]}`, `+  const value${at} = 0;`, ` ${lines[at + 1]}`);
    }
    const parsed = hunks(...body);
    const text = `${lines.join('\n')}\n`;
    applyHunks(text, parsed); // warm up
    const started = performance.now();
    const result = applyHunks(text, parsed);
    const elapsed = performance.now() - started;
    expect(result.ok).toBe(true);
    if (result.ok) {
      const out = splitLines(result.text);
      expect(out).toHaveLength(10_000);
      expect(out[9940]).toBe('  const value9940 = 0;');
    }
    expect(elapsed).toBeLessThan(1000);
  });
});
