/**
 * Prompts: templates a user picks in the client (`prompts/list`, `prompts/get`), declared like
 * tools — one class per file, static metadata, a Zod schema of string arguments from which the
 * definition's `arguments` are generated, and completion of argument values.
 */
import { z } from 'zod';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import type { ResourceContext } from '../resource/base-resource.ts';
import { CompletionError, formatArgumentIssues } from '../resource/completion.ts';
import { validateParams } from '../tool/param-validation.ts';
import type { ToolContent } from '../tool/tool-result.ts';

export type PromptContext<TDeps = unknown> = ResourceContext<TDeps>;

export interface PromptMetadata {
  /** Unique among prompts; 1–128 characters of `A-Z a-z 0-9 _ - .`. */
  readonly name: string;
  readonly title?: string;
  /** What the prompt does, for the user picking it. */
  readonly description: string;
  /** Id of the toolset it belongs to: served when that toolset is enabled. */
  readonly toolset: string;
}

export interface PromptArgumentDefinition {
  name: string;
  description?: string;
  required: boolean;
}

/** What `prompts/list` serves for one prompt. */
export interface PromptDefinition {
  name: string;
  title?: string;
  description: string;
  arguments: PromptArgumentDefinition[];
}

export type PromptRole = 'user' | 'assistant';

/**
 * One message of a rendered prompt: text, or any content a tool result can hold (an image, audio,
 * an embedded resource, a resource link).
 */
export type PromptMessage = { role: PromptRole; text: string } | { role: PromptRole; content: ToolContent };

/** A rendered prompt: its messages, and a description of this rendering. */
export interface RenderedPrompt {
  description?: string;
  messages: readonly PromptMessage[];
}

export function definePromptMetadata<const T extends PromptMetadata>(metadata: T): T {
  if (!/^[A-Za-z0-9_.-]{1,128}$/.test(metadata.name)) {
    throw new ToolDefinitionError({
      toolName: metadata.name,
      message: `the prompt name must be 1–128 characters of A-Z a-z 0-9 _ - . (received "${metadata.name}").`,
    });
  }
  return metadata;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Zod object of string arguments
type AnyArgs = z.ZodObject<any>;

/** The field itself, under `.optional()` / `.default()` wrappers. */
function unwrap(field: z.ZodType): z.ZodType {
  let current = field as z.ZodType & { unwrap?: () => z.ZodType; def?: { innerType?: z.ZodType } };
  for (let i = 0; i < 8; i++) {
    const inner =
      current.def?.innerType ?? (typeof current.unwrap === 'function' ? current.unwrap() : undefined);
    if (!inner || inner === current) break;
    current = inner as typeof current;
  }
  return current;
}

export abstract class BasePrompt<TDeps = unknown, TArgs extends AnyArgs = AnyArgs> {
  static readonly METADATA?: PromptMetadata;

  get metadata(): PromptMetadata {
    const metadata = (this.constructor as { METADATA?: PromptMetadata }).METADATA;
    if (metadata === undefined) {
      throw new ToolDefinitionError({
        message: `${this.constructor.name} has no static METADATA: declare one with definePromptMetadata().`,
      });
    }
    return metadata;
  }

  get name(): string {
    return this.metadata.name;
  }

  /** The prompt's arguments: string fields (MCP prompt arguments are strings), `.describe()`d. */
  abstract getArgsSchema(): TArgs;

  /** The definition, generated from the metadata and the arguments schema. */
  getDefinition(): PromptDefinition {
    const { name, title, description } = this.metadata;
    const shape = this.getArgsSchema().shape as Record<string, z.ZodType>;
    const args = Object.entries(shape).map(([key, field]) => {
      if (!(unwrap(field) instanceof z.ZodString) && !(unwrap(field) instanceof z.ZodEnum)) {
        throw new ToolDefinitionError({
          toolName: name,
          message: `prompt argument "${key}" must be a string or an enum of strings: clients send prompt arguments as strings.`,
        });
      }
      const describe = field.description ?? unwrap(field).description;
      return {
        name: key,
        ...(describe ? { description: describe } : {}),
        required: !field.safeParse(undefined).success,
      };
    });
    return { name, ...(title ? { title } : {}), description, arguments: args };
  }

  /** Validates arguments; throws PromptArgumentsError naming each bad field. */
  parseArgs(args: unknown): z.infer<TArgs> {
    const parsed = validateParams<z.infer<TArgs>>(this.getArgsSchema(), args ?? {}, this.name);
    if (!parsed.success) {
      throw new PromptArgumentsError(formatArgumentIssues(`prompt "${this.name}"`, parsed.error.issues));
    }
    return parsed.data;
  }

  abstract render(args: z.infer<TArgs>, ctx: PromptContext<TDeps>): Promise<RenderedPrompt> | RenderedPrompt;

  /**
   * Values for an argument that start with `value`, for `completion/complete`. The default
   * completes enum arguments from the schema; override to ask the API.
   */
  complete(
    argument: string,
    value: string,
    _ctx: PromptContext<TDeps>,
    _context: Record<string, string>,
  ): Promise<readonly string[]> | readonly string[] {
    const field = (this.getArgsSchema().shape as Record<string, z.ZodType>)[argument];
    if (field === undefined) {
      throw new CompletionError(
        `Prompt "${this.name}" has no argument "${argument}". Arguments: ${Object.keys(this.getArgsSchema().shape).join(', ')}.`,
      );
    }
    const inner = unwrap(field) as { options?: readonly unknown[] };
    const options = (inner.options ?? []).filter((o): o is string => typeof o === 'string');
    return options.filter((o) => o.toLowerCase().startsWith(value.toLowerCase()));
  }
}

/** Prompt arguments that do not pass the prompt's schema (answered as invalid params). */
export class PromptArgumentsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PromptArgumentsError';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- prompts differ in deps and args
export type AnyPrompt<TDeps = any> = BasePrompt<TDeps, any>;
