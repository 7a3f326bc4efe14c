import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.tool-definition';
const symbol = Symbol.for(marker);

export interface ToolDefinitionErrorOptions {
  toolName?: string;
  /** Prefixed with `Tool "<toolName>": ` when the tool is named. */
  message: string;
  cause?: unknown;
}

/**
 * A programmer error in a tool's declaration: invalid name, non-object params schema, a
 * hand-written definition that disagrees with its schema, a duplicate name in a registry.
 * Thrown at construction or registration time, never shown to a model.
 */
export class ToolDefinitionError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly toolName: string | undefined;

  constructor(message: string, details?: ErrorDetails<ToolDefinitionErrorOptions>);
  constructor(options: ToolDefinitionErrorOptions);
  constructor(
    first: string | ToolDefinitionErrorOptions,
    details: ErrorDetails<ToolDefinitionErrorOptions> = {},
  ) {
    const { toolName, message, cause } = typeof first === 'string' ? { ...details, message: first } : first;
    super({
      code: 'tool_definition_invalid',
      userFacing: false,
      cause,
      message: toolName ? `Tool "${toolName}": ${message}` : message,
    });
    this.name = 'ToolDefinitionError';
    this.toolName = toolName;
  }

  static override isInstance(error: unknown): error is ToolDefinitionError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
