/**
 * What a tool call returns, in MCP's shape but without depending on the MCP SDK (adapters map it).
 */

export interface TextContent {
  type: 'text';
  text: string;
}
export interface ImageContent {
  type: 'image';
  /** Base64 data. */
  data: string;
  mimeType: string;
}
export interface AudioContent {
  type: 'audio';
  data: string;
  mimeType: string;
}
export interface ResourceLinkContent {
  type: 'resource_link';
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}
export interface EmbeddedResourceContent {
  type: 'resource';
  resource:
    { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };
}

export type ToolContent =
  TextContent | ImageContent | AudioContent | ResourceLinkContent | EmbeddedResourceContent;

/** The result of one tool call, as it goes to a client or an agent. */
export interface ToolCallResult {
  content: ToolContent[];
  /** Present on success when the tool declares an output schema. Never present on an error. */
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

const responseBrand = Symbol.for('toolsmith.tool-response');

/**
 * A tool may return plain data (serialised to JSON text by BaseTool), a string (sent as text), or a
 * ToolResponse when it needs full control of the content (images, resource links) while keeping
 * `data` for projection, budgeting and `structuredContent`.
 */
export interface ToolResponse<TData = unknown> {
  readonly [responseBrand]: true;
  readonly content?: ToolContent[];
  readonly data?: TData;
}

export function toolResponse<TData = unknown>(response: {
  content?: ToolContent[];
  data?: TData;
}): ToolResponse<TData> {
  return { [responseBrand]: true, ...response };
}

export function isToolResponse(value: unknown): value is ToolResponse {
  return (
    value != null && typeof value === 'object' && (value as Record<symbol, unknown>)[responseBrand] === true
  );
}

/** A text-only error result: the text is what the model reads to recover. */
export function errorResult(text: string, meta?: Record<string, unknown>): ToolCallResult {
  return { content: [{ type: 'text', text }], isError: true, ...(meta ? { _meta: meta } : {}) };
}
