import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '@toolsmith/core';
import { parsePatch, type UpdateFileOperation } from './parse-patch.ts';

const lines = (...rows: string[]) => rows.join('\n');

/** The message of the parse error `text` raises (fails the test when it parses). */
function parseError(text: string): string {
  try {
    parsePatch(text);
  } catch (error) {
    expect(ValidationError.isInstance(error)).toBe(true);
    const issues = (error as ValidationError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.field).toBe('patch');
    return issues[0]!.message;
  }
  throw new Error(`expected a parse error for:\n${text}`);
}

function onlyUpdate(text: string): UpdateFileOperation {
  const { operations } = parsePatch(text);
  expect(operations).toHaveLength(1);
  expect(operations[0]!.kind).toBe('update');
  return operations[0] as UpdateFileOperation;
}

describe('parsePatch: grammar', () => {
  it('parses every element: Add, Delete, Update with Move, anchors, hunks and End of File', () => {
    const parsed = parsePatch(
      lines(
        '*** Begin Patch',
        '*** Add File: src/new.txt',
        '+first',
        '+second',
        '*** Delete File: src/old.txt',
        '*** Update File: src/app.py',
        '*** Move to: src/main.py',
        '@@ def run():',
        '     a = 1',
        '-    b = 2',
        '+    b = 3',
        '@@',
        ' tail',
        '+end',
        '*** End of File',
        '*** End Patch',
      ),
    );
    expect(parsed.operations).toEqual([
      { kind: 'add', path: 'src/new.txt', lines: ['first', 'second'], line: 2 },
      { kind: 'delete', path: 'src/old.txt', line: 5 },
      {
        kind: 'update',
        path: 'src/app.py',
        movePath: 'src/main.py',
        line: 6,
        hunks: [
          {
            anchors: ['def run():'],
            oldLines: ['    a = 1', '    b = 2'],
            newLines: ['    a = 1', '    b = 3'],
            newLineSources: [0, -1],
            isEndOfFile: false,
            added: 1,
            removed: 1,
            line: 8,
          },
          {
            anchors: [],
            oldLines: ['tail'],
            newLines: ['tail', 'end'],
            newLineSources: [0, -1],
            isEndOfFile: true,
            added: 1,
            removed: 0,
            line: 12,
          },
        ],
      },
    ]);
  });

  it('lets the first hunk omit @@, and reads an Add File without lines as an empty file', () => {
    const update = onlyUpdate(
      lines('*** Begin Patch', '*** Update File: a.py', ' import os', '+import sys', '*** End Patch'),
    );
    expect(update.hunks).toEqual([
      expect.objectContaining({
        anchors: [],
        oldLines: ['import os'],
        newLines: ['import os', 'import sys'],
      }),
    ]);
    expect(
      parsePatch(lines('*** Begin Patch', '*** Add File: empty.txt', '*** End Patch')).operations,
    ).toEqual([{ kind: 'add', path: 'empty.txt', lines: [], line: 2 }]);
  });

  it('accepts a Move to without hunks (a plain rename)', () => {
    const update = onlyUpdate(
      lines('*** Begin Patch', '*** Update File: a.txt', '*** Move to: b.txt', '*** End Patch'),
    );
    expect(update).toEqual({ kind: 'update', path: 'a.txt', movePath: 'b.txt', hunks: [], line: 2 });
  });

  it('keeps `+`, `-` and context lines verbatim after their one-character prefix', () => {
    const update = onlyUpdate(
      lines(
        '*** Begin Patch',
        '*** Update File: a.txt',
        '@@',
        '-  two spaces',
        '+\ttab',
        ' --not a marker',
        '*** End Patch',
      ),
    );
    expect(update.hunks[0]).toMatchObject({
      oldLines: ['  two spaces', '--not a marker'],
      newLines: ['\ttab', '--not a marker'],
    });
  });
});

