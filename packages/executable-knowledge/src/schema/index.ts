// Public API of the tool / agent definition schemas. The format is documented in ./README.md.

export type {
  ToolDefinition,
  SchemaVersion,
  KnowledgeStrategy,
  KnowledgeEntry,
  KnowledgeBase,
  CodeModule,
  ModuleFile,
  HelperDefinition,
  ProcessorDefinition,
  ValidatorDefinition,
  ExecutableKnowledge,
  ContextDeclaration,
  CommandDefinition,
  ExampleDefinition,
  ExampleKind,
  AntiPattern,
  AntiPatternDetect,
  AntiPatternCondition,
  ResolvedReference,
  ApiComplexity,
  ApiQuirk,
  KnownLimitation,
  HealthCheck,
  HealthCheckAction,
  ToolDependencies,
  ToolSetup,
  ChangelogEntry,
  TypeConfig,
  McpTransport,
} from './tool-definition.ts';
export { TOOL_TYPES, type ToolType } from './schema-primitives.ts';
export {
  SUPPORTED_CHECKS,
  ASSIGNEE_FORMATS,
  CHECK_FIELD_TYPES,
  type ValidatorCheck,
  type ValidatorCheckKind,
  type AssigneeFormat,
  type CheckFieldType,
  type NumberRange,
} from './validator-checks.ts';
export { JSON_SCHEMA_TYPES, type JsonSchemaSubset, type JsonSchemaType } from './json-schema-subset.ts';
export { toolDefinitionV1Schema, type ToolDefinitionV1Input } from './tool-definition-v1.ts';
export {
  toolDefinitionV2Schema,
  KNOWLEDGE_STRATEGIES,
  SCENARIO_KINDS,
  ANTI_PATTERN_CONDITIONS,
  type ToolDefinitionV2Input,
} from './tool-definition-v2.ts';
export {
  detectSchemaVersion,
  detectAgentSchemaVersion,
  findSchemaV2Features,
  SUPPORTED_SCHEMA_VERSIONS,
  type SchemaVersionDetection,
  type SchemaFeature,
} from './detect-schema-version.ts';
export {
  agentDefinitionSchema,
  type AgentDefinition,
  type AgentToolDependency,
  type AgentDefinitionInput,
} from './agent-definition.ts';
export {
  parseKnowledgeReference,
  formatKnowledgeReference,
  REFERENCE_SECTIONS,
  type KnowledgeReference,
  type ReferenceSection,
} from './knowledge-reference.ts';
export { helperLoadOrder } from './helper-load-order.ts';
export { formatYamlPath, type YamlPath, type DefinitionIssue } from './definition-issue.ts';
