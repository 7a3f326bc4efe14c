/**
 * The one builder that decides which registered tools a server exposes. Filter order:
 *
 * 1. **Read-only mode** (`readOnly`): tools not annotated `readOnlyHint: true` are removed. This wins
 *    over everything below — an explicitly listed write tool stays disabled.
 * 2. **Toolsets** (`toolsets`): tools of the enabled toolsets are kept. Without `toolsets`, the default
 *    toolsets are enabled — unless `tools` is given, in which case no toolset is enabled implicitly.
 *    `'all'` enables every toolset, `'default'` the default ones (`default,time` adds one to them).
 * 3. **Include list** (`tools`): these tools are added even when their toolset is not enabled.
 * 4. **Exclude list** (`exclude`): these tools are removed.
 *
 * Unknown toolset or tool names are configuration errors that list the valid names.
 */
import { ConfigError, type ConfigProblem } from '../errors/config-error.ts';
import { closestMatches } from '../util/closest-match.ts';
import { toolsetOf } from '../tool/tool-metadata.ts';
import type { AnyTool } from '../tool/base-tool.ts';
import type { Toolset } from './toolset.ts';

export interface ToolSelection {
  readOnly?: boolean;
  /** Toolset ids to enable; `'all'` enables every toolset, `'default'` the default ones. */
  toolsets?: readonly string[];
  /** Tool names to add regardless of toolsets. */
  tools?: readonly string[];
  /** Tool names to remove. */
  exclude?: readonly string[];
}

export interface SelectedTools<TDeps = unknown> {
  /** Enabled tools in `tools/list` order. */
  readonly tools: readonly AnyTool<TDeps>[];
  /** The toolsets enabled (their resources and prompts are served). */
  readonly toolsets: ReadonlySet<string>;
  /** Enabled tool by name (or deprecated alias). */
  get(name: string): AnyTool<TDeps> | undefined;
  /** Why a registered tool is not enabled, written as an instruction; undefined when enabled or unknown. */
  disabledReason(name: string): string | undefined;
}

export function selectTools<TDeps>(
  all: readonly AnyTool<TDeps>[],
  toolsets: readonly Toolset[],
  selection: ToolSelection,
  resolve: (name: string) => AnyTool<TDeps> | undefined,
): SelectedTools<TDeps> {
  const problems: ConfigProblem[] = [];
  const toolsetIds = toolsets.map((t) => t.id);
  const requestedToolsets = selection.toolsets ?? [];
  for (const id of requestedToolsets) {
    if (id !== 'all' && id !== 'default' && !toolsetIds.includes(id)) {
      const near = closestMatches(id, toolsetIds);
      problems.push({
        variable: 'toolsets',
        problem: `unknown toolset "${id}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''}`,
        howToFix: `Valid toolsets: ${toolsetIds.join(', ')}, "default" or "all".`,
      });
    }
  }
  const allNames = all.map((t) => t.name);
  for (const [key, names] of [
    ['tools', selection.tools],
    ['exclude', selection.exclude],
  ] as const) {
    for (const name of names ?? []) {
      if (!resolve(name)) {
        const near = closestMatches(name, allNames);
        problems.push({
          variable: key,
          problem: `unknown tool "${name}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''}`,
          howToFix: 'Run with no filters and call tools/list (or search_tools) to see every tool name.',
        });
      }
    }
  }
  if (problems.length > 0) throw new ConfigError({ problems });

  const defaults = toolsets.filter((t) => t.default).map((t) => t.id);
  const enabledToolsets = new Set<string>(
    requestedToolsets.includes('all')
      ? toolsetIds
      : selection.toolsets
        ? requestedToolsets.flatMap((id) => (id === 'default' ? defaults : [id]))
        : selection.tools
          ? []
          : defaults,
  );
  const include = new Set((selection.tools ?? []).map((n) => resolve(n)?.name));
  const exclude = new Set((selection.exclude ?? []).map((n) => resolve(n)?.name));
  const reasons = new Map<string, string>();
  const enabled: AnyTool<TDeps>[] = [];

  for (const tool of all) {
    const { name } = tool;
    const metadata = tool.metadata;
    const toolset = toolsetOf(metadata);
    if (selection.readOnly && metadata.annotations.readOnlyHint !== true) {
      reasons.set(
        name,
        `Tool "${name}" is disabled because the server runs in read-only mode. Restart it without --read-only to allow changes.`,
      );
    } else if (!enabledToolsets.has(toolset) && !include.has(name)) {
      reasons.set(
        name,
        `Tool "${name}" is disabled: its toolset "${toolset}" is not enabled. Restart the server with --toolsets default,${toolset} (or --tools ${name}).`,
      );
    } else if (exclude.has(name)) {
      reasons.set(name, `Tool "${name}" is disabled by the server configuration (excluded).`);
    } else {
      enabled.push(tool);
    }
  }

  const enabledNames = new Set(enabled.map((t) => t.name));
  return {
    tools: enabled,
    toolsets: enabledToolsets,
    get(name) {
      const tool = resolve(name);
      return tool && enabledNames.has(tool.name) ? tool : undefined;
    },
    disabledReason(name) {
      const tool = resolve(name);
      return tool ? reasons.get(tool.name) : undefined;
    },
  };
}
