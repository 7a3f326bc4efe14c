/**
 * Schema-checked v1 / v2 input → the one `ToolDefinition` shape (see `schema/tool-definition.ts`).
 *
 * This is also where the checks that need the whole definition run, in one pass so a single load
 * reports everything: ids registered and de-duplicated, every reference resolved
 * (`cross-references.ts`), code read from `function:` / `file:` (`code-source.ts`) and compiled
 * without running (`check-code-syntax.ts`), helper dependency cycles, section rules.
 *
 * Issue paths are full YAML paths (including the `tool` wrapper when the file has one), because
 * code positions are looked up in the source map while normalising.
 */
import { dump } from 'js-yaml';
import type { DefinitionIssue, YamlPath } from '../schema/definition-issue.ts';
import { camelCaseId, JS_IDENTIFIER_PATTERN } from '../schema/schema-primitives.ts';
import type {
  AntiPattern,
  ApiComplexity,
  ChangelogEntry,
  CodeModule,
  CommandDefinition,
  ExampleDefinition,
  ExampleKind,
  HealthCheck,
  HealthCheckAction,
  HelperDefinition,
  KnowledgeBase,
  KnowledgeEntry,
  KnowledgeStrategy,
  ProcessorDefinition,
  SchemaVersion,
  ToolDefinition,
  ToolDependencies,
  ToolSetup,
  TypeConfig,
  ValidatorDefinition,
} from '../schema/tool-definition.ts';
import type {
  ChangelogInput,
  DependenciesInput,
  HealthCheckInput,
  KnowledgeInput,
  SetupInput,
} from '../schema/tool-definition-shared.ts';
import type { ToolDefinitionV1Input } from '../schema/tool-definition-v1.ts';
import { SCENARIO_PATTERN, type ToolDefinitionV2Input } from '../schema/tool-definition-v2.ts';
import { checkCodeModule, checkImportedFile } from './check-code-syntax.ts';
import { readCodeSource, type CodeSourceContext } from './code-source.ts';
import { checkSectionRules, findDependencyCycles, ReferenceIndex } from './cross-references.ts';

export interface NormalizeContext extends CodeSourceContext {
  /** The YAML file as given by the caller. */
  readonly file: string;
  /** YAML path of the tool mapping: `['tool']`, or `[]` for a bare document. */
  readonly prefix: YamlPath;
}

export type NormalizeResult =
  { ok: true; definition: ToolDefinition } | { ok: false; issues: DefinitionIssue[] };

type Entries = Record<string, unknown>;

function without(record: Entries, keys: ReadonlySet<string>): Entries {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.has(key)));
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Sections shared by both versions

function normalizeKnowledge(input: KnowledgeInput | undefined): KnowledgeEntry[] {
  if (input === undefined) return [];
  if (Array.isArray(input)) return input.map((entry) => ({ topic: entry.topic, content: entry.content }));
  return Object.entries(input).map(([topic, value]) => ({
    topic,
    content:
      typeof value === 'string'
        ? value
        : value.map((item) => (typeof item === 'string' ? item : dump(item).trimEnd())).join('\n'),
  }));
}

function inferStrategy(
  hasKnowledge: boolean,
  hasKnowledgeBase: boolean,
  hasCode: boolean,
): KnowledgeStrategy {
  const hasText = hasKnowledge || hasKnowledgeBase;
  if (hasCode) return hasText ? 'hybrid' : 'executable';
  if (hasKnowledgeBase) return 'external';
  if (hasKnowledge) return 'embedded';
  return 'none';
}

const FALLBACK_ACTIONS: Record<string, HealthCheckAction> = {
  log_warning: 'warn',
  fail_fast: 'fail',
  skip_tool: 'skip',
};

const HEALTH_CHECK_FIELDS = new Set([
  'enabled',
  'method',
  'tool_call',
  'command',
  'timeout_ms',
  'required',
  'fallback',
  'on_failure',
]);

function normalizeHealthCheck(input: HealthCheckInput | undefined): HealthCheck | undefined {
  if (input === undefined) return undefined;
  const onFailure = input.on_failure
    ? { action: input.on_failure.action, message: input.on_failure.message }
    : input.fallback
      ? { action: FALLBACK_ACTIONS[input.fallback] as HealthCheckAction, message: undefined }
      : undefined;
  return {
    enabled: input.enabled ?? true,
    method: input.method,
    toolCall: input.tool_call
      ? {
          name: input.tool_call.name,
          args: input.tool_call.args ?? {},
          timeoutMs: input.tool_call.timeout_ms,
        }
      : undefined,
    command: input.command,
    timeoutMs: input.tool_call?.timeout_ms ?? input.timeout_ms,
    required: input.required ?? false,
    onFailure,
    extra: without(input, HEALTH_CHECK_FIELDS),
  };
}

