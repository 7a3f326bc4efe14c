export {
  connectInMemory,
  connectStdio,
  connectHttp,
  resultText,
  type McpTestConnection,
  type StdioConnection,
  type StdioLaunch,
  type ClientOptions,
  type ClientEra,
  MODERN_PROTOCOL_VERSION,
} from './connect.ts';
export { checkToolDefinition, type DefinitionConventions } from './check-tool-definition.ts';
export { createToolContext } from './tool-context.ts';
