import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.helper';
const symbol = Symbol.for(marker);

/** Where a helper failed: the phase tells whether the code did not compile, failed while its module loaded, or failed when called. */
export type HelperErrorPhase = 'compile' | 'load' | 'call';

/**
 * A helper's own code failed: a syntax error, an exception at module load or during the call
 * (including `RangeError: Maximum call stack size exceeded`), a missing export, or a rejected
 * promise. `file`/`line`/`column` point into the helper's file (`filename` + `lineOffset` applied),
 * at the first stack frame that belongs to one of the request's modules.
 */
export class HelperError extends ToolsmithError {
  private readonly [symbol] = true;
  /** The helper being loaded or called. */
  readonly helperId: string;
  readonly phase: HelperErrorPhase;
  /** File of the failing position (may be a dependency of `helperId`); undefined when unknown. */
  readonly file: string | undefined;
  /** 1-based line in `file`. */
  readonly line: number | undefined;
  /** 1-based column in `file`. */
  readonly column: number | undefined;
  /** The helper's own error: `name` (`TypeError`, …), `message`, and the stack as the isolate formatted it. */
  readonly helperErrorName: string;
  readonly helperErrorMessage: string;
  readonly helperStack: string;

  constructor({
    helperId,
    phase,
    file,
    line,
    column,
    errorName,
    errorMessage,
    stack = '',
    hint,
  }: {
    helperId: string;
    phase: HelperErrorPhase;
    file?: string;
    line?: number;
    column?: number;
    errorName: string;
    errorMessage: string;
    stack?: string;
    /** Replaces the default recovery sentence. */
    hint?: string;
  }) {
    const where = file
      ? ` at ${file}${line === undefined ? '' : `:${line}${column === undefined ? '' : `:${column}`}`}`
      : '';
    const what = errorMessage ? `${errorName}: ${errorMessage}` : errorName;
    const verb =
      phase === 'compile' ? 'does not compile' : phase === 'load' ? 'failed while loading' : 'threw';
    const recovery =
      hint ??
      (phase === 'call'
        ? 'Check the arguments passed to the helper; if they are valid, the helper has a bug.'
        : 'Fix the helper source; the tool cannot use it until it loads.');
    super({
      code: 'helper_error',
      userFacing: true,
      message: `Helper ${helperId} ${verb}: ${what}${where}. ${recovery}`,
    });
    this.name = 'HelperError';
    this.helperId = helperId;
    this.phase = phase;
    this.file = file;
    this.line = line;
    this.column = column;
    this.helperErrorName = errorName;
    this.helperErrorMessage = errorMessage;
    this.helperStack = stack;
  }

  static override isInstance(error: unknown): error is HelperError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