function normalizeDependencies(input: DependenciesInput | undefined): ToolDependencies {
  return {
    mcpServer: input?.mcp_server,
    envVars: input?.env_vars ?? [],
    otherTools: input?.other_tools ?? [],
    extra: input ? without(input, new Set(['mcp_server', 'env_vars', 'other_tools'])) : {},
  };
}

function normalizeSetup(input: SetupInput | undefined): ToolSetup | undefined {
  if (input === undefined) return undefined;
  if (typeof input === 'string') return { instructions: input, verification: [], extra: {} };
  return {
    instructions: input.instructions,
    verification: input.verification ?? [],
    extra: without(input, new Set(['instructions', 'verification'])),
  };
}

function normalizeChangelog(input: ChangelogInput | undefined): ChangelogEntry[] {
  return (input ?? []).map((entry) => ({
    version: String(entry.version),
    date: entry.date,
    changes:
      entry.changes === undefined ? [] : typeof entry.changes === 'string' ? [entry.changes] : entry.changes,
  }));
}

// ---------------------------------------------------------------------------------------------
// Examples

const EXAMPLE_FIELDS = new Set([
  'id',
  'scenario',
  'description',
  'command',
  'input',
  'output',
  'error',
  'wrong',
  'correct',
  'note',
  'name',
  'file',
]);

interface RawExample {
  readonly entry: Entries;
  readonly group: string | undefined;
  /** Position in its list. */
  readonly index: number;
  readonly path: YamlPath;
}

function scenarioKind(scenario: string | undefined): ExampleKind | undefined {
  const match = scenario === undefined ? null : SCENARIO_PATTERN.exec(scenario);
  return (match?.[1] as ExampleKind | undefined) ?? undefined;
}

/**
 * Examples with their ids (see README "Examples"); explicit duplicates are issues, derived
 * duplicates get `-2`, `-3`.
 */
