// Public API of @toolsmith/core.
//
// Everything exported here is public API: add a symbol on purpose. Adapters live behind subpath
// entries so the root stays free of transport code: `@toolsmith/core/mcp` (MCP SDK) and
// `@toolsmith/core/ai-sdk` (Vercel AI SDK).

// Tools
export {
  BaseTool,
  DEFAULT_MAX_OUTPUT_CHARS,
  type AnyTool,
  type RunOptions,
  type LegacyDefinition,
} from './tool/base-tool.ts';
export {
  lazySchema,
  type LazySchema,
  type ParamsDeclaration,
  type ParamsOf,
  type SchemaOf,
} from './tool/lazy-schema.ts';
export {
  defineToolMetadata,
  buildToolName,
  TOOL_NAME_PATTERN,
  CONSENT_WARNING,
  type ToolMetadata,
  type ToolAnnotations,
  type ToolPriority,
  type ToolScope,
  type RuntimeRequirement,
} from './tool/tool-metadata.ts';
// Who calls an HTTP server with authentication (`ctx.auth`); the resource server and verifiers are
// in `@toolsmith/core/auth`.
export type { AuthContext } from './auth/auth-context.ts';
export type { ToolDefinition } from './tool/tool-definition.ts';
export {
  noProgress,
  type ToolContext,
  type ProgressReporter,
  type ProgressUpdate,
} from './tool/tool-context.ts';
export {
  InputRequired,
  MissingClientCapabilityError,
  type ClientInput,
  type ClientRoot,
  type ElicitationRequest,
  type ElicitationResult,
  type ListRootsOptions,
  type RequiredClientCapabilities,
  type SamplingContent,
  type SamplingMessage,
  type SamplingRequest,
  type SamplingResult,
} from './tool/client-input.ts';
export {
  toolResponse,
  errorResult,
  type ToolCallResult,
  type ToolContent,
  type ToolResponse,
  type TextContent,
  type ImageContent,
  type AudioContent,
  type ResourceLinkContent,
  type EmbeddedResourceContent,
} from './tool/tool-result.ts';
export { fieldsParam, type ProjectionResult } from './tool/field-projection.ts';
export { serialize, type BudgetOptions, type BudgetedOutput } from './tool/output-budget.ts';
export { validateParams, type ParamsValidation } from './tool/param-validation.ts';
export {
  rawGet,
  rawGetParams,
  type RawEndpoint,
  type RawGet,
  type RawGetClient,
  type RawGetInput,
  type RawGetOptions,
  type RawGetParams,
} from './tool/raw-get.ts';
export type { GuardPolicy } from './tool/base-tool.ts';
export {
  CONFIRM_DESCRIPTION,
  ConfirmationError,
  confirmIrreversible,
  confirmParam,
  type IrreversibleChange,
} from './tool/confirmation.ts';
export {
  failureInBrief,
  isAmbiguousFailure,
  outcomeUnknown,
  type OutcomeCheck,
  type OutcomeUnknownOptions,
} from './tool/outcome-unknown.ts';

// The guarded path: what a parameter is (references, times, durations, changes), the server's
// reference data, and the record of what a call converted and assumed.
export * from './guard/index.ts';

// Definitions
export {
  generateDefinitionFromSchema,
  validateSchemaDefinitionMatch,
  type AnyZodObject,
  type AnyZodSchema,
  type InferSchemaOutput,
  type InferSchemaInput,
  type JsonSchema,
  type ToolInputSchema,
  type SchemaToDefinitionOptions,
  type CustomTransform,
  type DefinitionMatchResult,
  type DefinitionMismatch,
  type DefinitionMismatchType,
} from './definition/index.ts';

// Registry
export { ToolRegistry, type SelectedContext, type ToolRegistryOptions } from './registry/tool-registry.ts';

