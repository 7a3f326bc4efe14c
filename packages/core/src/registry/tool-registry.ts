/**
 * The registry of a server's tools: one collection that both `tools/list` and `tools/call`
 * iterate, so listing and dispatch can never disagree.
 */
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import type { AnyPrompt } from '../prompt/base-prompt.ts';
import { BaseResource, type AnyResource, type AnyResourceTemplate } from '../resource/base-resource.ts';
import { BIND_REGISTRY, type AnyTool } from '../tool/base-tool.ts';
import { PRIORITY_ORDER, toolsetOf } from '../tool/tool-metadata.ts';
import { selectTools, type SelectedTools, type ToolSelection } from './tool-selection.ts';
import type { Toolset } from './toolset.ts';
import { compareNames } from '../util/compare-names.ts';

export interface ToolRegistryOptions {
  /**
   * Declared toolsets. When given, every tool must belong to one of them. When omitted, each tool
   * category becomes an implicit toolset enabled by default.
   */
  toolsets?: readonly Toolset[];
  /**
   * When tool definitions are generated: `'eager'` (default) at `register()`, so a schema problem
   * fails at start-up; `'lazy'` when a tool is first listed or called, so a server with many tools
   * starts faster when only some toolsets are enabled. Choose `'lazy'` only with a registry-wide
   * test that generates every definition (`describeToolDefinitions` from `@toolsmith/testing/jest`).
   */
  definitions?: 'eager' | 'lazy';
}

/** What a server serves besides tools, from its enabled toolsets. */
export interface SelectedContext<TDeps = unknown> {
  readonly resources: readonly AnyResource<TDeps>[];
  readonly resourceTemplates: readonly AnyResourceTemplate<TDeps>[];
  readonly prompts: readonly AnyPrompt<TDeps>[];
}

