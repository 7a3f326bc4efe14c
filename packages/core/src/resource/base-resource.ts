/**
 * Resources: read-only context a client can list and read (`resources/list`, `resources/read`),
 * declared like tools — one class per file, static metadata, Zod-typed template variables, a
 * generated definition. A `BaseResource` has one fixed URI; a `BaseResourceTemplate` a URI
 * template (RFC 6570, e.g. `tracker://queues/{queue}/workflow`) whose variables are validated by
 * its Zod schema, and can complete them (`completion/complete`).
 */
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context.ts';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import type { Logger } from '../logging/logger.ts';
import type { ClientInput } from '../tool/client-input.ts';
import { validateParams } from '../tool/param-validation.ts';
import { CompletionError, formatArgumentIssues } from './completion.ts';

/** What a resource, template or prompt receives when it is read, rendered or completed. */
export interface ResourceContext<TDeps = unknown> extends ClientInput {
  readonly deps: TDeps;
  readonly signal: AbortSignal;
  readonly logger: Logger;
  /** Who is calling, on an HTTP server with authentication (as `ToolContext.auth`). */
  readonly auth?: AuthContext;
}

export interface ResourceMetadata {
  /** The fixed URI, e.g. `tracker://priorities`. */
  readonly uri: string;
  /** Unique among resources and templates; 1–128 characters of `A-Z a-z 0-9 _ - .`. */
  readonly name: string;
  readonly title?: string;
  /** What it holds and when a client should read it. */
  readonly description: string;
  /** @default 'application/json' */
  readonly mimeType?: string;
  /** Id of the toolset it belongs to: served when that toolset is enabled. */
  readonly toolset: string;
  /**
   * Its content changes while the server runs and the app announces it with
   * `registry.resourceUpdated(uri)`: clients may subscribe (`resources/subscribe`, or a 2026-07-28
   * `subscriptions/listen` stream) and are told when to read it again.
   */
  readonly subscribe?: boolean;
}

export interface ResourceTemplateMetadata extends Omit<ResourceMetadata, 'uri'> {
  /** RFC 6570 URI template, e.g. `tracker://queues/{queue}/workflow`. */
  readonly uriTemplate: string;
}

/** What `resources/list` and `resources/templates/list` serve for one resource or template. */
export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description: string;
  mimeType: string;
}

export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description: string;
  mimeType: string;
}

/** A resource's content: text as it is, bytes as a base64 `blob`, anything else as JSON. */
export type ResourceBody = string | Uint8Array | object;

/** One listed resource of a template (a concrete URI, e.g. one queue's workflow). */
export interface ListedResource {
  /** The template's variables for this resource. */
  params: Record<string, string>;
  /** Display name, e.g. `Workflow of WEB`. */
  title: string;
  description?: string;
}

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function checkName(name: string, kind: string): void {
  if (!NAME.test(name)) {
    throw new ToolDefinitionError({
      toolName: name,
      message: `the ${kind} name must be 1–128 characters of A-Z a-z 0-9 _ - . (received "${name}").`,
    });
  }
}

export function defineResourceMetadata<const T extends ResourceMetadata>(metadata: T): T {
  checkName(metadata.name, 'resource');
  if (!/^[a-z][a-z0-9+.-]*:/i.test(metadata.uri) || metadata.uri.includes('{')) {
    throw new ToolDefinitionError({
      toolName: metadata.name,
      message: `the resource URI must be an absolute URI without template variables (received "${metadata.uri}"); use BaseResourceTemplate for "{…}".`,
    });
  }
  return metadata;
}

export function defineResourceTemplateMetadata<const T extends ResourceTemplateMetadata>(metadata: T): T {
  checkName(metadata.name, 'resource template');
  if (!/^[a-z][a-z0-9+.-]*:/i.test(metadata.uriTemplate) || !metadata.uriTemplate.includes('{')) {
    throw new ToolDefinitionError({
      toolName: metadata.name,
      message: `the URI template must be an absolute URI with at least one "{variable}" (received "${metadata.uriTemplate}").`,
    });
  }
  return metadata;
}

