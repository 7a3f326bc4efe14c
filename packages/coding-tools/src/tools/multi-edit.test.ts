import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTempProject, runTool, type TempProject } from './__fixtures__/file-tool-harness.ts';
import { EditTool } from './edit.ts';
import { MultiEditTool } from './multi-edit.ts';
import { ReadTool } from './read.ts';

let project: TempProject;
const multiEdit = (args: Record<string, unknown>) => runTool(new MultiEditTool(), project, args);

const SOURCE = 'const alpha = 1;\nconst beta = 2;\nconst gamma = 3;\nconst delta = 4;\n';

async function seen(relative: string, content: string | Buffer): Promise<string> {
  const file = project.write(relative, content);
  await runTool(new ReadTool(), project, { file_path: relative });
  return file;
}

beforeEach(() => {
  project = createTempProject();
});
afterEach(() => project.cleanup());

describe('MultiEdit', () => {
  it('has a described definition', () => {
    expect(new MultiEditTool().getDefinition()).toMatchSnapshot();
  });

  it('applies the edits in order, each on the result of the previous one', async () => {
    const file = await seen('src/v.ts', SOURCE);
    const result = await multiEdit({
      file_path: 'src/v.ts',
      edits: [
        { old_string: 'alpha = 1', new_string: 'alpha = 10' },
        { old_string: 'alpha = 10;\n', new_string: 'alpha = 10; // changed twice\n' },
        { old_string: 'const', new_string: 'let', replace_all: true },
      ],
    });
    expect(result).toEqual({
      isError: false,
      text: 'Edited src/v.ts: applied 3 edits (6 replacements); the file now has 4 lines.',
    });
    expect(readFileSync(file, 'utf8')).toBe(
      'let alpha = 10; // changed twice\nlet beta = 2;\nlet gamma = 3;\nlet delta = 4;\n',
    );
  });

  it('writes nothing when the 3rd of 4 edits fails: the file is byte-for-byte unchanged, no temp files', async () => {
    const file = await seen('src/v.ts', SOURCE);
    const before = readFileSync(file);
    const { mtimeMs } = statSync(file);
    const result = await multiEdit({
      file_path: 'src/v.ts',
      edits: [
        { old_string: 'alpha', new_string: 'ALPHA' },
        { old_string: 'beta', new_string: 'BETA' },
        { old_string: 'const epsilon = 5;', new_string: 'const epsilon = 50;' },
        { old_string: 'delta', new_string: 'DELTA' },
      ],
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- edits.2.old_string: Edit 3 of 4: old_string was not found in src/v.ts.');
    expect(result.text).toContain('No edits were applied; the file is unchanged.');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(mtimeMs);
    expect(readdirSync(path.dirname(file))).toEqual(['v.ts']);
  });

  it('names the failing edit for an ambiguous match and for old == new', async () => {
    const file = await seen('src/v.ts', SOURCE);
    const ambiguous = await multiEdit({
      file_path: 'src/v.ts',
      edits: [
        { old_string: 'alpha', new_string: 'ALPHA' },
        { old_string: 'const', new_string: 'let' },
      ],
    });
    expect(ambiguous.text).toContain(
      '- edits.1.old_string: Edit 2 of 2: old_string matches 4 places in src/v.ts (lines 1, 2, 3, 4).',
    );
    const same = await multiEdit({
      file_path: 'src/v.ts',
      edits: [
        { old_string: 'alpha', new_string: 'ALPHA' },
        { old_string: 'beta', new_string: 'beta' },
      ],
    });
    expect(same.text).toContain('- edits.1.new_string: Edit 2 of 2: new_string is identical to old_string');
    expect(readFileSync(file, 'utf8')).toBe(SOURCE);
  });

  it('refuses a file not read, or changed since it was read', async () => {
    const file = project.write('a.txt', 'one\n');
    const unread = await multiEdit({ file_path: 'a.txt', edits: [{ old_string: 'one', new_string: 'two' }] });
    expect(unread.text).toContain('a.txt exists but was not read in this session.');
    await runTool(new ReadTool(), project, { file_path: 'a.txt' });
    writeFileSync(file, 'one and more\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const changed = await multiEdit({
      file_path: 'a.txt',
      edits: [{ old_string: 'one', new_string: 'two' }],
    });
    expect(changed.text).toContain('a.txt changed since it was read');
    expect(readFileSync(file, 'utf8')).toBe('one and more\n');
  });

  it('keeps CRLF line endings and the BOM', async () => {
    const file = await seen('win.txt', '\uFEFFa = 1\r\nb = 2\r\n');
    await multiEdit({
      file_path: 'win.txt',
      edits: [
        { old_string: 'a = 1', new_string: 'a = 1\nA = 11' },
        { old_string: 'b = 2\r\n', new_string: 'b = 22\r\n' },
      ],
    });
    expect(readFileSync(file)).toEqual(Buffer.from('\uFEFFa = 1\r\nA = 11\r\nb = 22\r\n'));
  });

  it('creates a file when the first edit has an empty old_string', async () => {
    const result = await multiEdit({
      file_path: 'new/file.txt',
      edits: [
        { old_string: '', new_string: 'hello NAME\n' },
        { old_string: 'NAME', new_string: 'world' },
      ],
    });
    expect(result.text).toBe(
      'Created new/file.txt: applied 2 edits (2 replacements); the file now has 1 line.',
    );
    expect(readFileSync(project.file('new/file.txt'), 'utf8')).toBe('hello world\n');
  });

  it('refuses a missing file (with suggestions) when the first old_string is not empty', async () => {
    await seen('src/v.ts', SOURCE);
    const result = await multiEdit({ file_path: 'src/w.ts', edits: [{ old_string: 'a', new_string: 'b' }] });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('File not found: src/w.ts.');
    expect(result.text).toContain('Did you mean: src/v.ts?');
  });

  it('records the new state, so a following Edit works without a new Read', async () => {
    const file = await seen('src/v.ts', SOURCE);
    await multiEdit({ file_path: 'src/v.ts', edits: [{ old_string: 'alpha', new_string: 'first' }] });
    const next = await runTool(new EditTool(), project, {
      file_path: 'src/v.ts',
      old_string: 'beta',
      new_string: 'second',
    });
    expect(next.isError).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(SOURCE.replace('alpha', 'first').replace('beta', 'second'));
  });

  it('requires at least one edit', async () => {
    await seen('a.txt', 'x\n');
    const result = await multiEdit({ file_path: 'a.txt', edits: [] });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('edits');
  });

  it('refuses paths outside the root', async () => {
    writeFileSync(path.join(project.outside, 'o.txt'), 'x\n');
    const result = await multiEdit({
      file_path: '../outside/o.txt',
      edits: [{ old_string: 'x', new_string: 'y' }],
    });
    expect(result.text).toContain(`is outside the project root ${project.root}`);
    expect(readFileSync(path.join(project.outside, 'o.txt'), 'utf8')).toBe('x\n');
  });
});
