import { describe, expect, it } from '@jest/globals';
import { ToolsmithError } from '@toolsmith/core';
import { HelperError } from './helper-error.ts';
import { SandboxCrashedError } from './sandbox-crashed-error.ts';
import { SandboxMemoryError } from './sandbox-memory-error.ts';
import { SandboxOutputError } from './sandbox-output-error.ts';
import { SandboxTimeoutError } from './sandbox-timeout-error.ts';
import { SandboxUnavailableError } from './sandbox-unavailable-error.ts';

const errors = () => ({
  cpu: new SandboxTimeoutError({ kind: 'cpu', timeoutMs: 1000, helperId: 'extract-custom-field' }),
  wall: new SandboxTimeoutError({ kind: 'wall', timeoutMs: 5000, helperId: 'extract-custom-field' }),
  memory: new SandboxMemoryError({ memoryMb: 64, helperId: 'extract-custom-field' }),
  crashed: new SandboxCrashedError({ helperId: 'extract-custom-field', exitCode: null, signal: 'SIGSEGV' }),
  helper: new HelperError({
    helperId: 'extract-custom-field',
    phase: 'call',
    file: 'clickup/helpers/extract-custom-field.js',
    line: 12,
    column: 5,
    errorName: 'TypeError',
    errorMessage: "Cannot read properties of undefined (reading 'value')",
  }),
  output: new SandboxOutputError({
    helperId: 'extract-custom-field',
    direction: 'result',
    reason: 'too-large',
    detail: 'too large',
    sizeBytes: 2_000_000,
    limitBytes: 1_048_576,
  }),
  queueFull: new SandboxUnavailableError({
    reason: 'queue-full',
    helperId: 'extract-custom-field',
    maxQueue: 1000,
  }),
});

describe('sandbox errors', () => {
  it('are ToolsmithErrors recognised by their own isInstance only', () => {
    const all = errors();
    const classes = [
      SandboxTimeoutError,
      SandboxMemoryError,
      SandboxCrashedError,
      HelperError,
      SandboxOutputError,
      SandboxUnavailableError,
    ];
    for (const error of Object.values(all)) {
      expect(ToolsmithError.isInstance(error)).toBe(true);
      expect(classes.filter((c) => c.isInstance(error))).toEqual([error.constructor]);
    }
    expect(SandboxTimeoutError.isInstance(new Error('x'))).toBe(false);
  });

  it('are user-facing, with codes, and messages that say what to do', () => {
    const summary = Object.fromEntries(
      Object.entries(errors()).map(([key, e]) => [key, `${e.code} ${e.userFacing} | ${e.message}`]),
    );
    expect(summary).toMatchInlineSnapshot(`
      {
        "cpu": "sandbox_timeout true | Helper extract-custom-field exceeded its 1000 ms CPU limit (infinite loop or catastrophic regex?). Simplify the input or raise limits.cpuTimeoutMs.",
        "crashed": "sandbox_crashed true | The sandbox process running helper extract-custom-field crashed (signal SIGSEGV) and was replaced. Try the call again; if it crashes again, the input is probably too large for the helper (pass less data) or the helper has a bug.",
        "helper": "helper_error true | Helper extract-custom-field threw: TypeError: Cannot read properties of undefined (reading 'value') at clickup/helpers/extract-custom-field.js:12:5. Check the arguments passed to the helper; if they are valid, the helper has a bug.",
        "memory": "sandbox_memory true | Helper extract-custom-field exceeded its 64 MB memory limit and was stopped. Pass a smaller input (fewer items, shorter strings) or raise limits.memoryMb.",
        "output": "sandbox_output_invalid true | The result of helper extract-custom-field is too large (2000000 bytes of JSON, limit 1048576). Return less data (filter or page it), or raise limits.maxResultBytes.",
        "queueFull": "sandbox_unavailable true | Helper extract-custom-field was not run: all sandbox processes are busy and 1000 calls are already waiting. Try again in a moment.",
        "wall": "sandbox_timeout true | Helper extract-custom-field did not finish within its 5000 ms wall-clock limit (a promise that never settles?). Make sure every promise the helper awaits settles, or raise limits.wallTimeoutMs.",
      }
    `);
  });

  it('keep their context as readonly fields', () => {
    const { helper, crashed } = errors();
    expect([helper.helperId, helper.file, helper.line, helper.column, helper.helperErrorName]).toEqual([
      'extract-custom-field',
      'clickup/helpers/extract-custom-field.js',
      12,
      5,
      'TypeError',
    ]);
    expect([crashed.exitCode, crashed.signal]).toEqual([null, 'SIGSEGV']);
    expect(new SandboxUnavailableError({ reason: 'closed' }).userFacing).toBe(false);
  });
});
