/**
 * What the templates are filled with. The generators derive these values (names, versions, flags);
 * templates only print them.
 */
import type { ToolNames } from './names.ts';

/** Versions written into a generated package.json, read from the workspace's own packages. */
export interface WorkspaceVersions {
  readonly core: string;
  readonly testing: string;
  /** `@toolsmith/bundle`, the workspace's bin bundler (a dev dependency of every server app). */
  readonly bundle: string;
  readonly zod: string;
}

export interface ServerTemplateContext {
  /** `yandex-tracker` (directory `apps/yandex-tracker`). */
  readonly name: string;
  /** `@toolsmith/yandex-tracker-mcp`. */
  readonly packageName: string;
  /** `yandex-tracker-mcp`: the bin and the MCP server name. */
  readonly binName: string;
  /** `Yandex Tracker`. */
  readonly title: string;
  readonly description: string;
  /** Environment variable prefix: `YANDEX_TRACKER`. */
  readonly envPrefix: string;
  /** snake_case tool-name prefix, or undefined for unprefixed names. */
  readonly toolPrefix: string | undefined;
  /** `acme`: the stem of src/tools/<stem>-context.ts and src/tools/shared/<stem>-tool.ts. */
  readonly stem: string;
  /** `Acme`: the stem in type names (`AcmeDeps`, `AcmeCtx`, `AcmeTool`). */
  readonly pascal: string;
  /** `AcmeDeps`. */
  readonly depsType: string;
  readonly versions: WorkspaceVersions;
  /** The example read tool the server is generated with. */
  readonly exampleTool: ToolTemplateContext;
}

export interface ToolTemplateContext {
  readonly names: ToolNames;
  /** `GetIssueTool`. */
  readonly className: string;
  /** `GetIssueParams` (the lazy schema, `lazySchema(() => z.object({…}))`). */
  readonly paramsName: string;
  /** `GetIssueResult` (the DTO the tool returns). */
  readonly resultType: string;
  /** The server's parts the tool is written against (src/tools/shared/<stem>-tool.ts, …). */
  readonly server: {
    /** `ClickUpTool`: the class the tool extends. */
    readonly baseTool: string;
    /** `ClickUpCtx`: the type of execute()'s ctx. */
    readonly ctxType: string;
    /** `clickup`: the stem of src/tools/<stem>-context.ts and src/tools/shared/<stem>-tool.ts. */
    readonly stem: string;
  };
  /** Folder under src/tools/: `work-items`. */
  readonly areaDir: string;
  /** Metadata category and toolset id: `work_items`. */
  readonly category: string;
  /** What the tool returns and when to use it (no `[Category/Action]` prefix: ADR 0016). */
  readonly description: string;
  readonly write: boolean;
  readonly tags: readonly string[];
}

/** A TypeScript single-quoted string literal (prettier style). */
export function tsString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/** Pretty JSON with a final newline, as every generated JSON file is written. */
export function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The example records a generated tool serves until it is wired to a real API. */
export interface ExampleItem {
  readonly id: string;
  readonly name: string;
}

export function exampleItems(tool: ToolTemplateContext): [ExampleItem, ExampleItem] {
  return [
    { id: 'example-1', name: `First ${tool.names.noun}` },
    { id: 'example-2', name: `Second ${tool.names.noun}` },
  ];
}

/** An example record as a TypeScript object literal. */
export function itemLiteral(item: ExampleItem): string {
  return `{ id: ${tsString(item.id)}, name: ${tsString(item.name)} }`;
}