function normalizeExamples(
  raw: readonly RawExample[],
  index: ReferenceIndex,
  issues: DefinitionIssue[],
): ExampleDefinition[] {
  const taken = new Set<string>();
  const explicitIds = new Set(raw.map(({ entry }) => stringOrUndefined(entry['id'])).filter((id) => id));
  return raw.map(({ entry, group, index: position, path }) => {
    const scenario = stringOrUndefined(entry['scenario']);
    const explicit = stringOrUndefined(entry['id']);
    const name = stringOrUndefined(entry['name']);
    let id: string;
    if (explicit !== undefined) {
      id = explicit;
      const issue = index.add('examples', id, [...path, 'id']);
      if (issue) issues.push(issue);
    } else {
      const base =
        name !== undefined && name !== ''
          ? name
          : group !== undefined
            ? `${group}.${scenario ?? position}`
            : (scenario ?? `example-${position}`);
      id = base;
      for (let n = 2; taken.has(id) || explicitIds.has(id); n++) id = `${base}-${n}`;
      index.add('examples', id, path);
    }
    taken.add(id);
    if (group !== undefined) index.addExampleGroup(group, id);
    return {
      id,
      group,
      scenario,
      kind: scenarioKind(scenario),
      description: stringOrUndefined(entry['description']),
      input: entry['input'],
      output: entry['output'],
      error: entry['error'],
      wrong: entry['wrong'],
      correct: entry['correct'],
      note: stringOrUndefined(entry['note']),
      name: stringOrUndefined(entry['name']),
      file: stringOrUndefined(entry['file']),
      extra: without(entry, EXAMPLE_FIELDS),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Version 1.0

const V1_FIELDS = new Set([
  'schema_version',
  'id',
  'type',
  'name',
  'version',
  'description',
  'tags',
  'knowledge_strategy',
  'knowledge',
  'knowledge_base',
  'health_check',
  'commands',
  'dependencies',
  'setup',
  'examples',
  'changelog',
]);

const V1_COMMAND_FIELDS = new Set([
  'name',
  'description',
  'mcp_tool',
  'required_args',
  'optional_args',
  'example',
]);

function emptyCommand(name: string): CommandDefinition {
  return {
    name,
    description: '',
    requiredArgs: [],
    optionalArgs: [],
    mcpTool: undefined,
    cliArgs: undefined,
    execTemplate: undefined,
    usesHelpers: [],
    validation: [],
    context: [],
    exampleRefs: [],
    example: undefined,
    extensions: {},
  };
}

export function normalizeToolDefinitionV1(
  input: ToolDefinitionV1Input,
  context: NormalizeContext,
): NormalizeResult {
  const at = (...segments: (string | number)[]): YamlPath => [...context.prefix, ...segments];
  const issues: DefinitionIssue[] = [];
  const index = new ReferenceIndex();

  const commands = (input.commands ?? []).map((command, i): CommandDefinition => {
    const name = typeof command === 'string' ? command : command.name;
    const issue = index.add(
      'commands',
      name,
      at('commands', i, ...(typeof command === 'string' ? [] : ['name'])),
    );
    if (issue) issues.push(issue);
    if (typeof command === 'string') return emptyCommand(name);
    return {
      ...emptyCommand(name),
      description: command.description ?? '',
      requiredArgs: command.required_args ?? [],
      optionalArgs: command.optional_args ?? [],
      mcpTool: command.mcp_tool,
      example: command.example,
      extensions: without(command, V1_COMMAND_FIELDS),
    };
  });

  const rawExamples = (input.examples ?? []).map((entry, i): RawExample => ({
    entry: typeof entry === 'string' ? { name: entry, file: entry } : entry,
    group: undefined,
    index: i,
    path: at('examples', i),
  }));
  const examples = normalizeExamples(rawExamples, index, issues);
  if (issues.length > 0) return { ok: false, issues };

  const knowledge = normalizeKnowledge(input.knowledge);
  let knowledgeBase: KnowledgeBase | undefined;
  if (typeof input.knowledge_base === 'string') {
    knowledge.push({ topic: 'overview', content: input.knowledge_base });
  } else if (input.knowledge_base !== undefined) {
    const kb = input.knowledge_base;
    knowledgeBase = {
      source: kb.source,
      collection: kb.collection,
      topics: kb.topics ?? [],
      searchConfig: kb.search_config,
      extra: without(kb, new Set(['source', 'collection', 'topics', 'search_config'])),
    };
  }
  const extensions = without(input, V1_FIELDS);
  const definition: ToolDefinition = {
    schemaVersion: '1.0',
    id: input.id,
    type: input.type,
    name: input.name ?? input.id,
    version: input.version === undefined ? undefined : String(input.version),
    description: input.description ?? '',
    tags: input.tags ?? [],
    knowledgeStrategy:
      input.knowledge_strategy ?? inferStrategy(knowledge.length > 0, knowledgeBase !== undefined, false),
    knowledge,
    knowledgeBase,
    executableKnowledge: { context: [], helpers: [], processors: [], validators: [] },
    apiComplexity: undefined,
    antiPatterns: [],
    examples,
    healthCheck: normalizeHealthCheck(input.health_check),
    commands,
    dependencies: normalizeDependencies(input.dependencies),
    setup: normalizeSetup(input.setup),
    changelog: normalizeChangelog(input.changelog),
    typeConfig: undefined,
    metadata: {
      author: stringOrUndefined(extensions['author']),
      documentation: stringOrUndefined(extensions['documentation']),
      source: stringOrUndefined(extensions['source']),
    },
    extensions,
    origin: { file: context.file, baseDir: context.baseDir },
  };
  return { ok: true, definition };
}

// ---------------------------------------------------------------------------------------------
// Version 2.0

type HelperInput = NonNullable<NonNullable<ToolDefinitionV2Input['executable_knowledge']>['helpers']>[number];
type ProcessorInput = NonNullable<
  NonNullable<ToolDefinitionV2Input['executable_knowledge']>['processors']
>[number];
type ValidatorInput = NonNullable<
  NonNullable<ToolDefinitionV2Input['executable_knowledge']>['validators']
>[number];
type CodeEntryInput = HelperInput | ProcessorInput | ValidatorInput;

function extensionsOf(record: Entries): Entries {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key.startsWith('x-')));
}

class V2Normalizer {
  private readonly issues: DefinitionIssue[] = [];
  private readonly index = new ReferenceIndex();
  private readonly codeChecks: { code: CodeModule; path: YamlPath; kind: string }[] = [];
  private readonly input: ToolDefinitionV2Input;
  private readonly context: NormalizeContext;

  constructor(input: ToolDefinitionV2Input, context: NormalizeContext) {
    this.input = input;
    this.context = context;
  }

  private at(...segments: (string | number)[]): YamlPath {
    return [...this.context.prefix, ...segments];
  }

  private push(issue: DefinitionIssue | undefined): void {
    if (issue) this.issues.push(issue);
  }

  /** Resolves each reference of a list; unresolved ones become issues and are dropped. */
  private resolveAll(
    refs: readonly string[] | undefined,
    section: Parameters<ReferenceIndex['resolve']>[1],
    path: YamlPath,
    single = false,
  ): string[] {
    const resolved: string[] = [];
    (refs ?? []).forEach((raw, i) => {
      const result = this.index.resolve(raw, section, single ? path : [...path, i]);
      if (result.ok) resolved.push(result.ref.id);
      else this.issues.push(result.issue);
    });
    return resolved;
  }

  async run(): Promise<NormalizeResult> {
    const input = this.input;
    const ek = input.executable_knowledge ?? {};
    const helpersIn = ek.helpers ?? [];
    const processorsIn = ek.processors ?? [];
    const validatorsIn = ek.validators ?? [];
    const contextIn = ek.context ?? [];
    const commandsIn = input.commands ?? [];
    const antiPatternsIn = input.anti_patterns ?? [];

    // 1. Every id, before any reference is resolved.
    const ekPath = (list: string, i: number): YamlPath => this.at('executable_knowledge', list, i);
    helpersIn.forEach((h, i) => this.push(this.index.add('helpers', h.id, [...ekPath('helpers', i), 'id'])));
    processorsIn.forEach((p, i) =>
      this.push(this.index.add('processors', p.id, [...ekPath('processors', i), 'id'])),
    );
    validatorsIn.forEach((v, i) =>
      this.push(this.index.add('validators', v.id, [...ekPath('validators', i), 'id'])),
    );
    contextIn.forEach((c, i) => this.push(this.index.add('context', c.id, [...ekPath('context', i), 'id'])));
    commandsIn.forEach((c, i) =>
      this.push(this.index.add('commands', c.name, this.at('commands', i, 'name'))),
    );
    antiPatternsIn.forEach((a, i) =>
      this.push(this.index.add('anti_patterns', a.pattern, this.at('anti_patterns', i, 'pattern'))),
    );
    (input.api_complexity?.api_quirks ?? []).forEach((q, i) =>
      this.push(this.index.add('api_quirks', q.quirk, this.at('api_complexity', 'api_quirks', i, 'quirk'))),
    );
    (input.api_complexity?.known_limitations ?? []).forEach((l, i) =>
      this.push(
        this.index.add(
          'known_limitations',
          l.limitation,
          this.at('api_complexity', 'known_limitations', i, 'limitation'),
        ),
      ),
    );
    const examples = normalizeExamples(this.rawExamples(), this.index, this.issues);

    // 2. Code and references.
    // Code files are read concurrently; problems are sorted by position when reported.
    const [helpers, processors, validators] = await Promise.all([
      this.helpers(helpersIn),
      this.processors(processorsIn),
      this.validators(validatorsIn),
    ]);
    this.checkCycles(helpers);
    const commands = this.commands(validators);
    const antiPatterns = this.antiPatterns();
    for (const issue of checkSectionRules(input))
      this.issues.push({ ...issue, path: this.at(...issue.path) });
    const checkedFiles = new Set(this.codeChecks.map(({ code }) => code.filename));
    // In a fixed order (code files were read concurrently), so an imported file's problem is
    // reported at the same entry every time.
    const inOrder = [...this.codeChecks].sort((a, b) => comparePaths(a.path, b.path));
    for (const { code, path, kind } of inOrder) {
      this.issues.push(...checkCodeModule(code, path, kind));
      // The files an ES module imports, each once, reported at the first entry importing it.
      for (const file of code.importedFiles ?? []) {
        if (checkedFiles.has(file.filename)) continue;
        checkedFiles.add(file.filename);
        this.issues.push(...checkImportedFile(file, path, code.id));
      }
    }

    if (this.issues.length > 0) return { ok: false, issues: this.issues };

    const knowledge = normalizeKnowledge(input.knowledge);
    const kb = input.knowledge_base;
    const hasCode = input.executable_knowledge !== undefined;
    const definition: ToolDefinition = {
      schemaVersion: '2.0' satisfies SchemaVersion,
      id: input.id,
      type: input.type,
      name: input.name,
      version: input.version,
      description: input.description,
      tags: input.tags ?? [],
      knowledgeStrategy:
        input.knowledge_strategy ?? inferStrategy(input.knowledge !== undefined, kb !== undefined, hasCode),
      knowledge,
      knowledgeBase: kb
        ? {
            source: kb.source,
            collection: kb.collection,
            topics: kb.topics ?? [],
            searchConfig: kb.search_config,
            extra: {},
          }
        : undefined,
      executableKnowledge: {
        context: contextIn.map((entry) => ({ id: entry.id, description: entry.description })),
        helpers,
        processors,
        validators,
      },
      apiComplexity: this.apiComplexity(),
      antiPatterns,
      examples,
      healthCheck: normalizeHealthCheck(input.health_check),
      commands,
      dependencies: normalizeDependencies(input.dependencies),
      setup: normalizeSetup(input.setup),
      changelog: normalizeChangelog(input.changelog),
      typeConfig: this.typeConfig(),
      metadata: { author: input.author, documentation: input.documentation, source: input.source },
      extensions: extensionsOf(input),
      origin: { file: this.context.file, baseDir: this.context.baseDir },
    };
    return { ok: true, definition };
  }

  private rawExamples(): RawExample[] {
    const examples = this.input.examples;
    if (examples === undefined) return [];
    if (Array.isArray(examples)) {
      return examples.map((entry, i) => ({
        entry,
        group: stringOrUndefined(entry['command']),
        index: i,
        path: this.at('examples', i),
      }));
    }
    return Object.entries(examples).flatMap(([group, list]) =>
      list.map((entry, i) => ({ entry, group, index: i, path: this.at('examples', group, i) })),
    );
  }

  /** The code of an entry, registered for the syntax check; undefined (with an issue) when unreadable. */
  private async code(entry: CodeEntryInput, path: YamlPath, kind: string): Promise<CodeModule | undefined> {
    const result = await readCodeSource(entry, path, this.context);
    if (!result.ok) {
      this.issues.push(result.issue);
      return undefined;
    }
    const exportName = entry.export ?? camelCaseId(entry.id);
    if (!JS_IDENTIFIER_PATTERN.test(exportName)) {
      this.issues.push({
        path: [...path, 'id'],
        message: `the ${kind} id '${entry.id}' does not give a JavaScript function name ('${exportName}')`,
        expected: `export: <the function's name> on the ${kind}`,
      });
      return undefined;
    }
    const code: CodeModule = { id: entry.id, export: exportName, ...result.code };
    this.codeChecks.push({ code, path, kind });
    return code;
  }

  private codeFieldCount(entry: { function?: unknown; file?: unknown; steps?: unknown }): number {
    return [entry.function, entry.file, entry.steps].filter((v) => v !== undefined).length;
  }

  private async helpers(list: readonly HelperInput[]): Promise<HelperDefinition[]> {
    const out: Promise<HelperDefinition | undefined>[] = [];
    for (const [i, helper] of list.entries()) {
      const path = this.at('executable_knowledge', 'helpers', i);
      const dependencies = this.resolveAll(helper.dependencies, 'helpers', [...path, 'dependencies']);
      if (this.codeFieldCount(helper) !== 1) {
        this.issues.push({
          path: helper.function !== undefined ? [...path, 'file'] : path,
          message:
            helper.function !== undefined
              ? `helper '${helper.id}' has both function: and file:`
              : `helper '${helper.id}' has no code`,
          expected: 'exactly one of function: | <inline JavaScript> or file: <path inside the tool folder>',
        });
        continue;
      }
      out.push(
        this.code(helper, path, 'helper').then((code) =>
          code ? { id: helper.id, description: helper.description ?? '', dependencies, code } : undefined,
        ),
      );
    }
    return (await Promise.all(out)).filter((helper) => helper !== undefined);
  }

  private async processors(list: readonly ProcessorInput[]): Promise<ProcessorDefinition[]> {
    const out: (ProcessorDefinition | Promise<ProcessorDefinition | undefined>)[] = [];
    for (const [i, processor] of list.entries()) {
      const path = this.at('executable_knowledge', 'processors', i);
      const dependencies = this.resolveAll(processor.dependencies, 'helpers', [...path, 'dependencies']);
      const base = {
        id: processor.id,
        description: processor.description ?? '',
        dependencies,
        inputSchema: processor.input_schema,
        outputSchema: processor.output_schema,
      };
      if (this.codeFieldCount(processor) !== 1) {
        this.issues.push({
          path,
          message: `processor '${processor.id}' needs exactly one of function:, file: or steps: (found ${this.codeFieldCount(processor)})`,
          expected:
            'function: | <JavaScript>, file: <path>, or steps: [helper ids] for a pipeline of helpers',
        });
        continue;
      }
      if (processor.steps !== undefined) {
        const steps = this.resolveAll(processor.steps, 'helpers', [...path, 'steps']);
        out.push({ ...base, kind: 'pipeline', steps });
        continue;
      }
      out.push(
        this.code(processor, path, 'processor').then((code) =>
          code ? { ...base, kind: 'function' as const, code } : undefined,
        ),
      );
    }
    return (await Promise.all(out)).filter((processor) => processor !== undefined);
  }

  private async validators(list: readonly ValidatorInput[]): Promise<ValidatorDefinition[]> {
    const out: Promise<ValidatorDefinition | undefined>[] = [];
    for (const [i, validator] of list.entries()) {
      const path = this.at('executable_knowledge', 'validators', i);
      const dependencies = this.resolveAll(validator.dependencies, 'helpers', [...path, 'dependencies']);
      const validatesIn = validator.validates;
      const validates =
        typeof validatesIn === 'string'
          ? this.resolveAll([validatesIn], 'commands', [...path, 'validates'], true)
          : this.resolveAll(validatesIn, 'commands', [...path, 'validates']);
      const checks = validator.checks ?? [];
      if (validator.function !== undefined && validator.file !== undefined) {
        this.issues.push({
          path: [...path, 'file'],
          message: `validator '${validator.id}' has both function: and file:`,
          expected: 'at most one of function: or file:',
        });
        continue;
      }
      const hasCode = validator.function !== undefined || validator.file !== undefined;
      if (!hasCode && checks.length === 0) {
        this.issues.push({
          path,
          message: `validator '${validator.id}' has neither checks nor code, so it would accept everything`,
          expected: 'checks: [...] and/or function: | <JavaScript returning { valid, errors }>',
        });
        continue;
      }
      out.push(
        (hasCode ? this.code(validator, path, 'validator') : Promise.resolve(undefined)).then((code) =>
          hasCode && code === undefined
            ? undefined
            : {
                id: validator.id,
                description: validator.description ?? '',
                dependencies,
                validates,
                checks,
                code,
              },
        ),
      );
    }
    return (await Promise.all(out)).filter((validator) => validator !== undefined);
  }

  private checkCycles(helpers: readonly HelperDefinition[]): void {
    const graph = new Map(helpers.map((helper) => [helper.id, helper.dependencies]));
    const position = new Map(
      (this.input.executable_knowledge?.helpers ?? []).map((helper, i) => [helper.id, i] as const),
    );
    for (const cycle of findDependencyCycles(graph)) {
      const first = cycle[0] as string;
      this.issues.push({
        path: this.at('executable_knowledge', 'helpers', position.get(first) ?? 0, 'dependencies'),
        message: `helper dependencies form a cycle: ${cycle.join(' → ')}`,
        expected:
          'dependencies that never lead back to the helper itself: move the shared code into a helper both can depend on',
      });
    }
  }

  private commands(validators: readonly ValidatorDefinition[]): CommandDefinition[] {
    return (this.input.commands ?? []).map((command, i) => {
      const path = this.at('commands', i);
      const usesHelpers = this.resolveAll(command.uses_helpers, 'helpers', [...path, 'uses_helpers']);
      const validation =
        typeof command.validation === 'string'
          ? this.resolveAll([command.validation], 'validators', [...path, 'validation'], true)
          : this.resolveAll(command.validation, 'validators', [...path, 'validation']);
      for (const validator of validators) {
        if (validator.validates.includes(command.name) && !validation.includes(validator.id)) {
          validation.push(validator.id);
        }
      }
      const context = this.resolveAll(command.context, 'context', [...path, 'context']);
      const exampleRefs: string[] = [];
      const addExamples = (raw: string, refPath: YamlPath): void => {
        const result = this.index.resolve(raw, 'examples', refPath);
        if (!result.ok) {
          this.issues.push(result.issue);
          return;
        }
        for (const id of this.index.exampleGroup(result.ref.id) ?? [result.ref.id]) {
          if (!exampleRefs.includes(id)) exampleRefs.push(id);
        }
      };
      if (command.example_ref !== undefined) addExamples(command.example_ref, [...path, 'example_ref']);
      (command.example_refs ?? []).forEach((raw, j) => addExamples(raw, [...path, 'example_refs', j]));
      return {
        name: command.name,
        description: command.description ?? '',
        requiredArgs: command.required_args ?? [],
        optionalArgs: command.optional_args ?? [],
        mcpTool: command.mcp_tool,
        cliArgs: command.cli_args,
        execTemplate: command.exec_template,
        usesHelpers,
        validation,
        context,
        exampleRefs,
        example: command.example,
        extensions: extensionsOf(command),
      };
    });
  }

  private antiPatterns(): AntiPattern[] {
    return (this.input.anti_patterns ?? []).map((antiPattern, i) => {
      const path = this.at('anti_patterns', i);
      let reference: AntiPattern['reference'];
      if (antiPattern.reference !== undefined) {
        const result = this.index.resolve(antiPattern.reference, 'any', [...path, 'reference']);
        if (result.ok) reference = result.ref;
        else this.issues.push(result.issue);
      }
      let detect = antiPattern.detect;
      if (detect?.kind === 'validator') {
        const longForm = [...path, 'detect', 'validator'];
        const result = this.index.resolve(
          detect.validator,
          'validators',
          this.context.sourceMap.has(longForm) ? longForm : [...path, 'detect'],
        );
        if (result.ok) detect = { ...detect, validator: result.ref.id };
        else this.issues.push(result.issue);
      } else if (detect?.kind === 'match' && detect.command !== undefined) {
        const result = this.index.resolve(detect.command, 'commands', [...path, 'detect', 'command']);
        if (result.ok) detect = { ...detect, command: result.ref.id };
        else this.issues.push(result.issue);
      }
      return {
        pattern: antiPattern.pattern,
        description: antiPattern.description,
        wrong: antiPattern.wrong,
        correct: antiPattern.correct,
        why: antiPattern.why ?? antiPattern.error,
        error: antiPattern.error,
        note: antiPattern.note,
        reference,
        detect,
      };
    });
  }

  private apiComplexity(): ApiComplexity | undefined {
    const input = this.input.api_complexity;
    if (input === undefined) return undefined;
    return {
      payloadSchemas: input.payload_schemas,
      fieldMappings: input.field_mappings,
      apiQuirks: (input.api_quirks ?? []).map((q) => ({
        quirk: q.quirk,
        description: q.description,
        mitigation: q.mitigation,
        extra: without(q, new Set(['quirk', 'description', 'mitigation'])),
      })),
      knownLimitations: (input.known_limitations ?? []).map((l) => ({
        limitation: l.limitation,
        description: l.description,
        workaround: l.workaround,
        extra: without(l, new Set(['limitation', 'description', 'workaround'])),
      })),
    };
  }

  private typeConfig(): TypeConfig | undefined {
    const { mcp_config: mcp, cli_config: cli, local_config: local, meta_config: meta } = this.input;
    if (mcp) {
      return {
        type: 'mcp',
        serverName: mcp.server_name,
        transport: mcp.transport,
        connectionTimeoutMs: mcp.connection_timeout_ms,
      };
    }
    if (cli) {
      return {
        type: 'cli',
        executable: cli.executable,
        versionCommand: cli.version_command,
        expectedVersion: cli.expected_version,
      };
    }
    if (local)
      return { type: 'local', executable: local.executable, installInstructions: local.install_instructions };
    if (meta) return { type: 'meta', orchestrates: meta.orchestrates, workflow: meta.workflow ?? [] };
    return undefined;
  }
}

export function normalizeToolDefinitionV2(
  input: ToolDefinitionV2Input,
  context: NormalizeContext,
): Promise<NormalizeResult> {
  return new V2Normalizer(input, context).run();
}

/** Orders YAML paths segment by segment: keys as strings, indices as numbers. */
function comparePaths(a: YamlPath, b: YamlPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}
