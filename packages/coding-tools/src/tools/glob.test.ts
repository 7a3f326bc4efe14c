import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTempProject, runTool, type TempProject } from './__fixtures__/file-tool-harness.ts';
import { GlobTool, MAX_GLOB_RESULTS, NEWEST_FIRST_LIMIT } from './glob.ts';

let project: TempProject;
const glob = (args: Record<string, unknown>) => runTool(new GlobTool(), project, args);

/** Writes a file whose mtime is `minutesAgo` minutes in the past. */
function aged(relative: string, minutesAgo: number): void {
  const file = project.write(relative, `// ${relative}\n`);
  const when = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(file, when, when);
}

/** The listed paths of a Glob answer (the lines before the blank line). */
const paths = (text: string) => text.split('\n\n')[0]?.split('\n') ?? [];

beforeEach(() => {
  project = createTempProject();
});
afterEach(() => project.cleanup());

// Some tests write thousands of files: seconds when every project tests at once.
jest.setTimeout(30_000);

describe('Glob', () => {
  it('has a described definition', () => {
    expect(new GlobTool().getDefinition()).toMatchSnapshot();
  });

  it('returns matching paths relative to the root, most recently modified first', async () => {
    aged('src/old.ts', 30);
    aged('src/new.ts', 1);
    aged('src/lib/mid.ts', 10);
    aged('src/readme.md', 0);
    const result = await glob({ pattern: '**/*.ts' });
    expect(result).toEqual({
      isError: false,
      text: 'src/new.ts\nsrc/lib/mid.ts\nsrc/old.ts\n\n(3 files matching "**/*.ts" in the project, most recently modified first.)',
    });
    const inLib = await glob({ pattern: '*.ts', path: 'src/lib' });
    expect(paths(inLib.text)).toEqual(['src/lib/mid.ts']);
  });

  it('returns at most 100 paths, the newest, and says how many matched', async () => {
    for (let i = 0; i < 130; i++) aged(`gen/f${String(i).padStart(3, '0')}.ts`, i);
    const result = await glob({ pattern: 'gen/*.ts' });
    const listed = paths(result.text);
    expect(listed).toHaveLength(MAX_GLOB_RESULTS);
    expect(listed[0]).toBe('gen/f000.ts');
    expect(listed.at(-1)).toBe('gen/f099.ts');
    expect(result.text).toContain(
      '(Showing the 100 most recently modified of 130 files matching "gen/*.ts" in the project. Use a more specific pattern or path to see the others.)',
    );
  });

  it('lists more matches than it can order by age in path order, and says so', async () => {
    // NEWEST_FIRST_LIMIT + 5 files in 3 folders; the newest are last in path order.
    const total = NEWEST_FIRST_LIMIT + 5;
    for (let i = 0; i < total; i++) {
      const file = project.write(`types/p${i % 3}/m${String(i).padStart(4, '0')}.d.ts`, '');
      const when = new Date(Date.now() - (total - i) * 60_000);
      utimesSync(file, when, when);
    }
    const result = await glob({ pattern: '**/*.d.ts' });
    const listed = paths(result.text);
    expect(listed).toHaveLength(MAX_GLOB_RESULTS);
    expect(listed.slice(0, 3)).toEqual(['types/p0/m0000.d.ts', 'types/p0/m0003.d.ts', 'types/p0/m0006.d.ts']);
    expect(listed.at(-1)).toBe('types/p0/m0297.d.ts');
    expect(result.text.split('\n\n')[1]).toBe(
      `(Showing the first 100 in path order of ${total} files matching "**/*.d.ts" in the project: more than ${NEWEST_FIRST_LIMIT} match, too many to order by modification time. Use a more specific pattern or path to see the others.)`,
    );
    // Fewer matches (1337 in p0 and p1): newest first again.
    const narrower = await glob({ pattern: 'types/p{0,1}/*.d.ts' });
    expect(paths(narrower.text)[0]).toBe('types/p0/m2004.d.ts'); // i = 2004, the newest
    expect(narrower.text).toContain('most recently modified of');
  });

  it('respects .gitignore files, nested ones and negations included, and skips node_modules', async () => {
    project.write('.gitignore', '*.log\nbuild/\n');
    project.write('pkg/.gitignore', 'generated/\n!keep.log\n');
    for (const file of [
      'app.log',
      'src/a.ts',
      'build/out.js',
      'pkg/generated/g.ts',
      'pkg/src/b.ts',
      'pkg/keep.log',
      'pkg/drop.log',
      'node_modules/dep/index.js',
      '.github/workflows/ci.yml',
    ]) {
      aged(file, 5);
    }
    const result = await glob({ pattern: '**/*' });
    expect(paths(result.text).sort()).toEqual([
      '.github/workflows/ci.yml',
      '.gitignore',
      'pkg/.gitignore',
      'pkg/keep.log',
      'pkg/src/b.ts',
      'src/a.ts',
    ]);
    // Rules of folders above `path` apply too.
    expect(paths((await glob({ pattern: '**/*.ts', path: 'pkg' })).text)).toEqual(['pkg/src/b.ts']);
  });

  it('includes ignored files on request, but never .git', async () => {
    project.write('.gitignore', '*.log\n');
    project.write('.git/HEAD', 'ref: refs/heads/main\n');
    aged('app.log', 5);
    aged('node_modules/dep/index.js', 5);
    const result = await glob({ pattern: '**/*', include_ignored: true });
    expect(paths(result.text).sort()).toEqual(['.gitignore', 'app.log', 'node_modules/dep/index.js']);
  });

  it('applies .git/info/exclude at the top of the work tree', async () => {
    project.write('.git/info/exclude', 'secret.txt\n');
    aged('secret.txt', 1);
    aged('public.txt', 1);
    expect(paths((await glob({ pattern: '*.txt' })).text)).toEqual(['public.txt']);
  });

  it('does not follow symlinks (a link to a folder outside the root is not walked)', async () => {
    writeFileSync(path.join(project.outside, 'secret.ts'), '');
    symlinkSync(project.outside, project.file('linked'));
    aged('src/a.ts', 1);
    expect(paths((await glob({ pattern: '**/*.ts' })).text)).toEqual(['src/a.ts']);
  });

  it('does not list through a symlinked folder named in the pattern (outside the root or inside it)', async () => {
    writeFileSync(path.join(project.outside, 'secret.ts'), '');
    mkdirSync(path.join(project.outside, 'sub'));
    writeFileSync(path.join(project.outside, 'sub', 'deep.ts'), '');
    symlinkSync(project.outside, project.file('link-out'));
    symlinkSync('/etc', project.file('etc-link'));
    aged('src/a.ts', 1);
    aged('src/lib/b.ts', 2);
    symlinkSync(project.file('src'), project.file('src-link'));
    symlinkSync(project.file('src/a.ts'), project.file('a-link.ts'));
    for (const pattern of [
      'link-out/**/*',
      'link-out/*',
      'link-out/sub/*',
      'etc-link/*',
      'etc-link/**',
      'src-link/*',
      'src-link/**/*.ts',
      'src-link/lib/*',
      '*-link/*',
      'a-link.ts',
    ]) {
      const result = await glob({ pattern, include_ignored: true });
      expect({ pattern, text: result.text }).toEqual({
        pattern,
        text: `No files match "${pattern}" in the project.`,
      });
    }
    // Only the real folders are walked; a pattern naming real folders and links lists the real ones.
    expect(paths((await glob({ pattern: '**/*' })).text).sort()).toEqual(['src/a.ts', 'src/lib/b.ts']);
    expect(paths((await glob({ pattern: '{src,src-link,link-out}/**/*.ts' })).text).sort()).toEqual([
      'src/a.ts',
      'src/lib/b.ts',
    ]);
    // path is resolved like every file tool's: a link to a folder inside the root searches that folder.
    expect(paths((await glob({ pattern: '**/*.ts', path: 'src-link' })).text)).toEqual([
      'src/a.ts',
      'src/lib/b.ts',
    ]);
    expect((await glob({ pattern: '*', path: 'link-out' })).text).toContain('is outside the project root');
    expect((await glob({ pattern: '*', path: 'etc-link' })).text).toContain('is outside the project root');
  });

  it('says when nothing matches, and how to include ignored files', async () => {
    project.write('.gitignore', 'dist/\n');
    aged('dist/x.js', 1);
    const result = await glob({ pattern: '**/*.js' });
    expect(result).toEqual({
      isError: false,
      text: 'No files match "**/*.js" in the project. Files ignored by .gitignore and node_modules were skipped; set include_ignored: true to search them too.',
    });
  });

  it('refuses patterns that leave the folder, and paths outside the root', async () => {
    const up = await glob({ pattern: '../outside/**' });
    expect(up.isError).toBe(true);
    expect(up.text).toContain('"../outside/**" leaves the search folder. Give a pattern relative to path');
    const absolute = await glob({ pattern: `${project.outside}/*` });
    expect(absolute.isError).toBe(true);
    const outside = await glob({ pattern: '*', path: project.outside });
    expect(outside.text).toContain(`is outside the project root ${project.root}`);
  });

  it('suggests close names for a missing folder and refuses a file as path', async () => {
    aged('src/a.ts', 1);
    const missing = await glob({ pattern: '*.ts', path: 'scr' });
    expect(missing.text).toContain('Directory not found: scr.');
    expect(missing.text).toContain('Did you mean: src?');
    const file = await glob({ pattern: '*.ts', path: 'src/a.ts' });
    expect(file.text).toContain('src/a.ts is a file. path is the folder to search in');
  });
});
