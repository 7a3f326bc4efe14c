import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, symlinkSync } from 'node:fs';
import { createTempProject, runTool, type TempProject } from './__fixtures__/file-tool-harness.ts';
import { ListDirTool, MAX_LIST_ENTRIES } from './list-dir.ts';

let project: TempProject;
const list = (args: Record<string, unknown>) => runTool(new ListDirTool(), project, args);

beforeEach(() => {
  project = createTempProject();
  for (const file of [
    'package.json',
    'README.md',
    '.env.example',
    'src/index.ts',
    'src/tools/read.ts',
    'src/tools/read.test.ts',
    'src/tools/shared/lines.ts',
    'src/tools/shared/deeper/x.ts',
    'node_modules/zod/index.js',
    '.git/HEAD',
    'dist/index.js',
    'build/out.js',
    'logs/app.log',
  ]) {
    project.write(file, '');
  }
  mkdirSync(project.file('empty'));
});
afterEach(() => project.cleanup());

describe('ListDir', () => {
  it('has a described definition', () => {
    expect(new ListDirTool().getDefinition()).toMatchSnapshot();
  });

  it('shows an indented tree, folders first, 3 levels deep, skipping the default ignores', async () => {
    const result = await list({ path: '.' });
    expect(result.isError).toBe(false);
    expect(result.text).toBe(
      [
        './',
        '  empty/',
        '  logs/',
        '    app.log',
        '  src/',
        '    tools/',
        '      shared/ (2 entries)',
        '      read.test.ts',
        '      read.ts',
        '    index.ts',
        '  .env.example',
        '  README.md',
        '  package.json',
        '',
        '5 directories, 7 files',
        '(Folders marked "(N entries)" are deeper than depth=3: list one with path, or raise depth.)',
      ].join('\n'),
    );
  });

  it('lists a subfolder with the depth asked for', async () => {
    const result = await list({ path: 'src', depth: 1 });
    expect(result.text).toBe(
      [
        'src/',
        '  tools/ (3 entries)',
        '  index.ts',
        '',
        '1 directory, 1 file',
        '(Folders marked "(N entries)" are deeper than depth=1: list one with path, or raise depth.)',
      ].join('\n'),
    );
    const deep = await list({ path: 'src/tools', depth: 5 });
    expect(deep.text).toContain('  shared/\n    deeper/\n      x.ts\n    lines.ts\n');
  });

  it('replaces the default ignores with the given patterns, matched on names and relative paths', async () => {
    const result = await list({ path: '.', depth: 2, ignore: ['*.log', 'src/tools', '.env*'] });
    expect(result.text).toContain('  node_modules/\n    zod/ (1 entry)\n');
    expect(result.text).toContain('  .git/\n    HEAD\n');
    expect(result.text).toContain('  dist/\n');
    expect(result.text).toContain('  logs/\n');
    expect(result.text).not.toContain('app.log');
    expect(result.text).not.toContain('tools/');
    expect(result.text).not.toContain('.env.example');
  });

  it('caps the entries breadth first and says how many were left out and where', async () => {
    for (let i = 0; i < MAX_LIST_ENTRIES + 50; i++)
      project.write(`many/f${String(i).padStart(3, '0')}.txt`, '');
    const result = await list({ path: '.' });
    // The top level is complete although "many/" alone exceeds the cap.
    for (const top of ['empty/', 'logs/', 'many/', 'src/', 'README.md', 'package.json']) {
      expect(result.text).toContain(`\n  ${top}`);
    }
    // Level 1 (7 entries) and logs/app.log take 8 places; many/ gets the other 392 and src/'s
    // entries (2, plus 3 in src/tools) are left out.
    const shownFiles = result.text.split('\n').filter((line) => /^ {4}f\d{3}\.txt$/.test(line));
    expect(shownFiles).toHaveLength(MAX_LIST_ENTRIES - 8);
    expect(result.text).toContain(`    f391.txt\n    … 58 more\n  src/\n    … 2 more\n  .env.example\n`);
    expect(result.text).toContain(
      `(Showing ${MAX_LIST_ENTRIES} entries; 63 more left out by the ${MAX_LIST_ENTRIES}-entry cap. To see them, list a subdirectory with path (most left out under: many/ 58, src/ 5), or use a smaller depth or more ignore patterns.)`,
    );
  });

  it('shows symlinks without following them', async () => {
    symlinkSync(project.outside, project.file('out'));
    const result = await list({ path: '.', depth: 1 });
    expect(result.text).toContain(`  out -> ${project.outside}\n`);
  });

  it('suggests close names for a missing folder, and refuses a file or a path outside the root', async () => {
    const missing = await list({ path: 'scr' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('Directory not found: scr.');
    expect(missing.text).toContain('Did you mean: src?');
    const file = await list({ path: 'README.md' });
    expect(file.text).toContain('README.md is a file, not a directory. Use Read to see its content.');
    const outside = await list({ path: '..' });
    expect(outside.text).toContain(`".." is outside the project root ${project.root}`);
  });
});
