import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { loadToolDefinition } from './load-tool-definition.ts';
import { resolveImport } from './module-imports.ts';
import { scanModule } from './module-syntax.ts';

const FIXTURE = path.join(import.meta.dirname, '..', '__fixtures__', 'tools', 'modules');

let scratch: string;
let pack: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'pack-modules-'));
  pack = path.join(scratch, 'pack');
  cpSync(FIXTURE, pack, { recursive: true });
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const load = () => loadToolDefinition(path.join(pack, 'modules.tool.yaml'));

async function loadProblems(): Promise<string> {
  try {
    await load();
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error('expected a DefinitionLoadError');
}

/** Makes helpers/describe-value.mjs import `specifier`. */
function importing(specifier: string): void {
  writeFileSync(
    path.join(pack, 'helpers', 'describe-value.mjs'),
    `import { x } from '${specifier}';\nexport function describeValue() { return x; }\n`,
  );
}

describe('a pack of ES modules loads', () => {
  it('reads each module with the files it imports, each once, and keeps scripts as they were', async () => {
    const tool = await load();
    const [describeValue, pingPong, legacy] = tool.executableKnowledge.helpers.map((h) => h.code);
    expect(describeValue).toMatchObject({
      type: 'module',
      filename: 'helpers/describe-value.mjs',
      export: 'describeValue',
      imports: { '../shared/values.mjs': 'shared/values.mjs' },
    });
    expect(describeValue!.importedFiles!.map((f) => f.filename)).toEqual(['shared/values.mjs']);
    // A cycle: ping.mjs imports pong.mjs, which imports ping.mjs back.
    expect(pingPong!.importedFiles).toEqual([
      {
        filename: 'shared/ping.mjs',
        source: expect.any(String),
        imports: { './pong.mjs': 'shared/pong.mjs' },
      },
      {
        filename: 'shared/pong.mjs',
        source: expect.any(String),
        imports: { './ping.mjs': 'shared/ping.mjs' },
      },
    ]);
    expect(legacy).toMatchObject({ filename: 'helpers/legacy-upper.js', export: 'legacyUpper' });
    expect(legacy!.type).toBeUndefined();
  });
});

describe('imports outside the pack are refused, naming the file, the specifier and what is allowed', () => {
  const ALLOWED = /Expected a relative path to a \.mjs file inside the tool's folder/;
  it.each([
    ['lodash', 'a package name'],
    ['node:fs', 'a Node.js built-in'],
    ['/etc/passwd', 'an absolute path'],
    ['file:///etc/passwd', 'a URL'],
    ['../../outside.mjs', "leaves the tool's folder"],
    ['./values.js', 'is not a .mjs file'],
  ])('%s', async (specifier, reason) => {
    importing(specifier);
    const message = await loadProblems();
    expect(message).toContain(
      `helpers/describe-value.mjs:1 imports '${specifier}', which cannot be imported`,
    );
    expect(message).toContain(reason);
    expect(message).toMatch(ALLOWED);
  });

  it('a symbolic link to a file outside the pack', async () => {
    writeFileSync(path.join(scratch, 'secret.mjs'), 'export const x = "host file";\n');
    symlinkSync(path.join(scratch, 'secret.mjs'), path.join(pack, 'shared', 'link.mjs'));
    importing('../shared/link.mjs');
    expect(await loadProblems()).toContain(
      "helpers/describe-value.mjs imports '../shared/link.mjs': 'shared/link.mjs' resolves outside the tool's folder",
    );
  });

  it('a file that does not exist, with a did-you-mean', async () => {
    importing('../shared/value.mjs');
    expect(await loadProblems()).toContain(
      "imports '../shared/value.mjs': code file 'shared/value.mjs' not found in the tool folder. Did you mean 'shared/values.mjs'?",
    );
  });

  it('dynamic import()', async () => {
    writeFileSync(
      path.join(pack, 'helpers', 'describe-value.mjs'),
      'export async function describeValue() {\n  return import("node:fs");\n}\n',
    );
    expect(await loadProblems()).toContain('helpers/describe-value.mjs:2: dynamic import() is not available');
  });

  it('a file two levels down the import chain', async () => {
    mkdirSync(path.join(pack, 'shared', 'deep'));
    writeFileSync(path.join(pack, 'shared', 'deep', 'x.mjs'), "export { x } from 'node:os';\n");
    importing('../shared/deep/x.mjs');
    expect(await loadProblems()).toContain(
      "helpers/describe-value.mjs imports '../shared/deep/x.mjs': shared/deep/x.mjs:1 imports 'node:os', which cannot be imported",
    );
  });
});

describe('module syntax is checked when the pack loads', () => {
  it('reports a syntax error at its line in the module file', async () => {
    writeFileSync(
      path.join(pack, 'shared', 'values.mjs'),
      'export function isObject(v) {\n  return v !== null &&;\n}\nexport const show = String;\n',
    );
    writeFileSync(
      path.join(pack, 'helpers', 'describe-value.mjs'),
      "import { isObject } from '../shared/values.mjs';\nexport function describeValue(v) {\n  return isObject(v) +;\n}\n",
    );
    expect(await loadProblems()).toMatch(
      /JavaScript syntax error in helper 'describe-value' \(helpers\/describe-value\.mjs:3\)/,
    );
  });

  it('reports a syntax error in a file that is only imported, naming the entry that imports it', async () => {
    writeFileSync(
      path.join(pack, 'shared', 'values.mjs'),
      'export function isObject(v) {\n  return v !== null &&;\n}\nexport const show = String;\nexport let loads = 0;\n',
    );
    const message = await loadProblems();
    expect(message).toContain(
      "JavaScript syntax error in shared/values.mjs (shared/values.mjs:2), imported by 'describe-value'",
    );
    // Reported once, though two entries import it.
    expect(message.split('syntax error in shared/values.mjs')).toHaveLength(2);
  });

  it('names the export the runtime calls when the module never mentions it', async () => {
    writeFileSync(path.join(pack, 'helpers', 'describe-value.mjs'), 'export function other() {}\n');
    expect(await loadProblems()).toContain(
      "helper 'describe-value' never mentions 'describeValue', the function the runtime calls. Expected export function describeValue(…) in the module",
    );
  });
});

describe('scanModule', () => {
  it('finds static imports and re-exports, not the words in strings, comments, templates or regexes', () => {
    const scan = scanModule(
      [
        "import a, { b as c } from './a.mjs';",
        "import * as ns from './ns.mjs'",
        "import './side.mjs';",
        "// import x from './comment.mjs';",
        'const s = "import y from \'./string.mjs\'";',
        'const t = `${"x"} import z from \'./template.mjs\' ${`nested ${1}`}`;',
        "const r = /import w from '.\\/regex.mjs'/;",
        "export * from './all.mjs';",
        "export { d } from './d.mjs';",
        'export { c as e };',
        'export default function named() {}',
        'export const f = 1, g = 2;',
        'const o = { import: 1 }; o.import;',
      ].join('\n'),
    );
    expect(scan.imports.map((i) => `${i.line}:${i.specifier}`)).toEqual([
      '1:./a.mjs',
      '2:./ns.mjs',
      '3:./side.mjs',
      '8:./all.mjs',
      '9:./d.mjs',
    ]);
    expect(scan.problems).toEqual([]);
    const lines = scan.scriptView.split('\n');
    expect(lines).toHaveLength(13);
    expect(lines[0]!.trim()).toBe('');
    expect(lines[10]).toBe('void           function named() {}');
    expect(lines[11]).toBe('       const f = 1, g = 2;');
  });

  it('resolveImport keeps a specifier inside the folder and on .mjs files', () => {
    expect(resolveImport('helpers/a.mjs', '../shared/values.mjs')).toEqual({
      ok: true,
      filename: 'shared/values.mjs',
    });
    expect(resolveImport('a.mjs', './shared/../b.mjs')).toEqual({ ok: true, filename: 'b.mjs' });
    expect(resolveImport('helpers/a.mjs', '../../b.mjs').ok).toBe(false);
    expect(resolveImport('helpers/a.mjs', './b.mjs?x=1').ok).toBe(false);
    expect(resolveImport('helpers/a.mjs', '.\\b.mjs').ok).toBe(false);
  });
});
