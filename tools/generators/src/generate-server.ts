/**
 * `generate server`: a runnable MCP server app under `apps/<name>/` with one example read tool.
 */
import { resolve } from 'node:path';
import { writePlan, type PlannedFile, type WrittenFile } from './file-plan.ts';
import { formatPlan } from './format.ts';
import { assertServerName, envPrefix, normalizePrefix, titleCase, toolNames } from './names.ts';
import { toolContext, toolFiles } from './generate-tool.ts';
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
  return {
    name: options.name,
    packageName: `@toolsmith/${options.name}-mcp`,
    binName: `${options.name}-mcp`,
    title,
    description: options.description?.trim() || `MCP server for ${title}.`,
    envPrefix: envPrefix(options.name),
    toolPrefix,
    versions: options.versions,
    exampleTool: toolContext(names, EXAMPLE_TOOL.area, false),
  };
}

/** Every file of a new server, relative to the workspace root. */
export function serverPlan(ctx: ServerTemplateContext): PlannedFile[] {
  const files: [string, string][] = [
    ['package.json', appPackageJson(ctx)],
    ['README.md', readmeSource(ctx)],
    ['tsconfig.json', tsconfigJson()],
    ['tsconfig.lib.json', tsconfigLibJson()],
    ['tsconfig.spec.json', tsconfigSpecJson()],
    ['jest.config.js', jestConfig(ctx)],
    ['eslint.config.js', eslintConfig()],
    ['src/config.ts', configSource(ctx)],
    ['src/deps.ts', depsSource(ctx)],
    ['src/server.ts', serverSource(ctx)],
    ['src/main.ts', mainSource(ctx)],
    ['src/cli.ts', cliSource()],
    ['src/server.test.ts', serverTestSource(ctx)],
    ['src/__fixtures__/test-context.ts', testContextSource(ctx)],
    ['src/tools/index.ts', toolsIndexSource(ctx)],
    ...toolFiles(ctx.exampleTool).map((f): [string, string] => [`src/tools/${f.path}`, f.content]),
  ];
  return files.map(([path, content]) => ({
    path: `apps/${ctx.name}/${path}`,
    content,
    action: 'create',
    ...(path === 'src/main.ts' ? { executable: true } : {}),
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
