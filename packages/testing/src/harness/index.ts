export {
  connectInMemory,
  connectStdio,
  connectHttp,
  resultText,
  type McpTestConnection,
  type StdioConnection,
  type StdioLaunch,
  type ClientOptions,
} from './connect.ts';
export { checkToolDefinition, type DefinitionConventions } from './check-tool-definition.ts';