describe('parsePatch: leniencies', () => {
  const body = ['*** Begin Patch', '*** Update File: a.txt', '@@', '-x', '+y', '*** End Patch'];
  const expected = [expect.objectContaining({ kind: 'update', path: 'a.txt' })];

  it.each([
    ['<<EOF', 'EOF'],
    ["<<'EOF'", 'EOF'],
    ['<<"EOF"', 'EOF'],
    ["apply_patch <<'EOF'", 'EOF'],
    ["cat <<'PATCH'", 'PATCH'],
    ['```diff', '```'],
    ['```', '```'],
  ])('unwraps %s … %s', (open, close) => {
    expect(parsePatch(lines(open, ...body, close)).operations).toEqual(expected);
  });

  it('does not unwrap a heredoc whose closing word differs', () => {
    expect(parseError(lines("<<'EOF'", ...body, 'END'))).toMatch(
      /^line 1: the patch must start with '\*\*\* Begin Patch'/,
    );
  });

  it('accepts whitespace around markers, blank lines around the patch, CRLF and any marker case', () => {
    const text = [
      '',
      '   *** Begin Patch  ',
      '',
      '  *** update file:   a.txt  ',
      '@@',
      '-x',
      '+y',
      '    *** END OF FILE',
      '',
      '*** ADD FILE: b.txt',
      '+b',
      '*** End Patch   ',
      '',
    ].join('\r\n');
    expect(parsePatch(text).operations).toEqual([
      expect.objectContaining({
        kind: 'update',
        path: 'a.txt',
        hunks: [expect.objectContaining({ isEndOfFile: true, oldLines: ['x'] })],
      }),
      { kind: 'add', path: 'b.txt', lines: ['b'], line: 10 },
    ]);
  });

  it('stacks several @@ anchors and reads unified-diff hunk headers', () => {
    const update = onlyUpdate(
      lines(
        '*** Begin Patch',
        '*** Update File: a.py',
        '@@ class Writer:',
        '@@     def close(self):',
        '-        return True',
        '+        return False',
        '@@ -40,7 +40,7 @@ def helper():',
        '-a',
        '+b',
        '@@ -50 +50 @@',
        '-c',
        '+d',
        '*** End Patch',
      ),
    );
    expect(update.hunks.map((hunk) => hunk.anchors)).toEqual([
      ['class Writer:', '    def close(self):'],
      ['def helper():'],
      [],
    ]);
  });

  it('reads an empty line in a hunk as an empty context line, and drops trailing ones', () => {
    const update = onlyUpdate(
      lines(
        '*** Begin Patch',
        '*** Update File: a.txt',
        '@@',
        ' one',
        '',
        ' two',
        '-three',
        '',
        '',
        '@@',
        '-four',
        '',
        '*** End Patch',
      ),
    );
    expect(
      update.hunks.map(({ oldLines, newLines, newLineSources }) => ({ oldLines, newLines, newLineSources })),
    ).toEqual([
      { oldLines: ['one', '', 'two', 'three'], newLines: ['one', '', 'two'], newLineSources: [0, 1, 2] },
      { oldLines: ['four'], newLines: [], newLineSources: [] },
    ]);
  });

  it('reads an empty line between `+` lines of an added file as an empty line of the file', () => {
    const parsed = parsePatch(
      lines(
        '*** Begin Patch',
        '*** Add File: a.txt',
        '+one',
        '',
        '+three',
        '',
        '*** Delete File: b.txt',
        '*** End Patch',
      ),
    );
    expect(parsed.operations).toEqual([
      { kind: 'add', path: 'a.txt', lines: ['one', '', 'three'], line: 2 },
      { kind: 'delete', path: 'b.txt', line: 7 },
    ]);
  });

  it('keeps a context line that starts with `***` after its space prefix', () => {
    const update = onlyUpdate(
      lines('*** Begin Patch', '*** Update File: notes.txt', '@@', ' ***', '-old', '+new', '*** End Patch'),
    );
    expect(update.hunks[0]!.oldLines).toEqual(['***', 'old']);
  });
});

