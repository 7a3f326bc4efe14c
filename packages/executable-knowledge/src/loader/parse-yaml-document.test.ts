import { describe, expect, it } from '@jest/globals';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { parseToolDefinition } from './load-tool-definition.ts';
import { parseYamlDocument } from './parse-yaml-document.ts';

function loadError(run: () => unknown): DefinitionLoadError {
  try {
    run();
  } catch (error) {
    if (DefinitionLoadError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a DefinitionLoadError');
}

/** The classic "billion laughs": 9 levels of 9 aliases, 9^9 strings once expanded. */
function billionLaughs(): string {
  let text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  let previous = 'a';
  for (const name of 'bcdefghi') {
    text += `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]\n`;
    previous = name;
  }
  return `${text}tool: *i\n`;
}

describe('parseYamlDocument', () => {
  it('parses a mapping and maps its paths to lines', () => {
    const { value, sourceMap } = parseYamlDocument('tool:\n  id: x\n  tags: [a, b]\n', { file: 't.yaml' });
    expect(value).toEqual({ tool: { id: 'x', tags: ['a', 'b'] } });
    expect(sourceMap.locate(['tool', 'tags', 1])).toEqual({ line: 3, column: 13 });
  });

  it('reports a syntax error with file:line:column and the source excerpt', () => {
    const error = loadError(() => parseYamlDocument('tool:\n  id: x\n   name: y\n', { file: 'bad.yaml' }));
    expect(error).toMatchObject({ file: 'bad.yaml', line: 3, column: 8, yamlPath: '' });
    expect(error.message).toMatchInlineSnapshot(`
"bad.yaml:3:8: invalid YAML: bad indentation of a mapping entry. Expected consistent indentation with spaces: children of a key indented more than the key, siblings aligned.
 1 | tool:
 2 |   id: x
 3 |    name: y
------------^"
`);
    expect(error.cause).toBeDefined();
  });

  it('reports an unclosed flow list and a duplicate key with their positions', () => {
    expect(loadError(() => parseYamlDocument('a: [1, 2\nb: 3\n', { file: 'f.yaml' })).line).toBe(2);
    const duplicate = loadError(() => parseYamlDocument('a: 1\nb: 2\na: 3\n', { file: 'f.yaml' }));
    expect(duplicate.problems[0]).toMatchObject({ line: 3, expected: 'each key once per mapping' });
  });

  it.each([
    ['a JavaScript function', "f: !!js/function 'function () { return process }'\n"],
    ['a regexp', 'f: !!js/regexp /x/\n'],
    ['a local tag', 'f: !custom value\n'],
    ['binary data', 'f: !!binary aGVsbG8=\n'],
    ['a set', 'f: !!set {a}\n'],
  ])('refuses %s tag', (_name, text) => {
    const error = loadError(() => parseYamlDocument(text, { file: 'tags.yaml' }));
    expect(error.line).toBe(1);
    expect(error.problems[0]?.message).toMatch(/^invalid YAML: unknown .*tag/);
    expect(error.problems[0]?.expected).toContain('tags such as !!js/function or !custom are refused');
  });

  it('still accepts the standard core tags', () => {
    expect(parseYamlDocument('a: !!str 5\nb: !!int "7"\n', { file: 'f.yaml' }).value).toEqual({
      a: '5',
      b: 7,
    });
  });

  it('refuses a billion-laughs alias bomb quickly, before building it', () => {
    const started = performance.now();
    const error = loadError(() => parseYamlDocument(billionLaughs(), { file: 'bomb.yaml' }));
    expect(performance.now() - started).toBeLessThan(3000);
    expect(error.problems[0]?.message).toBe(
      'aliases expand to more than 10000 nodes (an alias bomb?); the document was not loaded',
    );
    expect(error.line).toBeGreaterThan(1);
  });

  it('counts nested expansion, not alias count: a few aliases of a big anchor are refused', () => {
    const big = `big: &big [${Array.from({ length: 3000 }, (_, i) => i).join(',')}]\ncopies: [*big, *big, *big, *big]\n`;
    const error = loadError(() => parseYamlDocument(big, { file: 'f.yaml' }));
    expect(error.problems[0]?.message).toContain('aliases expand to more than 10000 nodes');
    expect(error.line).toBe(2);
  });

  it('accepts modest anchors and aliases', () => {
    const { value } = parseYamlDocument('base: &b {timeout: 5}\nuse: [*b, *b]\n', { file: 'f.yaml' });
    expect(value).toEqual({ base: { timeout: 5 }, use: [{ timeout: 5 }, { timeout: 5 }] });
  });

  it('enforces the alias count limit', () => {
    const text = `a: &a 1\nlist: [${Array(10).fill('*a').join(', ')}]\n`;
    const error = loadError(() => parseYamlDocument(text, { file: 'f.yaml', limits: { maxAliases: 5 } }));
    expect(error.problems[0]?.message).toContain('maxAliases');
    expect(error.problems[0]?.expected).toBe('at most 5 aliases (*name) in a file');
  });

  it('enforces the nesting depth limit', () => {
    const text = `a: ${'['.repeat(80)}${']'.repeat(80)}\n`;
    const error = loadError(() => parseYamlDocument(text, { file: 'f.yaml' }));
    expect(error.problems[0]?.expected).toBe('at most 64 levels of nesting');
  });

  it('refuses an oversized file without parsing it', () => {
    const text = `a: "${'x'.repeat(1024 * 1024)}"\n`;
    const error = loadError(() => parseYamlDocument(text, { file: 'huge.yaml' }));
    expect(error.message).toBe(
      'huge.yaml: the file is 1 MiB (1048582 bytes), over the 1 MiB (1048576 bytes) limit for a definition. Expected a smaller file: move long code into file: modules beside the YAML and long documentation into a knowledge_base.',
    );
  });

  it('refuses several documents, empty files and __proto__ keys', () => {
    expect(
      loadError(() => parseYamlDocument('a: 1\n---\nb: 2\n', { file: 'f.yaml' })).problems[0],
    ).toMatchObject({
      line: 3,
      message: 'f.yaml holds more than one YAML document (separated by ---)',
    });
    expect(loadError(() => parseYamlDocument('# nothing\n', { file: 'f.yaml' })).problems[0]?.message).toBe(
      'the file is empty',
    );
    expect(
      loadError(() => parseYamlDocument('a:\n  __proto__: {x: 1}\n', { file: 'f.yaml' })).problems[0],
    ).toMatchObject({ line: 2, column: 3, message: "the key '__proto__' is not allowed" });
    // However it is spelled.
    expect(
      loadError(() => parseYamlDocument('"\\x5f_proto__": 1\n', { file: 'f.yaml' })).problems[0]?.message,
    ).toBe("the key '__proto__' is not allowed");
  });

  it('is what parseToolDefinition uses: a bomb inside a tool file never reaches the schema', async () => {
    await expect(parseToolDefinition(billionLaughs(), { file: 'bomb.yaml' })).rejects.toMatchObject({
      file: 'bomb.yaml',
      problems: [expect.objectContaining({ message: expect.stringContaining('alias bomb') })],
    });
  });
});
