import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createTempProject, runTool, type TempProject } from './__fixtures__/file-tool-harness.ts';
import { EditTool } from './edit.ts';
import { ReadTool } from './read.ts';
import { WriteTool } from './write.ts';

let project: TempProject;
const write = (args: Record<string, unknown>) => runTool(new WriteTool(), project, args);
const read = (file_path: string) => runTool(new ReadTool(), project, { file_path });

beforeEach(() => {
  project = createTempProject();
});
afterEach(() => project.cleanup());

describe('Write', () => {
  it('has a described definition', () => {
    expect(new WriteTool().getDefinition()).toMatchSnapshot();
  });

  it('creates a new file and its parent folders', async () => {
    const result = await write({
      file_path: 'src/deep/new.ts',
      content: 'export const a = 1;\nexport const b = 2;\n',
    });
    expect(result).toEqual({ isError: false, text: 'Created src/deep/new.ts (2 lines, 40 bytes).' });
    expect(readFileSync(project.file('src/deep/new.ts'), 'utf8')).toBe(
      'export const a = 1;\nexport const b = 2;\n',
    );
  });

  it('overwrites a file that was read, leaving no temporary files', async () => {
    project.write('a.txt', 'old\n');
    await read('a.txt');
    const result = await write({ file_path: 'a.txt', content: 'new content\n' });
    expect(result).toEqual({ isError: false, text: 'Overwrote a.txt (1 line, 12 bytes).' });
    expect(readFileSync(project.file('a.txt'), 'utf8')).toBe('new content\n');
    expect(readdirSync(project.root)).toEqual(['a.txt']);
  });

  it('refuses to overwrite a file not read in this session', async () => {
    project.write('a.txt', 'precious\n');
    const result = await write({ file_path: 'a.txt', content: 'oops\n' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- file_path: a.txt exists but was not read in this session. Read it first, then change it.',
    );
    expect(readFileSync(project.file('a.txt'), 'utf8')).toBe('precious\n');
  });

  it('refuses to overwrite a file changed since it was read', async () => {
    const file = project.write('a.txt', 'v1\n');
    await read('a.txt');
    writeFileSync(file, 'v2 by someone else\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const result = await write({ file_path: 'a.txt', content: 'mine\n' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'a.txt changed since it was read (by someone else, or a command). Read it again before changing it.',
    );
    expect(readFileSync(file, 'utf8')).toBe('v2 by someone else\n');
  });

  it('overwrites without reading when the session does not require it', async () => {
    project.cleanup();
    project = createTempProject({ requireReadBeforeWrite: false });
    project.write('a.txt', 'old\n');
    expect((await write({ file_path: 'a.txt', content: 'new\n' })).isError).toBe(false);
    expect(readFileSync(project.file('a.txt'), 'utf8')).toBe('new\n');
  });

  it('keeps the CRLF line endings and the BOM of the file it replaces', async () => {
    project.write('win.txt', '\uFEFFone\r\ntwo\r\n');
    await read('win.txt');
    const result = await write({ file_path: 'win.txt', content: 'uno\ndos\ntres\n' });
    expect(result.text).toBe('Overwrote win.txt (3 lines, 19 bytes); kept CRLF line endings and the BOM.');
    expect(readFileSync(project.file('win.txt'))).toEqual(Buffer.from('\uFEFFuno\r\ndos\r\ntres\r\n'));
  });

  it('writes new content verbatim (CRLF given, CRLF written)', async () => {
    await write({ file_path: 'crlf.txt', content: 'a\r\nb\r\n' });
    expect(readFileSync(project.file('crlf.txt'), 'utf8')).toBe('a\r\nb\r\n');
  });

  it('records what it wrote, so a following Edit needs no new Read', async () => {
    await write({ file_path: 'a.ts', content: 'let x = 1;\n' });
    const edit = await runTool(new EditTool(), project, {
      file_path: 'a.ts',
      old_string: 'x = 1',
      new_string: 'x = 2',
    });
    expect(edit.isError).toBe(false);
    expect(readFileSync(project.file('a.ts'), 'utf8')).toBe('let x = 2;\n');
  });

  it('may replace a binary file once Read has seen (and described) it', async () => {
    project.write('blob.dat', Buffer.from([0, 1, 2, 3]));
    expect((await write({ file_path: 'blob.dat', content: 'text\n' })).isError).toBe(true);
    expect((await read('blob.dat')).text).toContain('blob.dat is a binary file (binary content, 4 bytes).');
    expect((await write({ file_path: 'blob.dat', content: 'text\n' })).isError).toBe(false);
    expect(readFileSync(project.file('blob.dat'), 'utf8')).toBe('text\n');
  });

  it('refuses a directory', async () => {
    mkdirSync(project.file('src'));
    const result = await write({ file_path: 'src', content: 'x' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'src is a directory. Give the path of a file inside it, e.g. "src/new-file.ts".',
    );
  });

  it('explains a file-system refusal instead of crashing (a file where a folder is needed)', async () => {
    project.write('a.txt', 'file\n');
    const result = await write({ file_path: 'a.txt/b.txt', content: 'x' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- file_path: a.txt/b.txt: a part of the path is a file, not a folder. Check the path (ENOTDIR).',
    );
  });

  it('refuses paths outside the root, including through a symlinked folder, and creates nothing there', async () => {
    symlinkSync(project.outside, project.file('out'));
    for (const file_path of ['../outside/x.txt', path.join(project.outside, 'y.txt'), 'out/z.txt']) {
      const result = await write({ file_path, content: 'escape\n' });
      expect(result.isError).toBe(true);
      expect(result.text).toContain(`is outside the project root ${project.root}`);
    }
    expect(readdirSync(project.outside)).toEqual([]);
    expect(existsSync(path.join(project.outside, 'z.txt'))).toBe(false);
  });
});
