/**
 * `generate tool`: a tool and its test at `src/tools/<area>/<verb-noun>.tool.ts` (and
 * `.tool.test.ts` beside it) in any server with the layout of server-layout.ts, on that server's
 * base class and context type, registered in its area's `index.ts` (a new area: its list added to
 * the composition file `src/tools/index.ts`, and its toolset to `TOOLSETS` there).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { writePlan, type PlannedFile, type WrittenFile } from './file-plan.ts';
import { formatPlan } from './format.ts';
import { GeneratorError } from './generator-error.ts';
import {
  assertAreaName,
  kebabCase,
  pascalCase,
  snakeCase,
  toolNames,
  toolsetDescription,
  words,
  type ToolNames,
} from './names.ts';
import { hasServerLayout, layoutPath, readServerParts } from './server-layout.ts';
import {
  addToolset,
  addToolToIndex,
  readListFunction,
  readToolNames,
  relativeImportNames,
} from './source-edits.ts';
import type { ToolTemplateContext } from './template-context.ts';
import { areaIndexSource } from './templates/area-index.ts';
import { toolTestSource } from './templates/tool-test.ts';
import { toolSource } from './templates/tool.ts';
import { defaultWorkspaceRoot } from './workspace.ts';

/** The template values of a tool. */
export function toolContext(
  names: ToolNames,
  area: string,
  write: boolean,
  server: ToolTemplateContext['server'],
  description?: string,
): ToolTemplateContext {
  return {
    names,
    className: `${names.pascal}Tool`,
    paramsName: `${names.pascal}Params`,
    resultType: `${names.pascal}Result`,
    server,
    areaDir: kebabCase(area),
    category: snakeCase(area),
    description: description?.trim() || `${names.title} by id. Returns its id and name.`,
    write,
    tags: [...new Set([...words(area), ...words(names.fileName)])],
  };
}

/** The two files of a tool, relative to its project. */
export function toolFiles(tool: ToolTemplateContext): { path: string; content: string }[] {
  const values = { area: tool.areaDir, file: tool.names.fileName };
  return [
    { path: layoutPath('tool', values), content: toolSource(tool) },
    { path: layoutPath('toolTest', values), content: toolTestSource(tool) },
  ];
}

/**
 * The name of a new area's list function, following the composition file's own naming: Tracker's
 * `createIssueTools` style when its area lists start with `create`, else ClickUp's `tagTools`.
 */
export function areaListName(area: string, compositionSource: string): string {
  const pascal = pascalCase(area);
  const names = relativeImportNames(compositionSource);
  return names.some((n) => /^create[A-Z]\w*Tools$/.test(n))
    ? `create${pascal}Tools`
    : `${pascal[0]!.toLowerCase()}${pascal.slice(1)}Tools`;
}

export interface GenerateToolOptions {
  /** Workspace root the project path is relative to. */
  readonly root: string;
  /** `get-issue` or `get_issue`, without the server's prefix. */
  readonly name: string;
  /** A server's folder, relative to the root: `apps/clickup`, `tools/example-server`. */
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
  const parts = readServerParts(projectDir, project);

  const names = toolNames(options.name, parts.toolPrefix, options.area);
  const server = { baseTool: parts.baseTool, ctxType: parts.ctxType, stem: parts.stem };
  const tool = toolContext(names, options.area, options.write ?? false, server, options.description);
  const plan: PlannedFile[] = toolFiles(tool).map((f) => ({
    path: `${project}/${f.path}`,
    content: f.content,
    action: 'create',
  }));
  const toolFile = `${project}/${layoutPath('tool', { area: tool.areaDir, file: names.fileName })}`;
  assertNameIsFree(root, projectDir, names.toolName, parts.toolPrefix, toolFile, options.force ?? false);

  // Registration: the area's list, or a new area's list added to the composition file.
  const compositionPath = `${project}/${layoutPath('composition')}`;
  let composition = readFileSync(join(root, compositionPath), 'utf8');
  const areaPath = `${project}/${layoutPath('area', { area: tool.areaDir })}`;
  const toolImport = { className: tool.className, importPath: `./${names.fileName}.tool.ts` };
  if (existsSync(join(root, areaPath))) {
    const area = readFileSync(join(root, areaPath), 'utf8');
    const edited = addToolToIndex(area, { ...toolImport, functionName: readListFunction(area) }, areaPath);
    plan.push({ path: areaPath, content: edited.source, action: 'update' });
  } else {
    const listName = areaListName(tool.areaDir, composition);
    plan.push({
      path: areaPath,
      content: areaIndexSource({ area: tool.areaDir, listName, depsType: parts.depsType, tools: [tool] }),
      action: 'create',
    });
    composition = addToolToIndex(
      composition,
      {
        className: listName,
        importPath: `./${tool.areaDir}/index.ts`,
        element: `...${listName}()`,
        functionName: 'createTools',
      },
      compositionPath,
    ).source;
  }
  composition = addToolset(composition, {
    id: tool.category,
    description: toolsetDescription(tool.areaDir),
  }).source;
  if (composition !== readFileSync(join(root, compositionPath), 'utf8'))
    plan.push({ path: compositionPath, content: composition, action: 'update' });

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
  if (!existsSync(join(dir, 'package.json'))) {
    throw GeneratorError.usage({
      subject: '--project',
      problem: `"${project}" is not a project (it has no package.json).`,
      howToFix: `Pass a server's folder.${knownProjects(root)}`,
    });
  }
  return dir;
}

/** " Projects that can take tools: apps/a, apps/b." (or nothing). */
function knownProjects(root: string): string {
  const found: string[] = [];
  for (const parent of ['apps', 'packages', 'tools']) {
    const dir = join(root, parent);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && hasServerLayout(join(dir, entry.name))) {
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
  prefix: string | undefined,
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
    if (readToolNames(readFileSync(join(src, entry), 'utf8'), prefix).includes(toolName)) {
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
