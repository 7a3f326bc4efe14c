import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { noProgress, silentLogger, type ToolCallResult } from '@toolsmith/core';
import { CodingSession } from '../session/coding-session.ts';
import { GrepTool } from './grep.ts';

let base: string;
let root: string;

function write(relative: string, content: string | Buffer): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'grep-tool-')));
  root = path.join(base, 'project');
  mkdirSync(root);
  write('.gitignore', 'node_modules/\n*.log\n/build\ndocs/private/\n!keep.log\n');
  write('.ignore', 'generated/\n');
  write(
    'src/index.ts',
    'import { foo } from "./util";\nexport function main() {\n  return foo();\n}\n// Foo in capitals\n',
  );
  write(
    'src/util.ts',
    'export function foo() {\n  return "foo bar";\n}\n\n\nexport const target = 1;\nconst after = target + 1;\n',
  );
  write('src/a/b.ts', 'foo in a directory\n');
  write('src/a-b.ts', 'foo next to it\n');
  write('src/component.tsx', 'export const Foo = () => "foo";\n');
  write('src/legacy.mts', 'export const foo = 1;\n');
  write('lib/script.js', 'module.exports = function foo() {};\n');
  write('lib/crlf.txt', 'foo bar\r\nbar foo\r\nend\r\n');
  write('lib/bom.txt', '\uFEFFbom foo line\nsecond\n');
  write(
    'lib/utf16.txt',
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('utf16 foo here\n', 'utf16le')]),
  );
  write('lib/nested/.gitignore', '*.tmp\n');
  write('lib/nested/data.tmp', 'foo in a temp file\n');
  write('lib/nested/data.txt', 'foo in nested data\nÜber unicode line\n');
  write('node_modules/pkg/index.js', 'export const foo = "dependency";\n');
  write('build/out.js', 'foo built\n');
  write('app/build/x.js', 'foo in app build\n');
  write('debug.log', 'foo debug\n');
  write('keep.log', 'foo kept\n');
  write('generated/gen.ts', 'foo generated\n');
  write('.hidden/config.ts', 'export const foo = "hidden";\n');
  write('.git/HEAD', 'foo in git\n');
  write('binary.dat', Buffer.from('foo\0binary\n'));
  write('docs/private/secret.md', 'foo secret\n');
  write('docs/readme.md', '# Readme\nfoo docs\nwordy word words\n');
  write('multi.txt', 'begin\nmiddle foo\nfinish\nfoo.bar\nfoo\nbar\n');
  write('space dir/file with space.ts', 'foo with spaces\n');
  write('lib/greek.txt', 'Ελληνικά λόγια\nlatin WORDS only\n');
  // Minified-style lines: longer than ripgrep's --max-columns, one of them multi-byte.
  write(
    'dist-min/bundle.js',
    `${'x'.repeat(9000)}needle${'y'.repeat(50)}\nshort needle\n${'é'.repeat(5000)}needle\n`,
  );
  symlinkSync(path.join(root, 'src/util.ts'), path.join(root, 'link.ts'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const ripgrep = () => new CodingSession({ root });
const fallback = () => new CodingSession({ root, ripgrepPath: path.join(base, 'no-such-rg') });

async function grep(
  args: Record<string, unknown>,
  session = ripgrep(),
  tool = new GrepTool(),
): Promise<ToolCallResult> {
  return tool.run(args, {
    deps: { session },
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'Grep',
  });
}

function text(result: ToolCallResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

describe('Grep backends', () => {
  it('uses ripgrep when present and the JavaScript fallback when ripgrepPath points at nothing', async () => {
    const tool = new GrepTool();
    const withRg = ripgrep();
    const withoutRg = fallback();
    expect((await tool.resolveBackend(withRg)).name).toBe('ripgrep');
    expect((await tool.resolveBackend(withoutRg)).name).toBe('javascript');
    // Detected once per session.
    expect(tool.resolveBackend(withRg)).toBe(tool.resolveBackend(withRg));
  });
});

/** Every case runs on both backends; the outputs must be identical. */
const PARITY_CASES: Array<Record<string, unknown>> = [
  { pattern: 'foo' },
  { pattern: 'foo', output_mode: 'content' },
  { pattern: 'foo', output_mode: 'count' },
  { pattern: 'foo', case_insensitive: true, output_mode: 'content' },
  { pattern: 'foo', glob: '*.ts' },
  { pattern: 'foo', glob: '*.{ts,tsx}', output_mode: 'content' },
  { pattern: 'foo', glob: '!*.ts' },
  { pattern: 'foo', glob: 'src/**' },
  { pattern: 'foo', glob: '*.log' },
  { pattern: 'foo', type: 'ts' },
  { pattern: 'foo', type: 'js', output_mode: 'count' },
  { pattern: 'foo', type: 'md', glob: '*.txt' },
  { pattern: 'foo', path: 'node_modules/pkg', output_mode: 'content' },
  { pattern: 'foo', path: 'src/index.ts', output_mode: 'content' },
  { pattern: 'foo', path: 'lib' },
  { pattern: 'bar$', output_mode: 'content' },
  { pattern: '^bom', output_mode: 'content' },
  { pattern: 'target', output_mode: 'content', context: 1 },
  { pattern: 'target', output_mode: 'content', before_context: 2, after_context: 0 },
  { pattern: 'foo', output_mode: 'content', context: 1, path: 'multi.txt' },
  { pattern: 'begin.*?finish', multiline: true, output_mode: 'content' },
  { pattern: 'foo.bar', multiline: true, output_mode: 'count' },
  { pattern: 'foo\\nbar', multiline: true, output_mode: 'content' },
  { pattern: '^$', output_mode: 'count' },
  { pattern: 'fo(?=o\\b)', output_mode: 'content', path: 'src' },
  { pattern: '\\bword\\b', output_mode: 'content' },
  { pattern: 'über', case_insensitive: true, output_mode: 'content' },
  { pattern: 'utf16 \\w+', output_mode: 'content' },
  { pattern: 'foo', output_mode: 'content', head_limit: 3, offset: 2 },
  { pattern: 'foo', head_limit: 0 },
  { pattern: 'needle', output_mode: 'content' },
  { pattern: '\\p{Greek}+', output_mode: 'content' },
  { pattern: '\\P{Greek}+λόγια', output_mode: 'content' },
  { pattern: '(?i)latin words', output_mode: 'content' },
  { pattern: '[[:upper:]]{5}', output_mode: 'content' },
  { pattern: '^[^[:digit:][:space:]]+ [[:alpha:]_]+ only$', output_mode: 'content', path: 'lib' },
  { pattern: '(?i)\\p{L}+ WORDS', output_mode: 'count' },
  { pattern: 'short', path: 'dist-min', output_mode: 'content', context: 1 },
  { pattern: 'no such text anywhere' },
];

describe('Grep: ripgrep and the JavaScript fallback give identical results', () => {
  it.each(PARITY_CASES.map((args) => [JSON.stringify(args), args] as const))('%s', async (_name, args) => {
    const fromRipgrep = await grep(args);
    const fromFallback = await grep(args, fallback());
    expect(fromRipgrep.isError).toBeUndefined();
    if (args['pattern'] !== 'no such text anywhere') expect(text(fromRipgrep)).toMatch(/^Found /);
    expect(text(fromFallback)).toBe(text(fromRipgrep));
  });
});

describe('Grep: output', () => {
  it('lists matching files sorted by path, honouring ignore files, hidden files, .git and binaries', async () => {
    expect(text(await grep({ pattern: 'foo' }))).toMatchInlineSnapshot(`
     "Found 17 files:
     .hidden/config.ts
     app/build/x.js
     docs/readme.md
     keep.log
     lib/bom.txt
     lib/crlf.txt
     lib/nested/data.txt
     lib/script.js
     lib/utf16.txt
     multi.txt
     space dir/file with space.ts
     src/a/b.ts
     src/a-b.ts
     src/component.tsx
     src/index.ts
     src/legacy.mts
     src/util.ts"
    `);
  });

  it('shows content as path:line:text, context as path-line-text with -- between groups', async () => {
    expect(text(await grep({ pattern: 'target', output_mode: 'content', context: 1 }))).toBe(
      [
        'Found 2 matching lines in 1 file:',
        'src/util.ts-5-',
        'src/util.ts:6:export const target = 1;',
        'src/util.ts:7:const after = target + 1;',
      ].join('\n'),
    );
    expect(text(await grep({ pattern: 'foo', output_mode: 'content', context: 1, path: 'multi.txt' }))).toBe(
      [
        'Found 3 matching lines in 1 file:',
        'multi.txt-1-begin',
        'multi.txt:2:middle foo',
        'multi.txt-3-finish',
        'multi.txt:4:foo.bar',
        'multi.txt:5:foo',
        'multi.txt-6-bar',
      ].join('\n'),
    );
    expect(
      text(
        await grep({ pattern: 'foo', output_mode: 'content', before_context: 1, glob: '{index,util}.ts' }),
      ),
    ).toBe(
      [
        'Found 4 matching lines in 2 files:',
        'src/index.ts:1:import { foo } from "./util";',
        'src/index.ts-2-export function main() {',
        'src/index.ts:3:  return foo();',
        '--',
        'src/util.ts:1:export function foo() {',
        'src/util.ts:2:  return "foo bar";',
      ].join('\n'),
    );
  });

  it('counts per file, and counts multiline matches sharing a line once', async () => {
    expect(text(await grep({ pattern: 'foo', output_mode: 'count', path: 'src' }))).toBe(
      [
        'Found 8 matches in 6 files:',
        'src/a/b.ts:1',
        'src/a-b.ts:1',
        'src/component.tsx:1',
        'src/index.ts:2',
        'src/legacy.mts:1',
        'src/util.ts:2',
      ].join('\n'),
    );
    expect(
      text(await grep({ pattern: 'foo.bar', multiline: true, output_mode: 'count', path: 'multi.txt' })),
    ).toBe('Found 2 matches in 1 file:\nmulti.txt:2');
  });

  it('pages with head_limit and offset and says how to continue', async () => {
    const first = text(await grep({ pattern: 'foo', head_limit: 5 }));
    expect(first.split('\n')).toEqual([
      'Found 17 files:',
      '.hidden/config.ts',
      'app/build/x.js',
      'docs/readme.md',
      'keep.log',
      'lib/bom.txt',
      '[Showing files 1-5 of 17. Use offset=5 to see more.]',
    ]);
    const next = text(await grep({ pattern: 'foo', head_limit: 5, offset: 5 }));
    expect(next.split('\n').slice(1, 2)).toEqual(['lib/crlf.txt']);
    expect(next).toContain('[Showing files 6-10 of 17. Use offset=10 to see more.]');
    expect(text(await grep({ pattern: 'foo', offset: 40 }))).toBe(
      'Found 17 files.\nNothing at offset=40: there are 17 files. Use a smaller offset.',
    );
  });

  it('keeps a content page within the output budget, windows long matched lines and cuts long context lines', async () => {
    // Each matched line: 8 matches 607 characters apart; each context line: 3000 characters, no match.
    const matched = Array.from({ length: 8 }, () => `needle ${'x'.repeat(600)}`).join('');
    write('long/lines.txt', `${matched}\n${'y'.repeat(3000)}\n`.repeat(40));
    try {
      const body = text(
        await grep({ pattern: 'needle', output_mode: 'content', path: 'long', after_context: 1 }),
      );
      expect(body).toContain(`long/lines.txt-2-${'y'.repeat(2000)} … [line cut at 2000 characters]`);
      const first = body.split('\n')[1]!;
      expect(first.startsWith(`long/lines.txt:1:needle ${'x'.repeat(193)}… …${'x'.repeat(100)}needle `)).toBe(
        true,
      );
      expect(first.endsWith('… [8 matches in a line of 4856 characters; windows around the first 5]')).toBe(
        true,
      );
      expect(body.length).toBeLessThanOrEqual(46_000);
      expect(body).toMatch(
        /\[Showing lines 1-(\d+) of 80 \(output size limit\)\. Use offset=\1 to see more\.\]$/,
      );
    } finally {
      rmSync(path.join(root, 'long'), { recursive: true });
    }
  });

  it('shows a match near the end of a minified bundle, on both backends', async () => {
    // A 50 KB one-line bundle, as a minifier writes it; the hit is near its end.
    const modules = Array.from(
      { length: 400 },
      (_, i) =>
        `${i}:function(e,t,n){"use strict";var r=n(${i + 1}),o=r.a;t.exports=function(e){return o(e,{k${i}:e.length})}}`,
    ).join(',');
    const bundle = `!function(e){var t={};function n(r){return t[r]}n.m=e}({${modules}});throw new Error("tsconfig not found");`;
    expect(bundle.length).toBeGreaterThan(40_000);
    write('dist/app.min.js', `${bundle}\n`);
    try {
      const args = { pattern: 'tsconfig not found', output_mode: 'content', path: 'dist' };
      const fromRipgrep = text(await grep(args));
      expect(fromRipgrep).toBe(
        [
          'Found 1 matching line in 1 file:',
          `dist/app.min.js:1:…${bundle.slice(bundle.indexOf('tsconfig not found') - 100)} [1 match in a line of ${bundle.length} characters]`,
        ].join('\n'),
      );
      expect(fromRipgrep).toContain('throw new Error("tsconfig not found");');
      expect(text(await grep(args, fallback()))).toBe(fromRipgrep);
      // A pattern only ripgrep reads ((?x): spaces ignored): ripgrep says where the match starts.
      expect(text(await grep({ ...args, pattern: '(?x) tsconfig \\ not \\ found' }))).toBe(fromRipgrep);
    } finally {
      rmSync(path.join(root, 'dist'), { recursive: true });
    }
  });

  it('says when nothing matches, naming the filters', async () => {
    expect(text(await grep({ pattern: 'zzz', path: 'src', glob: '*.ts' }))).toBe(
      'No matches found in src (glob *.ts).',
    );
  });
});

describe('Grep: refusals (same on both backends)', () => {
  for (const [label, make] of [
    ['ripgrep', ripgrep],
    ['fallback', fallback],
  ] as const) {
    it(`${label}: a line break without multiline`, async () => {
      const result = await grep({ pattern: 'foo\\nbar' }, make());
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(
        'Invalid arguments for tool "Grep":\n- pattern: The pattern contains a line break (\\n), which can only match with multiline: true (then "." matches newlines too). Set multiline: true, or search for one line at a time.\nFix these fields and call the tool again.',
      );
    });

    it(`${label}: an unknown file type`, async () => {
      const result = await grep({ pattern: 'foo', type: 'nosuchtype' }, make());
      expect(result.isError).toBe(true);
      expect(text(result)).toContain(
        '- type: Unknown file type "nosuchtype". Use a ripgrep type name, or filter with glob instead (e.g. glob: "*.nosuchtype"). Valid options: "c", "cpp",',
      );
    });

    it(`${label}: an invalid regular expression`, async () => {
      const result = await grep({ pattern: 'foo(' }, make());
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(
        /^Invalid arguments for tool "Grep":\n- pattern: Invalid regular expression: .+Escape regex metacharacters/s,
      );
    });

    it(`${label}: a path outside the root, and a missing path`, async () => {
      const outside = await grep({ pattern: 'foo', path: '..' }, make());
      expect(outside.isError).toBe(true);
      expect(text(outside)).toContain(`- path: ".." is outside the project root ${root}.`);
      const missing = await grep({ pattern: 'foo', path: 'scr' }, make());
      expect(missing.isError).toBe(true);
      expect(text(missing)).toBe(
        `Path not found: scr. Give a file or directory relative to the project root ${root}, or leave path out to search the whole project. Did you mean: src?`,
      );
    });
  }
});

describe('Grep: JavaScript fallback and ripgrep-only syntax', () => {
  it('refuses what it cannot translate instead of matching something else', async () => {
    const verbose = await grep({ pattern: '(?x) foo  bar' }, fallback());
    expect(verbose.isError).toBe(true);
    expect(text(verbose)).toContain(
      'the inline flag "x" in "(?x)" is not supported without ripgrep (i, s, m and u are)',
    );
    const negated = await grep({ pattern: '[[:^digit:]]' }, fallback());
    expect(negated.isError).toBe(true);
    expect(text(negated)).toContain('"[:^digit:]" is not supported without ripgrep');
    // ripgrep itself understands both.
    expect((await grep({ pattern: '(?x) foo  \\ bar' })).isError).toBeUndefined();
  });
});

describe('Grep: symlinked folders are not followed (both backends)', () => {
  let linksRoot: string;
  beforeAll(() => {
    linksRoot = path.join(base, 'links-project');
    const outside = path.join(base, 'links-outside');
    mkdirSync(path.join(outside, 'sub'), { recursive: true });
    writeFileSync(path.join(outside, 'secret.ts'), 'needle outside\n');
    writeFileSync(path.join(outside, 'sub', 'deep.ts'), 'needle deep outside\n');
    mkdirSync(path.join(linksRoot, 'src'), { recursive: true });
    writeFileSync(path.join(linksRoot, 'src', 'a.ts'), 'needle inside\n');
    symlinkSync(outside, path.join(linksRoot, 'link-out'));
    symlinkSync('/etc', path.join(linksRoot, 'etc-link'));
    symlinkSync(path.join(linksRoot, 'src'), path.join(linksRoot, 'src-link'));
  });

  for (const [label, make] of [
    ['ripgrep', () => new CodingSession({ root: linksRoot })],
    ['fallback', () => new CodingSession({ root: linksRoot, ripgrepPath: path.join(base, 'no-such-rg') })],
  ] as const) {
    it(`${label}: a glob naming a symlinked folder finds nothing through it`, async () => {
      for (const glob of ['link-out/**/*', 'link-out/*', 'etc-link/*', 'etc-link/**', 'src-link/*']) {
        expect({ glob, text: text(await grep({ pattern: 'needle|root', glob }, make())) }).toEqual({
          glob,
          text: `No matches found in . (glob ${glob}).`,
        });
      }
      expect(text(await grep({ pattern: 'needle' }, make()))).toBe('Found 1 file:\nsrc/a.ts');
      expect(text(await grep({ pattern: 'needle', path: 'link-out' }, make()))).toContain(
        '"link-out" is outside the project root',
      );
      expect(text(await grep({ pattern: 'root', path: 'etc-link' }, make()))).toContain(
        '"etc-link" is outside the project root',
      );
    });
  }
});
