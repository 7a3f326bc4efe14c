import { describe, expect, it } from '@jest/globals';
import { findHelperPosition } from './helper-position.ts';

describe('findHelperPosition', () => {
  const files = ['clickup/helpers/extract.js', 'helpers/extract.js', 'clickup/clickup.tool.yaml'];

  it('takes the first frame that belongs to a module', () => {
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'id')",
      '    at JSON.parse (<anonymous>)',
      '    at readValue (clickup/helpers/extract.js:12:22)',
      '    at f (clickup/clickup.tool.yaml:42:10)',
    ].join('\n');
    expect(findHelperPosition(stack, files)).toEqual({
      file: 'clickup/helpers/extract.js',
      line: 12,
      column: 22,
    });
  });

  it('reads frames without a function name and syntax-error brackets', () => {
    expect(findHelperPosition('Error: x\n    at clickup/clickup.tool.yaml:7:1', files)).toEqual({
      file: 'clickup/clickup.tool.yaml',
      line: 7,
      column: 1,
    });
    expect(findHelperPosition('Unexpected token [helpers/extract.js:3:9]', files)).toEqual({
      file: 'helpers/extract.js',
      line: 3,
      column: 9,
    });
  });

  it('does not take a shorter filename that only ends another one', () => {
    expect(
      findHelperPosition('    at g (clickup/helpers/extract.js:5:2)', ['helpers/extract.js']),
    ).toBeUndefined();
  });

  it('points at the call site inside the module for code made by eval', () => {
    const stack = '    at eval (eval at f (helpers/extract.js:9:14), <anonymous>:1:1)';
    expect(findHelperPosition(stack, files)).toEqual({ file: 'helpers/extract.js', line: 9, column: 14 });
  });

  it('returns undefined when no frame is a module', () => {
    expect(findHelperPosition('RangeError: Maximum call stack size exceeded', files)).toBeUndefined();
  });
});