interface MetadataCarrier<M> {
  constructor: { METADATA?: M; name: string };
}

function metadataOf<M>(instance: object, kind: string): M {
  const metadata = (instance as MetadataCarrier<M>).constructor.METADATA;
  if (metadata === undefined) {
    throw new ToolDefinitionError({
      message: `${(instance as MetadataCarrier<M>).constructor.name} has no static METADATA: declare one with define${kind}Metadata().`,
    });
  }
  return metadata;
}

export abstract class BaseResource<TDeps = unknown> {
  static readonly METADATA?: ResourceMetadata;

  get metadata(): ResourceMetadata {
    return metadataOf<ResourceMetadata>(this, 'Resource');
  }

  get name(): string {
    return this.metadata.name;
  }

  getDefinition(): ResourceDefinition {
    const { uri, name, title, description, mimeType } = this.metadata;
    return { uri, name, ...(title ? { title } : {}), description, mimeType: mimeType ?? 'application/json' };
  }

  abstract read(ctx: ResourceContext<TDeps>): Promise<ResourceBody> | ResourceBody;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Zod object of string variables
type AnyParams = z.ZodObject<any>;

export abstract class BaseResourceTemplate<TDeps = unknown, TParams extends AnyParams = AnyParams> {
  static readonly METADATA?: ResourceTemplateMetadata;

  get metadata(): ResourceTemplateMetadata {
    return metadataOf<ResourceTemplateMetadata>(this, 'ResourceTemplate');
  }

  get name(): string {
    return this.metadata.name;
  }

  /** The template's variables, each a string field (with `.describe()`, enums, patterns…). */
  abstract getParamsSchema(): TParams;

  getDefinition(): ResourceTemplateDefinition {
    const { uriTemplate, name, title, description, mimeType } = this.metadata;
    return {
      uriTemplate,
      name,
      ...(title ? { title } : {}),
      description,
      mimeType: mimeType ?? 'application/json',
    };
  }

  /** Validates matched variables; throws ResourceParamsError naming each bad field and how to fix it. */
  parseParams(variables: Record<string, unknown>): z.infer<TParams> {
    const parsed = validateParams<z.infer<TParams>>(this.getParamsSchema(), variables, this.name);
    if (!parsed.success) {
      throw new ResourceParamsError(
        formatArgumentIssues(`resource template "${this.name}"`, parsed.error.issues),
      );
    }
    return parsed.data;
  }

  abstract read(params: z.infer<TParams>, ctx: ResourceContext<TDeps>): Promise<ResourceBody> | ResourceBody;

  /** Concrete resources to list in `resources/list` (e.g. one per queue); none by default. */
  list(_ctx: ResourceContext<TDeps>): Promise<readonly ListedResource[]> | readonly ListedResource[] {
    return [];
  }

  /**
   * Values for a variable that start with (or contain) `value`, for `completion/complete`. The
   * default completes enum variables from the schema; override to ask the API.
   */
  complete(
    variable: string,
    value: string,
    _ctx: ResourceContext<TDeps>,
    _context: Record<string, string>,
  ): Promise<readonly string[]> | readonly string[] {
    const field = this.getParamsSchema().shape[variable] as { options?: readonly unknown[] } | undefined;
    if (field === undefined) {
      throw new CompletionError(
        `Resource template "${this.name}" has no variable "${variable}". Variables: ${Object.keys(this.getParamsSchema().shape).join(', ')}.`,
      );
    }
    const options = (field.options ?? []).filter((o): o is string => typeof o === 'string');
    return options.filter((o) => o.toLowerCase().startsWith(value.toLowerCase()));
  }
}

/** Template variables that do not pass the template's schema (answered as invalid params). */
export class ResourceParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResourceParamsError';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- resources differ in deps
export type AnyResource<TDeps = any> = BaseResource<TDeps>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- templates differ in params
export type AnyResourceTemplate<TDeps = any> = BaseResourceTemplate<TDeps, any>;
