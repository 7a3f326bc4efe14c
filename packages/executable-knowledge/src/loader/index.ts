// Public API of the definition loaders.

export {
  loadToolDefinition,
  parseToolDefinition,
  type ParseToolDefinitionOptions,
  type LoadToolDefinitionOptions,
} from './load-tool-definition.ts';
export {
  loadAgentDefinition,
  parseAgentDefinition,
  type ParseAgentDefinitionOptions,
} from './load-agent-definition.ts';
export { DEFAULT_DEFINITION_LIMITS, type DefinitionLimits } from './definition-limits.ts';
export { YamlSourceMap, type SourcePosition } from './yaml-source-map.ts';
export { DefinitionLoadError, type DefinitionProblem } from '../errors/definition-load-error.ts';
