/**
 * The one in-memory shape of a loaded tool definition, whatever its schema version.
 *
 * `tool-definition-v1.ts` / `tool-definition-v2.ts` describe what authors write (snake_case YAML);
 * the loader normalises both into `ToolDefinition`: camelCase, every list present (empty when the
 * YAML has none), references resolved to plain ids, code read from `file:` into `source`. The rest
 * of the package (resolver, sandbox runner, context injection) only ever sees this shape.
 */
import type { JsonSchemaSubset } from './json-schema-subset.ts';
import type { ToolType } from './schema-primitives.ts';
import type { ValidatorCheck } from './validator-checks.ts';

export type SchemaVersion = '1.0' | '2.0';

export type KnowledgeStrategy = 'embedded' | 'external' | 'hybrid' | 'executable' | 'none';

export interface KnowledgeEntry {
  readonly topic: string;
  readonly content: string;
}

export interface KnowledgeBase {
  /** Where the text lives, e.g. `supabase_hybrid_search`. */
  readonly source: string;
  readonly collection: string | undefined;
  readonly topics: readonly string[];
  readonly searchConfig: Readonly<Record<string, unknown>> | undefined;
  /** Other fields (v1 only; v2 knowledge bases are strict). */
  readonly extra: Readonly<Record<string, unknown>>;
}

/**
 * A piece of JavaScript loaded into the sandbox: the shape of the sandbox's `SandboxModule` plus
 * where it came from.
 */
export interface CodeModule {
  /** Helper / processor / validator id; unique across the three lists. */
  readonly id: string;
  /** JavaScript source: a classic script, or an ES module when `type` is `module`. */
  readonly source: string;
  /**
   * Path shown in stack traces, relative to the tool's folder with `/` separators: the YAML file for
   * inline `function:` code (`clickup.tool.yaml`), the code file for `file:` (`helpers/x.js`).
   */
  readonly filename: string;
  /**
   * Add to a 1-based line of `source` to get the line in `filename` (0 for `file:` code; for inline
   * code, the YAML line before the block's first line). Same meaning as V8's / isolated-vm's
   * `lineOffset` script origin.
   */
  readonly lineOffset: number;
  /** `inline` (`function:`) or `file`. */
  readonly origin: 'inline' | 'file';
  /**
   * The function the runtime calls: an export of the ES module, or looked up on the script's
   * `module.exports`.
   */
  readonly export: string;
  /** `module` for an ES module (a `file:` ending in `.mjs`); a classic script otherwise. */
  readonly type?: 'script' | 'module';
  /** ES modules: each import specifier of this file → the imported file (relative to the tool's folder). */
  readonly imports?: Readonly<Record<string, string>>;
  /** ES modules: every file it imports, directly or through others, each once (itself left out). */
  readonly importedFiles?: readonly ModuleFile[];
}

/** A pack file an ES module imports: its source and the files it imports in turn. */
export interface ModuleFile {
  /** Relative to the tool's folder, `/`-separated, e.g. `shared/values.mjs`. */
  readonly filename: string;
  readonly source: string;
  /** Each import specifier of the file → the imported file. */
  readonly imports: Readonly<Record<string, string>>;
}

interface KnowledgeCodeBase {
  readonly id: string;
  readonly description: string;
  /** Helper ids loaded (dependencies first, see `helperLoadOrder`) before this code. */
  readonly dependencies: readonly string[];
}

export interface HelperDefinition extends KnowledgeCodeBase {
  readonly code: CodeModule;
}

export interface ValidatorDefinition extends KnowledgeCodeBase {
  /** Command names this validator applies to. */
  readonly validates: readonly string[];
  readonly checks: readonly ValidatorCheck[];
  /** The validator function, when it has one (a validator may be checks only). */
  readonly code: CodeModule | undefined;
}

export type ProcessorDefinition = KnowledgeCodeBase & {
  readonly inputSchema: JsonSchemaSubset | undefined;
  readonly outputSchema: JsonSchemaSubset | undefined;
} & (
    | { readonly kind: 'function'; readonly code: CodeModule }
    /** Helper ids called in order, each with the previous step's result. */
    | { readonly kind: 'pipeline'; readonly steps: readonly string[] }
  );

