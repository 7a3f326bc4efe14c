// Public API of @toolsmith/executable-knowledge.
//
// Everything exported here is public API: add a symbol on purpose. The format of tool definitions
// is documented in src/schema/README.md and docs/executable-knowledge.md.

// Definitions: schemas, loading
export * from './schema/index.ts';
export * from './loader/index.ts';

// The sandbox
export * from './sandbox/index.ts';
export * from './errors/index.ts';

// Runtime
export {
  ToolHelperExecutor,
  type HelperCallResult,
  type HelperCallOptions,
  type RunnableCode,
} from './runtime/tool-helper-executor.ts';
export {
  ToolValidationHelper,
  describeIssue,
  toValidationError,
  type KnowledgeValidationIssue,
  type KnowledgeValidationResult,
  type ValidateOptions,
  type AntiPatternGuidance,
} from './runtime/tool-validation-helper.ts';
export {
  applyConversions,
  conversionProblem,
  formatConversion,
  formatConversionNote,
  MAX_CONVERSIONS,
  parseConversionPath,
  type ValueConversion,
  type PathSegment,
} from './runtime/value-conversions.ts';
export { ProcessorEngine, type ProcessorRunResult } from './runtime/processor-engine.ts';
export { runCheck, type CheckIssue } from './runtime/declarative-checks.ts';

// Call context for validators: providers, cache, plain data
export {
  defineContextProvider,
  type ContextProvider,
  type ContextProviderSpec,
  type ContextInput,
} from './validation-context/context-provider.ts';
export {
  ContextCache,
  type ContextCacheOptions,
  type ContextCacheStats,
} from './validation-context/context-cache.ts';
export {
  ValidationContext,
  type ValidationContextOptions,
  type ContextSource,
  type ResolvedContext,
  type ContextFailure,
} from './validation-context/validation-context.ts';
export { toPlainData, type PlainData, type PlainObject } from './validation-context/plain-data.ts';

// Resolution, context, health, agents, templates
export {
  ToolResolver,
  type ToolResolverOptions,
  type ResolvedTool,
  type ToolLocation,
} from './resolver/tool-resolver.ts';
export {
  buildCommandContext,
  contextItems,
  estimateTokens,
  type BuildContextOptions,
  type BuiltContext,
  type ContextItem,
} from './context/build-context.ts';
export {
  HealthChecker,
  type HealthCheckerOptions,
  type HealthResult,
  type HealthReport,
  type HealthStatus,
  type ToolRequirement,
} from './health/health-checker.ts';
export { resolveAgentTools, AgentToolsError, type AgentTools } from './agents/resolve-agent-tools.ts';
export {
  parseTemplate,
  validateTemplate,
  renderTemplate,
  TemplateError,
  type ParsedTemplate,
  type TemplateSegment,
  type ToolCallSegment,
  type TextSegment,
  type TemplatePosition,
  type TemplateProblem,
  type TemplateExecutor,
} from './syntax/use-tool-template.ts';
export { createTemplateChecker, validateTemplateWithTools } from './syntax/template-checker.ts';

// Bridge to @toolsmith/core
export {
  KnowledgeTool,
  type KnowledgeBinding,
  type KnowledgeDeps,
  type KnowledgeHints,
  HINT_TOKENS,
  type KnowledgeSource,
} from './bridge/knowledge-tool.ts';

// Command line
export { runKnowledgeCli, type CliIo } from './cli/knowledge-cli.ts';
