import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.context-data';
const symbol = Symbol.for(marker);

/**
 * A context provider returned something that is not plain JSON data (a function, a class instance,
 * a symbol, a cycle…). Only plain data crosses into the sandbox, so this is the provider's bug: the
 * message names the provider, the path and how to convert the value.
 */
export class ContextDataError extends ToolsmithError {
  private readonly [symbol] = true;
  /** The context entry (provider name). */
  readonly contextId: string;
  /** Where the value sits, e.g. `list.statuses[0].date`. */
  readonly path: string;

  constructor({ contextId, path, found }: { contextId: string; path: string; found: string }) {
    super({
      code: 'context_data_invalid',
      userFacing: false,
      message: `Context provider "${contextId}" returned ${found} at ${path}: only plain JSON data (null, booleans, finite numbers, strings, arrays and plain objects) crosses into the sandbox. Convert it in the provider's fetch (a Date to its millisecond number, a Map to an object, a class instance to the fields validators need).`,
    });
    this.name = 'ContextDataError';
    this.contextId = contextId;
    this.path = path;
  }

  static override isInstance(error: unknown): error is ContextDataError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