export class ToolRegistry<TDeps = unknown> {
  readonly #tools = new Map<string, AnyTool<TDeps>>();
  readonly #resources = new Map<string, AnyResource<TDeps> | AnyResourceTemplate<TDeps>>();
  readonly #prompts = new Map<string, AnyPrompt<TDeps>>();
  readonly #aliases = new Map<string, string>();
  readonly #toolsets = new Map<string, Toolset>();
  readonly #declared: boolean;
  readonly #eager: boolean;
  readonly #updateListeners = new Set<(uri: string) => void>();
  /** Top-level parameter name → the tools taking it (built at the first unknown-field refusal). */
  #paramOwners: Map<string, string[]> | undefined;
  /** list()'s order, kept until the next register(): every selection and tools/list sorts otherwise. */
  #sorted: AnyTool<TDeps>[] | undefined;
  /** select()'s answers by selection, until the next register(): a start selects three times. */
  readonly #selections = new Map<string, SelectedTools<TDeps>>();
  readonly #toolsTaking = (key: string): readonly string[] => {
    if (!this.#paramOwners) {
      const owners = new Map<string, string[]>();
      for (const [name, tool] of this.#tools) {
        const shape = (tool.getParamsSchema() as { shape?: Record<string, unknown> }).shape ?? {};
        for (const param of Object.keys(shape)) owners.set(param, [...(owners.get(param) ?? []), name]);
      }
      this.#paramOwners = owners;
    }
    return this.#paramOwners.get(key) ?? [];
  };

  constructor(options: ToolRegistryOptions = {}) {
    this.#declared = options.toolsets !== undefined;
    this.#eager = (options.definitions ?? 'eager') === 'eager';
    for (const toolset of options.toolsets ?? []) {
      if (this.#toolsets.has(toolset.id)) {
        throw new ToolDefinitionError({ message: `Toolset "${toolset.id}" is declared twice.` });
      }
      this.#toolsets.set(toolset.id, toolset);
    }
  }

  /**
   * Adds tools. Throws a ToolDefinitionError for a duplicate name or alias, an undeclared toolset, or
   * (unless `definitions: 'lazy'`) a definition that cannot be generated — at start-up, not at the
   * first call.
   */
  register(...tools: AnyTool<TDeps>[]): this {
    for (const tool of tools) {
      const metadata = tool.metadata;
      const names = [metadata.name, ...(metadata.deprecatedAliases ?? [])];
      for (const name of names) {
        const owner = this.#tools.has(name) ? name : this.#aliases.get(name);
        if (owner !== undefined) {
          throw new ToolDefinitionError({
            toolName: metadata.name,
            message: `the name "${name}" is already registered by tool "${owner}". Tool names and aliases must be unique.`,
          });
        }
      }
      this.#checkToolset(metadata.name, toolsetOf(metadata));
      if (this.#eager) tool.getDefinition(); // fail fast on schema problems
      this.#tools.set(metadata.name, tool);
      for (const alias of metadata.deprecatedAliases ?? []) this.#aliases.set(alias, metadata.name);
      tool[BIND_REGISTRY]?.(this.#toolsTaking);
    }
    this.#paramOwners = undefined;
    this.#sorted = undefined;
    this.#selections.clear();
    return this;
  }

  /**
   * Adds resources and resource templates (`resources/list`, `resources/read`), served when their
   * toolset is enabled. Throws a ToolDefinitionError for a duplicate name or URI, or an undeclared
   * toolset; generates each definition at once.
   */
  registerResources(...resources: (AnyResource<TDeps> | AnyResourceTemplate<TDeps>)[]): this {
    const uris = new Set(
      [...this.#resources.values()].map((r) =>
        r instanceof BaseResource ? r.metadata.uri : r.metadata.uriTemplate,
      ),
    );
    for (const resource of resources) {
      const { name, toolset } = resource.metadata;
      if (this.#resources.has(name)) {
        throw new ToolDefinitionError({
          toolName: name,
          message: `the resource name "${name}" is registered twice.`,
        });
      }
      const uri = resource instanceof BaseResource ? resource.metadata.uri : resource.metadata.uriTemplate;
      if (uris.has(uri)) {
        throw new ToolDefinitionError({
          toolName: name,
          message: `the URI ${uri} is registered by another resource.`,
        });
      }
      this.#checkToolset(name, toolset);
      if (!(resource instanceof BaseResource)) resource.getParamsSchema(); // fail fast
      resource.getDefinition();
      uris.add(uri);
      this.#resources.set(name, resource);
    }
    return this;
  }

  /** Adds prompts (`prompts/list`, `prompts/get`), served when their toolset is enabled. */
  registerPrompts(...prompts: AnyPrompt<TDeps>[]): this {
    for (const prompt of prompts) {
      const { name, toolset } = prompt.metadata;
      if (this.#prompts.has(name)) {
        throw new ToolDefinitionError({
          toolName: name,
          message: `the prompt name "${name}" is registered twice.`,
        });
      }
      this.#checkToolset(name, toolset);
      prompt.getDefinition(); // fail fast on arguments that are not strings
      this.#prompts.set(name, prompt);
    }
    return this;
  }

  #checkToolset(name: string, toolset: string): void {
    if (this.#toolsets.has(toolset)) return;
    if (this.#declared) {
      throw new ToolDefinitionError({
        toolName: name,
        message: `unknown toolset "${toolset}". Declared toolsets: ${[...this.#toolsets.keys()].join(', ')}.`,
      });
    }
    this.#toolsets.set(toolset, { id: toolset, description: `${toolset} tools`, default: true });
  }

  /** Resources, resource templates and prompts of the given toolsets, by name. */
  context(toolsets: ReadonlySet<string>): SelectedContext<TDeps> {
    const inToolsets = <T extends { metadata: { toolset: string; name: string } }>(items: Iterable<T>) =>
      [...items]
        .filter((item) => toolsets.has(item.metadata.toolset))
        .sort((a, b) => compareNames(a.metadata.name, b.metadata.name));
    const resources = inToolsets(this.#resources.values());
    return {
      resources: resources.filter((r): r is AnyResource<TDeps> => r instanceof BaseResource),
      resourceTemplates: resources.filter(
        (r): r is AnyResourceTemplate<TDeps> => !(r instanceof BaseResource),
      ),
      prompts: inToolsets(this.#prompts.values()),
    };
  }

  /**
   * Announces that the resource at `uri` changed (e.g. from a webhook route): every serving
   * factory of this registry tells the clients subscribed to it (`notifications/resources/updated`).
   */
  resourceUpdated(uri: string): void {
    for (const listener of this.#updateListeners) listener(uri);
  }

  /** Called by each {@link resourceUpdated}; returns the function that stops listening. */
  onResourceUpdated(listener: (uri: string) => void): () => void {
    this.#updateListeners.add(listener);
    return () => this.#updateListeners.delete(listener);
  }

  /** A tool by name or deprecated alias. */
  get(name: string): AnyTool<TDeps> | undefined {
    return this.#tools.get(name) ?? this.#tools.get(this.#aliases.get(name) ?? '');
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  get size(): number {
    return this.#tools.size;
  }

  /** All tools, critical first, then by name. */
  list(): AnyTool<TDeps>[] {
    // Each tool's metadata read once, not in every comparison.
    this.#sorted ??= [...this.#tools.values()]
      .map((tool) => ({ tool, order: PRIORITY_ORDER[tool.metadata.priority ?? 'normal'], name: tool.name }))
      .sort((a, b) => a.order - b.order || compareNames(a.name, b.name))
      .map(({ tool }) => tool);
    return [...this.#sorted];
  }

  toolsets(): Toolset[] {
    return [...this.#toolsets.values()];
  }

  /** Applies a selection (read-only → toolsets → include → exclude); see tool-selection.ts. */
  select(selection: ToolSelection = {}): SelectedTools<TDeps> {
    const { readOnly = false, toolsets = null, tools = null, exclude = null } = selection;
    const key = JSON.stringify([readOnly, toolsets, tools, exclude]);
    let selected = this.#selections.get(key);
    if (selected === undefined) {
      selected = selectTools(this.list(), this.toolsets(), selection, (name) => this.get(name));
      this.#selections.set(key, selected);
    }
    return selected;
  }
}
