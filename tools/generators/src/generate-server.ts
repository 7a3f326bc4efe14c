/**
 * `generate server`: a runnable MCP server app under `apps/<name>/`, in the layout every toolsmith
 * server has (server-layout.ts), with one example read tool.
 */
import { resolve } from 'node:path';
import { writePlan, type PlannedFile, type WrittenFile } from './file-plan.ts';
import { formatPlan } from './format.ts';
import {
  assertServerName,
  envPrefix,
  kebabCase,
  normalizePrefix,
  pascalCase,
  titleCase,
  toolNames,
} from './names.ts';
import { layoutPath } from './server-layout.ts';
import { toolContext, toolFiles } from './generate-tool.ts';
import { areaIndexSource } from './templates/area-index.ts';
import { baseToolSource } from './templates/base-tool.ts';
import { toolContextSource } from './templates/tool-context.ts';
import { toolPrefixSource } from './templates/tool-prefix.ts';
import type { ServerTemplateContext, WorkspaceVersions } from './template-context.ts';
import { appPackageJson } from './templates/app-package-json.ts';
import { configSource } from './templates/config.ts';
import { depsSource } from './templates/deps.ts';
import { eslintConfig } from './templates/eslint-config.ts';
import { jestConfig } from './templates/jest-config.ts';
import { cliSource, mainSource } from './templates/main.ts';
import { readmeSource } from './templates/readme.ts';
import { serverTestSource } from './templates/server-test.ts';
import { serverSource } from './templates/server.ts';
import { testContextSource } from './templates/test-context.ts';
import { toolsIndexSource } from './templates/tools-index.ts';
import { tsconfigJson } from './templates/tsconfig-json.ts';
import { tsconfigLibJson } from './templates/tsconfig-lib-json.ts';
import { tsconfigSpecJson } from './templates/tsconfig-spec-json.ts';
import { defaultWorkspaceRoot } from './workspace.ts';

/** The example tool every new server starts with. */
export const EXAMPLE_TOOL = { name: 'get-example', area: 'examples' } as const;

export interface GenerateServerOptions {
  /** Workspace root: the app goes to `<root>/apps/<name>`. */
  readonly root: string;
  readonly name: string;
  readonly description?: string;
  /** Tool-name prefix (`tracker` → `tracker_get_issue`). */
  readonly prefix?: string;
  readonly force?: boolean;
  readonly versions: WorkspaceVersions;
  /** The generator's own checkout (prettier configuration fallback). */
  readonly workspaceRoot?: string;
}

export interface GenerateServerResult {
  readonly context: ServerTemplateContext;
  /** `apps/<name>`. */
  readonly project: string;
  readonly written: readonly WrittenFile[];
}

export function serverContext(
  options: Pick<GenerateServerOptions, 'name' | 'description' | 'prefix' | 'versions'>,
): ServerTemplateContext {
  assertServerName(options.name);
  const toolPrefix = options.prefix === undefined ? undefined : normalizePrefix(options.prefix);
  const title = titleCase(options.name);
  const names = toolNames(EXAMPLE_TOOL.name, toolPrefix, EXAMPLE_TOOL.area);
  const stem = kebabCase(toolPrefix ?? options.name);
  const pascal = pascalCase(stem);
  const server = { baseTool: `${pascal}Tool`, ctxType: `${pascal}Ctx`, stem };
  return {
    name: options.name,
    packageName: `@toolsmith/${options.name}-mcp`,
    binName: `${options.name}-mcp`,
    title,
    description: options.description?.trim() || `MCP server for ${title}.`,
    envPrefix: envPrefix(options.name),
    toolPrefix,
    stem,
    pascal,
    depsType: `${pascal}Deps`,
    versions: options.versions,
    exampleTool: toolContext(names, EXAMPLE_TOOL.area, false, server),
  };
}

/** Every file of a new server, relative to the workspace root. */
export function serverPlan(ctx: ServerTemplateContext): PlannedFile[] {
  const tool = ctx.exampleTool;
  const listName = `${tool.areaDir.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Tools`;
  const bin = `src/bin/${ctx.binName}.ts`;
  const files: [string, string][] = [
    ['package.json', appPackageJson(ctx)],
    ['README.md', readmeSource(ctx)],
    ['tsconfig.json', tsconfigJson()],
    ['tsconfig.lib.json', tsconfigLibJson()],
    ['tsconfig.spec.json', tsconfigSpecJson()],
    ['jest.config.js', jestConfig(ctx)],
    ['eslint.config.js', eslintConfig()],
    [bin, mainSource(ctx)],
    [layoutPath('cli'), cliSource()],
    [layoutPath('config'), configSource(ctx)],
    [layoutPath('deps'), depsSource(ctx)],
    [layoutPath('toolPrefix'), toolPrefixSource(ctx)],
    [layoutPath('server'), serverSource(ctx)],
    ['src/server.test.ts', serverTestSource(ctx)],
    [layoutPath('composition'), toolsIndexSource(ctx, listName)],
    [layoutPath('context', { stem: ctx.stem }), toolContextSource(ctx)],
    [layoutPath('baseTool', { stem: ctx.stem }), baseToolSource(ctx)],
    [
      layoutPath('area', { area: tool.areaDir }),
      areaIndexSource({ area: tool.areaDir, listName, depsType: ctx.depsType, tools: [tool] }),
    ],
    ...toolFiles(tool).map((f): [string, string] => [f.path, f.content]),
    [layoutPath('testContext'), testContextSource(ctx)],
  ];
  return files.map(([path, content]) => ({
    path: `apps/${ctx.name}/${path}`,
    content,
    action: 'create',
    ...(path === bin ? { executable: true } : {}),
  }));
}

/** Checks the name, plans and formats every file, then writes (nothing is written on an error). */
export async function generateServer(options: GenerateServerOptions): Promise<GenerateServerResult> {
  const context = serverContext(options);
  const root = resolve(options.root);
  const plan = await formatPlan(root, serverPlan(context), options.workspaceRoot ?? defaultWorkspaceRoot());
  const written = writePlan(root, plan, { force: options.force ?? false });
  return { context, project: `apps/${context.name}`, written };
}