describe('parsePatch: errors name the patch line', () => {
  it('requires the begin and end markers', () => {
    expect(parseError('')).toMatch(/^line 1: the patch is empty/);
    expect(parseError(lines('', 'hello', '*** End Patch'))).toMatch(
      /^line 2: the patch must start with '\*\*\* Begin Patch', found 'hello'/,
    );
    expect(parseError(lines('*** Begin Patch', '*** Add File: a.txt', '+a'))).toMatch(
      /^line 3: the patch must end with '\*\*\* End Patch', found '\+a'\. If the patch was cut off/,
    );
  });

  it('refuses a patch without operations', () => {
    expect(parseError(lines('*** Begin Patch', '*** End Patch'))).toMatch(
      /^line 2: the patch has no file operations/,
    );
  });

  it('refuses an invalid file operation, with the valid ones', () => {
    expect(
      parseError(
        lines('*** Begin Patch', '*** Add File: a.txt', '+a', '*** Frobnicate File: x', '*** End Patch'),
      ),
    ).toBe(
      "line 4: '*** Frobnicate File: x' is not a valid file operation. Valid ones: '*** Add File: <path>', '*** Update File: <path>', '*** Delete File: <path>'.",
    );
  });

  it('explains a file line without `+` after Add File, and lines after Delete File', () => {
    expect(parseError(lines('*** Begin Patch', '*** Add File: a.txt', '+a', 'b', '*** End Patch'))).toMatch(
      /^line 4: 'b' is not a valid file operation.*Every line of a new file \(Add File a\.txt\) must start with '\+'/,
    );
    expect(parseError(lines('*** Begin Patch', '*** Delete File: a.txt', '-a', '*** End Patch'))).toMatch(
      /^line 3: .*'\*\*\* Delete File: a\.txt' takes no lines after it\./,
    );
  });

  it('refuses hunk lines before any Update File', () => {
    expect(parseError(lines('*** Begin Patch', '@@', '-a', '*** End Patch'))).toMatch(
      /^line 2: '@@' is not a valid file operation.*must follow an '\*\*\* Update File: <path>' line/,
    );
  });

  it('refuses an Update File without hunks', () => {
    expect(parseError(lines('*** Begin Patch', '*** Update File: a.txt', '*** End Patch'))).toMatch(
      /^line 2: '\*\*\* Update File: a\.txt' has no hunks/,
    );
  });

  it('refuses a hunk without lines', () => {
    expect(
      parseError(lines('*** Begin Patch', '*** Update File: a.txt', '@@ anchor', '*** End Patch')),
    ).toMatch(/^line 3: hunk 1 of Update File a\.txt has no lines/);
    expect(
      parseError(
        lines('*** Begin Patch', '*** Update File: a.txt', '@@', '*** End of File', '*** End Patch'),
      ),
    ).toMatch(/^line 4: hunk 1 of Update File a\.txt has no lines/);
  });

  it('refuses an unexpected line in a hunk, naming it', () => {
    expect(
      parseError(
        lines('*** Begin Patch', '*** Update File: a.txt', '@@', '-a', '+b', 'oops', '*** End Patch'),
      ),
    ).toMatch(
      /^line 6: unexpected line 'oops' in Update File a\.txt\. Hunk lines start with ' ' \(context, also for an empty line\), '-' \(removed\) or '\+' \(added\)/,
    );
    expect(parseError(lines('*** Begin Patch', '*** Update File: a.txt', 'first', '*** End Patch'))).toMatch(
      /^line 3: unexpected line 'first'/,
    );
  });

  it('refuses lines after *** End of File that do not start a new hunk', () => {
    expect(
      parseError(
        lines(
          '*** Begin Patch',
          '*** Update File: a.txt',
          '@@',
          '-a',
          '*** End of File',
          '+b',
          '*** End Patch',
        ),
      ),
    ).toMatch(/^line 6: unexpected line '\+b'.*'\*\*\* End of File' must be the last line of its hunk\./);
  });

  it('refuses a misplaced Move to and empty paths', () => {
    expect(
      parseError(
        lines(
          '*** Begin Patch',
          '*** Update File: a.txt',
          '@@',
          '-a',
          '+b',
          '*** Move to: c.txt',
          '*** End Patch',
        ),
      ),
    ).toMatch(
      /^line 6: .*'\*\*\* Move to: <path>' must come right after its '\*\*\* Update File: <path>' line\./,
    );
    expect(parseError(lines('*** Begin Patch', '*** Delete File:   ', '*** End Patch'))).toMatch(
      /^line 2: '\*\*\* Delete File:' needs a path/,
    );
    expect(
      parseError(lines('*** Begin Patch', '*** Update File: a', '*** Move to:', '*** End Patch')),
    ).toMatch(/^line 3: '\*\*\* Move to:' needs a path/);
  });

  it('counts lines of the original text, heredoc and leading blank lines included', () => {
    expect(
      parseError(
        lines(
          '',
          "<<'EOF'",
          '*** Begin Patch',
          '*** Update File: a.txt',
          '@@',
          'bad',
          '*** End Patch',
          'EOF',
        ),
      ),
    ).toMatch(/^line 6: unexpected line 'bad'/);
  });
});
