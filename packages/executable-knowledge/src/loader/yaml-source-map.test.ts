import { describe, expect, it } from '@jest/globals';
import { parseEvents } from 'js-yaml';
import { LineIndex, YamlSourceMap } from './yaml-source-map.ts';

function mapOf(text: string): YamlSourceMap {
  return YamlSourceMap.fromEvents(text, parseEvents(text, {}));
}

const TEXT = `tool:
  id: clickup   # comment
  executable_knowledge:
    helpers:
      - id: a
        function: |
          function a() {}
      - id: b
        dependencies: [a, "c"]
  commands:
    - name: create_task
      validation:
        - validators.x
  flow: {k: [1, {deep: v}]}
`;

describe('YamlSourceMap', () => {
  const map = mapOf(TEXT);

  it('places mapping entries at their key', () => {
    expect(map.locate(['tool'])).toEqual({ line: 1, column: 1 });
    expect(map.locate(['tool', 'id'])).toEqual({ line: 2, column: 3 });
    expect(map.locate(['tool', 'executable_knowledge', 'helpers', 1, 'id'])).toEqual({ line: 8, column: 9 });
  });

  it('places list items at the item', () => {
    expect(map.locate(['tool', 'executable_knowledge', 'helpers', 1])).toEqual({ line: 8, column: 9 });
    expect(map.locate(['tool', 'executable_knowledge', 'helpers', 1, 'dependencies', 1])).toEqual({
      line: 9,
      column: 28,
    });
    expect(map.locate(['tool', 'commands', 0, 'validation', 0])).toEqual({ line: 13, column: 11 });
  });

  it('maps flow collections too', () => {
    expect(map.locate(['tool', 'flow', 'k', 1, 'deep'])).toEqual({ line: 14, column: 18 });
  });

  it('falls back to the nearest existing ancestor for a missing path', () => {
    expect(map.locate(['tool', 'commands', 0, 'description'])).toEqual({ line: 11, column: 7 });
    expect(map.locate(['tool', 'nope', 'deeper'])).toEqual({ line: 1, column: 1 });
    expect(map.has(['tool', 'commands', 0, 'description'])).toBe(false);
    expect(map.has(['tool', 'commands', 0, 'name'])).toBe(true);
  });

  it('gives the first content line of a block scalar as its value position', () => {
    expect(map.valuePosition(['tool', 'executable_knowledge', 'helpers', 0, 'function'])?.line).toBe(7);
    expect(map.locate(['tool', 'executable_knowledge', 'helpers', 0, 'function'])?.line).toBe(6);
  });

  it('resolves paths below an alias to the alias', () => {
    const aliased = mapOf('base: &b\n  x: 1\nuse: *b\n');
    expect(aliased.locate(['use', 'x'])).toEqual({ line: 3, column: 1 });
    expect(aliased.valuePosition(['use'])).toEqual({ line: 3, column: 6 });
  });

  it('skips complex keys without losing the following entries', () => {
    const complex = mapOf('? [a, b]\n: 1\nafter: 2\n');
    expect(complex.locate(['after'])).toEqual({ line: 3, column: 1 });
  });

  it('distinguishes numeric keys from list indexes', () => {
    const numeric = mapOf('codes:\n  404: missing\nlist:\n  - x\n');
    expect(numeric.locate(['codes', '404'])).toEqual({ line: 2, column: 3 });
    expect(numeric.locate(['list', 0])).toEqual({ line: 4, column: 5 });
    expect(numeric.has(['codes', 404])).toBe(false);
  });
});

describe('LineIndex', () => {
  it('turns offsets into 1-based lines and columns', () => {
    const index = new LineIndex('ab\ncd\n\nef');
    expect(index.position(0)).toEqual({ line: 1, column: 1 });
    expect(index.position(3)).toEqual({ line: 2, column: 1 });
    expect(index.position(4)).toEqual({ line: 2, column: 2 });
    expect(index.position(6)).toEqual({ line: 3, column: 1 });
    expect(index.position(8)).toEqual({ line: 4, column: 2 });
  });
});
