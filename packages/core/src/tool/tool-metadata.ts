/**
 * Static metadata of a tool: everything a client or a registry needs to know about it without
 * running it. Annotations are required by the type, so read-only mode and consent warnings can be
 * derived from data instead of being remembered by hand.
 */
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';

export type ToolPriority = 'critical' | 'high' | 'normal' | 'low';

/** Sort weight of each priority: `tools/list` shows critical tools first. */
export const PRIORITY_ORDER: Readonly<Record<ToolPriority, number>> = {
  critical: 0,
  high: 1,
  normal: 2,
  low: 3,
};

/**
 * MCP tool annotations. `readOnlyHint` is required: every tool states whether it changes anything.
 * The MCP defaults for the others (`destructiveHint: true`, `idempotentHint: false`,
 * `openWorldHint: true`) apply when they are left out.
 */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

export interface ToolMetadata {
  /** Unique tool name; 1–128 characters of `A-Z a-z 0-9 _ - .` (MCP SEP-986). */
  readonly name: string;
  /** Human-readable display name. */
  readonly title?: string;
  /**
   * What the tool does and when to use it, written for a model, e.g. `Get issues by key…`. The name,
   * toolset and annotations already say the area and whether it writes; no need to repeat them.
   */
  readonly description: string;
  /** Top-level grouping, e.g. `issues`. */
  readonly category: string;
  readonly subcategory?: string;
  /** Orders `tools/list` (critical first). @default 'normal' */
  readonly priority?: ToolPriority;
  /** Search keywords for `search_tools`. */
  readonly tags?: readonly string[];
  /** Helper tools (ping, url builders, search) support the main tools rather than doing domain work. */
  readonly isHelper?: boolean;
  /**
   * The tool changes or deletes data the user cares about: the description gains a consent warning
   * and the tool is annotated `destructiveHint: true`.
   */
  readonly requiresExplicitUserConsent?: boolean;
  /** Id of the toolset this tool belongs to (see ToolRegistry). @default category */
  readonly toolset?: string;
  readonly annotations: ToolAnnotations;
  /** Output budget in characters for this tool; overrides the server default. */
  readonly maxOutputChars?: number;
  /** Former names still accepted by `tools/call`, so renames never break users. */
  readonly deprecatedAliases?: readonly string[];
  /**
   * The OAuth scope a token needs to see and call this tool on a server with authentication
   * (`--auth`): `read`, `write`, `admin` or a custom scope token. By default `read` for a tool
   * annotated `readOnlyHint: true` and `write` for every other; `admin` only when set here. A token
   * has exactly the scopes it lists: `write` does not imply `read`, nor `admin` the others. See
   * tool-scope.ts.
   */
  readonly scope?: ToolScope;
  /**
   * What the tool needs of the JavaScript runtime beyond web-standard APIs. A server whose enabled
   * tools need what its runtime lacks refuses to start there, naming the tools (the web-standard
   * handler checks at creation; see mcp/runtime-requirements.ts). A tool can add to it at run time
   * (`BaseTool.requires`): a `KnowledgeTool` with a binding needs `node-addons`.
   */
  readonly requires?: readonly RuntimeRequirement[];
}

/**
 * A capability a tool needs of the runtime: `node-addons`, native addons built against Node's V8
 * (isolated-vm, which the executable-knowledge sandbox runs in): Node only.
 */
export type RuntimeRequirement = 'node-addons';

/** The scopes toolsmith derives (`read`, `write`) or that a tool sets (`admin`, or a custom one). */
export type ToolScope = 'read' | 'write' | 'admin' | (string & {});

/** RFC 6749 `scope-token`: printable ASCII without space, `"` and `\`. */
export const SCOPE_TOKEN_PATTERN = /^[\u0021\u0023-\u005B\u005D-\u007E]+$/;

/** MCP SEP-986 tool-name rule. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

export const CONSENT_WARNING =
  '⚠️ Requires explicit user consent: describe the change to the user and get their confirmation before calling this tool.';

/** Throws a {@link ToolDefinitionError} when `name` breaks the MCP naming rule. */
export function assertValidToolName(name: string): void {
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw new ToolDefinitionError({
      toolName: name,
      message:
        'invalid tool name. Use 1–128 characters from A-Z, a-z, 0-9, "_", "-" and "." (MCP SEP-986), e.g. "get_issue".',
    });
  }
}

/**
 * Builds a prefixed tool name (`buildToolName('get_issue', 'tracker')` → `tracker_get_issue`) and checks it.
 * Separators in the parts are normalised to `_`.
 */
export function buildToolName(name: string, prefix?: string): string {
  const normalise = (part: string) => part.trim().replace(/[\s-]+/g, '_');
  const full = prefix ? `${normalise(prefix)}_${normalise(name)}` : normalise(name);
  assertValidToolName(full);
  return full;
}

/**
 * Identity helper that gives metadata literals their type (annotations required) and checks the
 * name at definition time.
 */
export function defineToolMetadata(metadata: ToolMetadata): ToolMetadata {
  assertValidToolName(metadata.name);
  for (const alias of metadata.deprecatedAliases ?? []) assertValidToolName(alias);
  if (metadata.requiresExplicitUserConsent && metadata.annotations.destructiveHint === false) {
    throw new ToolDefinitionError({
      toolName: metadata.name,
      message:
        'requiresExplicitUserConsent advertises the tool as destructive (destructiveHint: true), which contradicts destructiveHint: false. Remove one of the two.',
    });
  }
  if (metadata.scope !== undefined && !SCOPE_TOKEN_PATTERN.test(metadata.scope)) {
    throw new ToolDefinitionError({
      toolName: metadata.name,
      message: `scope ${JSON.stringify(metadata.scope.slice(0, 60))} is not an OAuth scope token. Use "read", "write", "admin" or one word of printable ASCII without spaces, quotes or backslashes (RFC 6749 section 3.3).`,
    });
  }
  if (metadata.description.trim() === '') {
    throw new ToolDefinitionError({ toolName: metadata.name, message: 'description must not be empty.' });
  }
  return metadata;
}

/** The description as clients see it: with the consent warning when the tool requires consent. */
export function renderDescription(metadata: ToolMetadata): string {
  return metadata.requiresExplicitUserConsent
    ? `${metadata.description}\n\n${CONSENT_WARNING}`
    : metadata.description;
}

/**
 * The annotations as clients see them, in as few tokens as the spec allows without losing anything:
 * `readOnlyHint` always; for a tool that writes, `destructiveHint` always (consent implies `true`) and
 * `idempotentHint` only when `true`; `openWorldHint` only when `false`. Left-out hints take the MCP
 * defaults (`idempotentHint: false`, `openWorldHint: true`), and `destructiveHint`/`idempotentHint`
 * mean nothing on a read-only tool. The display title travels as the definition's top-level `title`.
 */
export function renderAnnotations(metadata: ToolMetadata): ToolAnnotations {
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = metadata.annotations;
  return {
    readOnlyHint,
    ...(readOnlyHint
      ? {}
      : {
          destructiveHint: metadata.requiresExplicitUserConsent ? true : (destructiveHint ?? true),
          ...(idempotentHint ? { idempotentHint: true } : {}),
        }),
    ...(openWorldHint === false ? { openWorldHint: false } : {}),
  };
}

/** The toolset a tool belongs to. */
export function toolsetOf(metadata: ToolMetadata): string {
  return metadata.toolset ?? metadata.category;
}
