import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.context-provider';
const symbol = Symbol.for(marker);

/**
 * The host is not set up for the context a command asks for: no provider of that name is
 * registered, or a provider definition is invalid. A programmer error, raised before any call is
 * sent.
 */
export class ContextProviderError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly contextId: string;

  constructor({ contextId, message }: { contextId: string; message: string }) {
    super({ code: 'context_provider_invalid', userFacing: false, message });
    this.name = 'ContextProviderError';
    this.contextId = contextId;
  }

  static override isInstance(error: unknown): error is ContextProviderError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
