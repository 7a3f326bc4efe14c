import type { JsonSchema, ToolInputSchema } from '../definition/types.ts';
import type { ToolAnnotations } from './tool-metadata.ts';

/** A tool as MCP `tools/list` advertises it. Generated, never written by hand. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description: string;
  inputSchema: ToolInputSchema;
  outputSchema?: { type: 'object'; [keyword: string]: unknown } & JsonSchema;
  annotations: ToolAnnotations;
}
