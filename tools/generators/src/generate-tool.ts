/**
 * `generate tool`: a tool's schema, class and test under `src/tools/<area>/<tool-name>/`, registered
 * in `src/tools/index.ts` (and its area's toolset declared in `src/server.ts`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { writePlan, type PlannedFile, type WrittenFile } from './file-plan.ts';
import { formatPlan } from './format.ts';
import { GeneratorError } from './generator-error.ts';
import {
  assertAreaName,
  kebabCase,
  snakeCase,
  titleCase,
  toolNames,
  toolsetDescription,
  words,
  type ToolNames,
} from './names.ts';
import { addToolset, addToolToIndex, readToolNames, readToolPrefix } from './source-edits.ts';
import type { ToolTemplateContext } from './template-context.ts';
import { toolSchemaSource } from './templates/tool-schema.ts';
import { toolTestSource } from './templates/tool-test.ts';
import { toolSource } from './templates/tool.ts';
import { defaultWorkspaceRoot } from './workspace.ts';

/** Files a project needs before tools can be generated into it (relative to the project). */
export const TOOL_PROJECT_FILES = [
  'src/tools/index.ts',
  'src/deps.ts',
  'src/__fixtures__/test-context.ts',
] as const;

/** The template values of a tool. */
export function toolContext(
  names: ToolNames,
  area: string,
  write: boolean,
  description?: string,
): ToolTemplateContext {
  const areaDir = kebabCase(area);
  const label = `[${titleCase(area)}/${write ? 'Write' : 'Read'}]`;
  const text = description?.trim() || `${names.title} by id. Returns its id and name.`;
  return {
    names,
    className: `${names.pascal}Tool`,
    paramsName: `${names.pascal}Params`,
    inputType: `${names.pascal}Input`,
    resultType: `${names.pascal}Result`,
    areaDir,
    category: snakeCase(area),
    description: /^\[[^\]/]+\/[^\]]+\] /.test(text) ? text : `${label} ${text}`,
    write,
    tags: [...new Set([...words(area), ...words(names.fileName)])],
  };
}

/** The three files of a tool, relative to its project's `src/tools/`. */
export function toolFiles(tool: ToolTemplateContext): { path: string; content: string }[] {
  const dir = `${tool.areaDir}/${tool.names.fileName}`;
  return [
    { path: `${dir}/${tool.names.fileName}.schema.ts`, content: toolSchemaSource(tool) },
    { path: `${dir}/${tool.names.fileName}.tool.ts`, content: toolSource(tool) },
    { path: `${dir}/${tool.names.fileName}.tool.test.ts`, content: toolTestSource(tool) },
  ];
}

export interface GenerateToolOptions {
  /** Workspace root the project path is relative to. */
  readonly root: string;
  /** `get-issue` or `get_issue`, without the server's prefix. */
  readonly name: string;
  /** `apps/<name>` (or a package with the same layout). */
  readonly project: string;
  readonly area: string;
  readonly write?: boolean;
  readonly description?: string;
  readonly force?: boolean;
  /** The generator's own checkout (prettier configuration fallback). */
  readonly workspaceRoot?: string;
}

export interface GenerateToolResult {
  readonly tool: ToolTemplateContext;
  /** Project directory relative to the root. */
  readonly project: string;
  readonly packageName: string;
  readonly written: readonly WrittenFile[];
}

