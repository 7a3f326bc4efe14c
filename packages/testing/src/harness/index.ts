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
export { describeToolDefinitions, checkToolDefinition, type DefinitionConventions } from './registry-assertions.ts';
