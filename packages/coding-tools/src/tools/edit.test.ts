import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTempProject, runTool, type TempProject } from './__fixtures__/file-tool-harness.ts';
import { EditTool } from './edit.ts';
import { ReadTool } from './read.ts';

let project: TempProject;
const edit = (args: Record<string, unknown>) => runTool(new EditTool(), project, args);
const read = (file_path: string) => runTool(new ReadTool(), project, { file_path });

const SOURCE = [
  'import { log } from "./log.ts";',
  '',
  'export function greet(name: string): string {',
  '  const message = `Hello, ${name}!`;',
  '  log(message);',
  '  return message;',
  '}',
  '',
  'export function part(name: string): string {',
  '  return `Bye, ${name}.`;',
  '}',
  '',
].join('\n');

/** Writes `content` under the root and Reads it, as an agent would before editing. */
async function seen(relative: string, content: string | Buffer): Promise<string> {
  const file = project.write(relative, content);
  await read(relative);
  return file;
}

beforeEach(() => {
  project = createTempProject();
});
afterEach(() => project.cleanup());

describe('Edit', () => {
  it('has a described definition', () => {
    expect(new EditTool().getDefinition()).toMatchSnapshot();
  });

  it('replaces a unique string and shows the changed region', async () => {
    const file = await seen('src/greet.ts', SOURCE);
    const result = await edit({
      file_path: 'src/greet.ts',
      old_string: '  log(message);\n',
      new_string: '  log(message);\n  log("again");\n',
    });
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      [
        'Edited src/greet.ts at line 5. The changed region now reads:',
        '3\texport function greet(name: string): string {',
        '4\t  const message = `Hello, ${name}!`;',
        '5\t  log(message);',
        '6\t  log("again");',
        '7\t  return message;',
        '8\t}',
      ].join('\n'),
    );
    expect(readFileSync(file, 'utf8')).toBe(
      SOURCE.replace('  log(message);\n', '  log(message);\n  log("again");\n'),
    );
    expect(readdirSync(path.dirname(file))).toEqual(['greet.ts']);
  });

  it('replaces every occurrence with replace_all', async () => {
    const file = await seen('src/greet.ts', SOURCE);
    const result = await edit({
      file_path: 'src/greet.ts',
      old_string: 'name',
      new_string: 'person',
      replace_all: true,
    });
    expect(result.text).toBe('Edited src/greet.ts: replaced 4 occurrences (lines 3, 4, 9, 10).');
    expect(readFileSync(file, 'utf8')).toBe(SOURCE.replaceAll('name', 'person'));
  });

  it('inserts new_string literally ($& and $1 are not patterns)', async () => {
    const file = await seen('a.txt', 'price: X\n');
    await edit({ file_path: 'a.txt', old_string: 'X', new_string: '$& $1 $$' });
    expect(readFileSync(file, 'utf8')).toBe('price: $& $1 $$\n');
  });

  it('refuses old_string equal to new_string', async () => {
    await seen('a.txt', 'same\n');
    const result = await edit({ file_path: 'a.txt', old_string: 'same', new_string: 'same' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- new_string: new_string is identical to old_string, so the edit would change nothing.',
    );
  });

  it('refuses an old_string that matches several places, naming their lines', async () => {
    const file = await seen('src/greet.ts', SOURCE);
    const result = await edit({ file_path: 'src/greet.ts', old_string: 'return', new_string: 'yield' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- old_string: old_string matches 2 places in src/greet.ts (lines 6, 10). Add surrounding lines to old_string so it matches exactly one place, or set replace_all: true to replace every occurrence.',
    );
    expect(readFileSync(file, 'utf8')).toBe(SOURCE);
  });

  it('says where the closest text is when old_string is not found', async () => {
    const file = await seen('src/greet.ts', SOURCE);
    const result = await edit({
      file_path: 'src/greet.ts',
      old_string: 'export function part(nam: string): string {\n  return `Bye, ${nam}!`;',
      new_string: 'x',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'old_string was not found in src/greet.ts. The closest text is at lines 9-10 (',
    );
    expect(result.text).toContain(
      ' 9\texport function part(name: string): string {\n10\t  return `Bye, ${name}.`;',
    );
    expect(result.text).toContain(
      'old_string must match the file exactly, including whitespace and indentation',
    );
    expect(readFileSync(file, 'utf8')).toBe(SOURCE);
  });

  it('finds a one-line typo inside a long line', async () => {
    const long = `const config = { alpha: 1, beta: 2, gamma: 3, delta: 4, epsilon: 5, zeta: 6, eta: 7, theta: 8 };`;
    await seen('c.ts', `// header\n${'\n'.repeat(40)}${long}\n// footer\n`);
    const result = await edit({ file_path: 'c.ts', old_string: 'gamma: 3, detla: 4', new_string: 'x' });
    expect(result.text).toContain('The closest text is at line 42 (');
  });

  it('notes when the closest text differs only in whitespace', async () => {
    await seen('src/greet.ts', SOURCE);
    const result = await edit({
      file_path: 'src/greet.ts',
      old_string: 'log(message);\n    return message;',
      new_string: 'x',
    });
    expect(result.text).toMatch(
      /The closest text is at lines 5-6 \(\d+% similar, differs only in whitespace\/indentation\)/,
    );
  });

  it('recognises line-number prefixes copied from Read output', async () => {
    await seen('src/greet.ts', SOURCE);
    const result = await edit({
      file_path: 'src/greet.ts',
      old_string: '5\t  log(message);\n6\t  return message;',
      new_string: 'x',
    });
    expect(result.text).toContain('remove the "<number><tab>" prefixes and keep only the file text');
  });

  it('says so when nothing in the file resembles old_string', async () => {
    await seen('a.txt', 'alpha\nbeta\n');
    const result = await edit({ file_path: 'a.txt', old_string: 'zzzzzzzzzzzzqqqqqqqqq', new_string: 'x' });
    expect(result.text).toContain('old_string was not found in a.txt. No similar text exists in the file.');
  });

  it('refuses a file not read in this session', async () => {
    const file = project.write('a.txt', 'one\n');
    const result = await edit({ file_path: 'a.txt', old_string: 'one', new_string: 'two' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'a.txt exists but was not read in this session. Read it first, then change it.',
    );
    expect(readFileSync(file, 'utf8')).toBe('one\n');
  });

  it('refuses a file changed since it was read', async () => {
    const file = await seen('a.txt', 'one\n');
    writeFileSync(file, 'one, changed elsewhere\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const result = await edit({ file_path: 'a.txt', old_string: 'one', new_string: 'two' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('a.txt changed since it was read');
    expect(readFileSync(file, 'utf8')).toBe('one, changed elsewhere\n');
  });

  it('keeps CRLF line endings and the BOM, whatever endings the strings use', async () => {
    const file = await seen('win.txt', '\uFEFFalpha\r\nbeta\r\ngamma\r\n');
    const result = await edit({
      file_path: 'win.txt',
      old_string: 'alpha\r\nbeta',
      new_string: 'ALPHA\nBETA\nBETA2',
    });
    expect(result.isError).toBe(false);
    expect(readFileSync(file)).toEqual(Buffer.from('\uFEFFALPHA\r\nBETA\r\nBETA2\r\ngamma\r\n'));
  });

  it('allows a follow-up edit without reading again', async () => {
    const file = await seen('a.txt', 'one two\n');
    expect((await edit({ file_path: 'a.txt', old_string: 'one', new_string: '1' })).isError).toBe(false);
    expect((await edit({ file_path: 'a.txt', old_string: 'two', new_string: '2' })).isError).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('1 2\n');
  });

  it('suggests close names for a missing file, and creates one with an empty old_string', async () => {
    await seen('src/greet.ts', SOURCE);
    const missing = await edit({ file_path: 'src/gret.ts', old_string: 'a', new_string: 'b' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('File not found: src/gret.ts.');
    expect(missing.text).toContain('Did you mean: src/greet.ts?');
    const created = await edit({ file_path: 'src/new/file.ts', old_string: '', new_string: 'export {};\n' });
    expect(created).toEqual({ isError: false, text: 'Created src/new/file.ts (1 line).' });
    expect(readFileSync(project.file('src/new/file.ts'), 'utf8')).toBe('export {};\n');
  });

  it('refuses an empty old_string on a non-empty file', async () => {
    await seen('a.txt', 'content\n');
    const result = await edit({ file_path: 'a.txt', old_string: '', new_string: 'x' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('old_string is empty but a.txt is not.');
  });

  it('refuses binary files and directories', async () => {
    project.cleanup();
    project = createTempProject({ requireReadBeforeWrite: false });
    project.write('blob.bin', Buffer.from([1, 0, 2, 0]));
    const binary = await edit({ file_path: 'blob.bin', old_string: 'a', new_string: 'b' });
    expect(binary.text).toContain('blob.bin is a binary file (executable); Edit changes text files only.');
    project.write('dir/x.txt', '');
    const directory = await edit({ file_path: 'dir', old_string: 'a', new_string: 'b' });
    expect(directory.text).toContain('dir is a directory.');
  });

  it('refuses paths outside the root, including through a symlink', async () => {
    const secret = path.join(project.outside, 'secret.txt');
    writeFileSync(secret, 'keep\n');
    symlinkSync(secret, project.file('link.txt'));
    for (const file_path of ['link.txt', '../outside/secret.txt', secret]) {
      const result = await edit({ file_path, old_string: 'keep', new_string: 'lost' });
      expect(result.isError).toBe(true);
      expect(result.text).toContain(`is outside the project root ${project.root}`);
    }
    expect(readFileSync(secret, 'utf8')).toBe('keep\n');
  });
});