// Resources and prompts: declared like tools, served by the MCP adapter.
export {
  BaseResource,
  BaseResourceTemplate,
  ResourceParamsError,
  defineResourceMetadata,
  defineResourceTemplateMetadata,
  type AnyResource,
  type AnyResourceTemplate,
  type ListedResource,
  type ResourceBody,
  type ResourceContext,
  type ResourceDefinition,
  type ResourceMetadata,
  type ResourceTemplateDefinition,
  type ResourceTemplateMetadata,
} from './resource/base-resource.ts';
export { CompletionError } from './resource/completion.ts';
export {
  BasePrompt,
  PromptArgumentsError,
  definePromptMetadata,
  type AnyPrompt,
  type PromptArgumentDefinition,
  type PromptContext,
  type PromptDefinition,
  type PromptMessage,
  type PromptMetadata,
  type PromptRole,
  type RenderedPrompt,
} from './prompt/base-prompt.ts';
export { defineToolset, type Toolset } from './registry/toolset.ts';
export { type ToolSelection, type SelectedTools } from './registry/tool-selection.ts';
export {
  SearchToolsTool,
  type SearchToolsResult,
  type SearchToolsOptions,
  type ToolRanker,
} from './registry/search-tools.tool.ts';
export { rankTools, type RankedTool, type RankToolsOptions } from './registry/rank-tools.ts';
export { CORE_SEARCH_GLOSSARY, type SearchGlossary } from './registry/search-glossary.ts';

// Lists and batches: the result shapes every list and batch tool shares
export {
  listPages,
  listAfter,
  listLocal,
  chooseView,
  requestFingerprint,
  encodeCursor,
  decodeCursor,
  runBatch,
  withProjectionRoot,
  cursorParam,
  perPageParam,
  type CursorParamOptions,
  type PerPageParamOptions,
  type ParamBounds,
  type ListResult,
  type ListParams,
  type CursorPosition,
  type BatchResult,
  type BatchOptions,
} from './list/index.ts';

// Errors
export {
  ToolsmithError,
  ValidationError,
  ApiError,
  NotFoundError,
  AuthError,
  RateLimitedError,
  TimeoutError,
  NetworkError,
  ConfigError,
  ToolDefinitionError,
  CancelledError,
  BodyTooLargeError,
  type BodyTooLargeErrorOptions,
  type ToolsmithErrorOptions,
  type ErrorDetails,
  type FieldIssue,
  type ApiErrorOptions,
  type ConfigProblem,
  type ConfigErrorOptions,
  type NetworkErrorOptions,
  type NotFoundErrorOptions,
  type TimeoutErrorOptions,
  type ToolDefinitionErrorOptions,
  type ValidationErrorOptions,
} from './errors/index.ts';

// HTTP client kit
export {
  createHttpClient,
  apiClientTuning,
  apiRequest,
  type ApiClientSettings,
  type ApiRequest,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type HttpRequestOptions,
  type HttpResponse,
  type HttpRetryOptions,
  type HttpShorthandOptions,
  type ParseApiError,
  type ParsedApiError,
  type Query,
  type QueryValue,
  type QueryScalar,
  type ResponseType,
  readCappedBody,
  type CappedBody,
  isNonPublicAddress,
  normalizeHost,
} from './http/index.ts';

// Configuration
export {
  loadEnvConfig,
  envList,
  envInteger,
  httpClientEnv,
  type EnvSource,
  type EnvIntegerOptions,
  type HttpClientEnvOptions,
} from './config/index.ts';

// Logging
export {
  createStreamLogger,
  silentLogger,
  type Logger,
  type LogLevel,
  type LogFields,
  type StreamLoggerOptions,
} from './logging/logger.ts';
export { redactSecrets, redactValue, REDACTED } from './logging/redact.ts';

// Utilities
export { closestMatches } from './util/closest-match.ts';
export { TtlCache, type TtlCacheOptions } from './util/ttl-cache.ts';
export { GENERATE_ENCRYPTION_KEY_COMMAND } from './auth/encryption-key-command.ts';