/** Checks the project, plans every file and edit, then writes (nothing is written on an error). */
export async function generateTool(options: GenerateToolOptions): Promise<GenerateToolResult> {
  const root = resolve(options.root);
  const projectDir = resolveProject(root, options.project);
  const project = relative(root, projectDir).split(sep).join('/');
  assertAreaName(options.area);

  const serverPath = join(projectDir, 'src/server.ts');
  const serverSource = existsSync(serverPath) ? readFileSync(serverPath, 'utf8') : undefined;
  const prefix = serverSource === undefined ? undefined : readToolPrefix(serverSource);
  const names = toolNames(options.name, prefix, options.area);
  const tool = toolContext(names, options.area, options.write ?? false, options.description);
  const files = toolFiles(tool).map((f) => ({ ...f, path: `${project}/src/tools/${f.path}` }));

  const toolFile = `${project}/src/tools/${tool.areaDir}/${names.fileName}/${names.fileName}.tool.ts`;
  assertNameIsFree(root, projectDir, names.toolName, toolFile, options.force ?? false);

  const indexPath = `${project}/src/tools/index.ts`;
  const index = addToolToIndex(
    readFileSync(join(root, indexPath), 'utf8'),
    {
      className: tool.className,
      importPath: `./${tool.areaDir}/${names.fileName}/${names.fileName}.tool.ts`,
    },
    indexPath,
  );
  const plan: PlannedFile[] = files.map((f) => ({ ...f, action: 'create' }));
  plan.push({ path: indexPath, content: index.source, action: 'update' });
  if (serverSource !== undefined) {
    const server = addToolset(serverSource, {
      id: tool.category,
      description: toolsetDescription(tool.areaDir),
    });
    if (server.changed)
      plan.push({ path: `${project}/src/server.ts`, content: server.source, action: 'update' });
  }
  const formatted = await formatPlan(root, plan, options.workspaceRoot ?? defaultWorkspaceRoot());
  const written = writePlan(root, formatted, { force: options.force ?? false });
  return { tool, project, packageName: readPackageName(projectDir), written };
}

function resolveProject(root: string, project: string): string {
  const dir = resolve(root, project);
  const inside = relative(root, dir);
  if (inside === '' || inside.startsWith('..')) {
    throw GeneratorError.usage({
      subject: '--project',
      problem: `"${project}" is not a project inside ${root}.`,
      howToFix: `Pass a path relative to the workspace root, e.g. --project apps/<name>.${knownProjects(root)}`,
    });
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw GeneratorError.usage({
      subject: '--project',
      problem: `"${project}" does not exist.`,
      howToFix: `Create a server with \`npm run generate -- server <name>\`, or pass an existing one.${knownProjects(root)}`,
    });
  }
  const missing = TOOL_PROJECT_FILES.filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0 || !existsSync(join(dir, 'package.json'))) {
    throw GeneratorError.usage({
      subject: '--project',
      problem: `"${project}" does not have the layout tools are generated into (missing: ${[...(existsSync(join(dir, 'package.json')) ? [] : ['package.json']), ...missing].join(', ')}).`,
      howToFix: `Generate tools into a server app made by \`npm run generate -- server <name>\` (see docs/writing-a-tool.md).${knownProjects(root)}`,
    });
  }
  return dir;
}

/** " Projects that can take tools: apps/a, apps/b." (or nothing). */
function knownProjects(root: string): string {
  const found: string[] = [];
  for (const parent of ['apps', 'packages']) {
    const dir = join(root, parent);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && TOOL_PROJECT_FILES.every((f) => existsSync(join(dir, entry.name, f)))) {
        found.push(`${parent}/${entry.name}`);
      }
    }
  }
  return found.length > 0 ? ` Projects that can take tools: ${found.sort().join(', ')}.` : '';
}

/** Refuses a tool name (or alias) another `*.tool.ts` of the project already declares. */
function assertNameIsFree(
  root: string,
  projectDir: string,
  toolName: string,
  toolFile: string,
  force: boolean,
): void {
  const src = join(projectDir, 'src');
  const entries = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.tool.ts'),
  );
  for (const entry of entries) {
    const path = relative(root, join(src, entry)).split(sep).join('/');
    if (path === toolFile && force) continue;
    if (readToolNames(readFileSync(join(src, entry), 'utf8')).includes(toolName)) {
      throw GeneratorError.conflict({
        subject: toolName,
        problem: `is already declared by ${path}.`,
        howToFix:
          path === toolFile
            ? 'Pass --force to generate it again (its files are overwritten), or choose another name.'
            : 'Tool names must be unique in a server: choose another name, or edit that tool.',
      });
    }
  }
}

function readPackageName(projectDir: string): string {
  const parsed = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as { name?: string };
  return parsed.name ?? relative(resolve(projectDir, '..', '..'), projectDir);
}