/**
 * A named piece of call context (`executable_knowledge.context`): data the host fetches before
 * validation and passes to validators as their second argument, `validate(input, context)`.
 */
export interface ContextDeclaration {
  readonly id: string;
  /** What the data is and its shape (for authors of providers and validators). */
  readonly description: string;
}

export interface ExecutableKnowledge {
  /** The call context the pack's commands may ask for (empty when the pack declares none). */
  readonly context: readonly ContextDeclaration[];
  readonly helpers: readonly HelperDefinition[];
  readonly processors: readonly ProcessorDefinition[];
  readonly validators: readonly ValidatorDefinition[];
}

export interface CommandDefinition {
  readonly name: string;
  readonly description: string;
  readonly requiredArgs: readonly string[];
  readonly optionalArgs: readonly string[];
  readonly mcpTool: string | undefined;
  readonly cliArgs: readonly string[] | undefined;
  readonly execTemplate: string | undefined;
  /** Helper ids. */
  readonly usesHelpers: readonly string[];
  /**
   * Validator ids to run before the command: those named in the command's `validation`, then those
   * whose `validates` lists the command (no duplicates).
   */
  readonly validation: readonly string[];
  /**
   * Ids of the context entries (`executable_knowledge.context`) the host fetches before validating a
   * call of this command; its validators receive them as their second argument.
   */
  readonly context: readonly string[];
  /** Example ids (`example_ref(s)` groups expanded). */
  readonly exampleRefs: readonly string[];
  /** v1 single inline example. */
  readonly example: string | undefined;
  /** Unknown v1 fields and `x-` fields. */
  readonly extensions: Readonly<Record<string, unknown>>;
}

export type ExampleKind = 'success' | 'failure' | 'edge_case' | 'anti_pattern';

export interface ExampleDefinition {
  /** Explicit `id`, else `name`, else `<group>.<scenario>`, else a positional id; unique. */
  readonly id: string;
  /** Mapping key of the examples section, or the entry's `command`. */
  readonly group: string | undefined;
  /** As written, e.g. `failure_invalid_list`. */
  readonly scenario: string | undefined;
  /** The scenario's prefix. */
  readonly kind: ExampleKind | undefined;
  readonly description: string | undefined;
  readonly input: unknown;
  readonly output: unknown;
  readonly error: unknown;
  readonly wrong: unknown;
  readonly correct: unknown;
  readonly note: string | undefined;
  readonly name: string | undefined;
  readonly file: string | undefined;
  /** Any other key of the entry (`create_call`, `update_call`…). */
  readonly extra: Readonly<Record<string, unknown>>;
}

export type AntiPatternCondition =
  | 'missing'
  | 'present'
  | 'empty'
  | 'is_array'
  | 'not_array'
  | 'is_object'
  | 'not_object'
  | 'is_string'
  | 'not_string'
  | 'is_number'
  | 'not_number';

/** How to recognise an anti-pattern in a call or in a validator failure. */
export type AntiPatternDetect =
  /** A failure of `validator` (on `field`, when given) is this anti-pattern. */
  | { readonly kind: 'validator'; readonly validator: string; readonly field: string | undefined }
  /** The call's `field` satisfies `when` (for `command`, or every command when undefined). */
  | {
      readonly kind: 'match';
      readonly command: string | undefined;
      readonly field: string;
      readonly when: AntiPatternCondition;
    };

export interface ResolvedReference {
  readonly section:
    | 'helpers'
    | 'processors'
    | 'validators'
    | 'commands'
    | 'examples'
    | 'anti_patterns'
    | 'api_quirks'
    | 'known_limitations'
    | 'context';
  /** Resolved id; for an example group, the group name. */
  readonly id: string;
  /** As written. */
  readonly raw: string;
}

export interface AntiPattern {
  readonly pattern: string;
  readonly description: string;
  readonly wrong: unknown;
  readonly correct: unknown;
  /** Why it is wrong: the `why` field, else `error`. */
  readonly why: string | undefined;
  /** What the API does when it happens (`error` field). */
  readonly error: string | undefined;
  readonly note: string | undefined;
  readonly reference: ResolvedReference | undefined;
  readonly detect: AntiPatternDetect | undefined;
}

export interface ApiQuirk {
  readonly quirk: string;
  readonly description: string;
  readonly mitigation: string | undefined;
  /** Other keys (`create_format`, `impact`…). */
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface KnownLimitation {
  readonly limitation: string;
  readonly description: string;
  readonly workaround: string | undefined;
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface ApiComplexity {
  readonly payloadSchemas: Readonly<Record<string, unknown>> | undefined;
  readonly fieldMappings: Readonly<Record<string, unknown>> | undefined;
  readonly apiQuirks: readonly ApiQuirk[];
  readonly knownLimitations: readonly KnownLimitation[];
}

export type HealthCheckAction = 'warn' | 'fail' | 'skip';

export interface HealthCheck {
  readonly enabled: boolean;
  readonly method: string | undefined;
  readonly toolCall:
    | {
        readonly name: string;
        readonly args: Readonly<Record<string, unknown>>;
        readonly timeoutMs: number | undefined;
      }
    | undefined;
  readonly command: string | undefined;
  /** `tool_call.timeout_ms`, else `timeout_ms`. */
  readonly timeoutMs: number | undefined;
  readonly required: boolean;
  /** `on_failure.action`, else the v1 `fallback` mapped (log_warning → warn, fail_fast → fail, skip_tool → skip). */
  readonly onFailure:
    { readonly action: HealthCheckAction; readonly message: string | undefined } | undefined;
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface ToolDependencies {
  readonly mcpServer: string | undefined;
  readonly envVars: readonly string[];
  readonly otherTools: readonly string[];
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface ToolSetup {
  readonly instructions: string | undefined;
  readonly verification: readonly string[];
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface ChangelogEntry {
  readonly version: string;
  readonly date: string | undefined;
  readonly changes: readonly string[];
}

export type McpTransport = 'stdio' | 'sse' | 'http';

export type TypeConfig =
  | {
      readonly type: 'mcp';
      readonly serverName: string;
      readonly transport: McpTransport | undefined;
      readonly connectionTimeoutMs: number | undefined;
    }
  | {
      readonly type: 'cli';
      readonly executable: string;
      readonly versionCommand: string | undefined;
      readonly expectedVersion: string | undefined;
    }
  | { readonly type: 'local'; readonly executable: string; readonly installInstructions: string | undefined }
  | {
      readonly type: 'meta';
      readonly orchestrates: readonly string[];
      readonly workflow: readonly {
        readonly step: string;
        readonly tool: string;
        readonly command: string;
      }[];
    };

export interface ToolDefinition {
  readonly schemaVersion: SchemaVersion;
  readonly id: string;
  readonly type: ToolType;
  readonly name: string;
  /** Tool version as written (v1 numbers are turned into text). */
  readonly version: string | undefined;
  readonly description: string;
  readonly tags: readonly string[];
  /** As written, or inferred from the sections present. */
  readonly knowledgeStrategy: KnowledgeStrategy;
  readonly knowledge: readonly KnowledgeEntry[];
  readonly knowledgeBase: KnowledgeBase | undefined;
  readonly executableKnowledge: ExecutableKnowledge;
  readonly apiComplexity: ApiComplexity | undefined;
  readonly antiPatterns: readonly AntiPattern[];
  readonly examples: readonly ExampleDefinition[];
  readonly healthCheck: HealthCheck | undefined;
  readonly commands: readonly CommandDefinition[];
  readonly dependencies: ToolDependencies;
  readonly setup: ToolSetup | undefined;
  readonly changelog: readonly ChangelogEntry[];
  /** The `mcp_config` / `cli_config` / `local_config` / `meta_config` section, when present. */
  readonly typeConfig: TypeConfig | undefined;
  readonly metadata: {
    readonly author: string | undefined;
    readonly documentation: string | undefined;
    readonly source: string | undefined;
  };
  /** Unknown v1 fields (`mcp:`, `requirements:`…) and `x-` fields, untouched. */
  readonly extensions: Readonly<Record<string, unknown>>;
  /** Where it was loaded from. */
  readonly origin: { readonly file: string; readonly baseDir: string };
}
