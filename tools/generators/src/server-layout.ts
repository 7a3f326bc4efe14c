/**
 * The layout of a toolsmith server: where each of its parts lives, relative to the project. Every
 * server has it — apps/clickup, apps/yandex-tracker, tools/example-server and what
 * `npm run generate -- server` writes — and `npm run generate -- tool` finds what it needs through
 * it, never through a path known for one app. docs/writing-a-server.md shows the same table
 * (server-layout.test.ts checks that the two agree).
 *
 * `<stem>` is the server's short name, the stem of its context and base-class files
 * (`clickup`, `tracker`, `bookshelf`); `<Stem>` its PascalCase spelling in type names.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { GeneratorError } from './generator-error.ts';

/** Every part of a server, in the order docs/writing-a-server.md lists them. */
export const SERVER_LAYOUT = [
  {
    key: 'bin',
    path: 'src/bin/<bin>.ts',
    holds: 'the bin: turns on the compile cache, then imports ../cli.ts',
  },
  { key: 'cli', path: 'src/cli.ts', holds: 'the command line: runServeCli with the registry and createDeps' },
  { key: 'config', path: 'src/config.ts', holds: 'the environment variables, read and checked (loadConfig)' },
  { key: 'deps', path: 'src/deps.ts', holds: 'the deps type (`<Stem>Deps`, what a tool gets as ctx.deps)' },
  { key: 'toolPrefix', path: 'src/tool-prefix.ts', holds: '`TOOL_PREFIX`, the start of every tool name' },
  {
    key: 'server',
    path: 'src/server.ts',
    holds: 'name, version, instructions; createRegistry(), createServer()',
  },
  {
    key: 'composition',
    path: 'src/tools/index.ts',
    holds: 'the composition file: `TOOLSETS` and `createTools()`, every tool in tools/list order',
  },
  {
    key: 'context',
    path: 'src/tools/<stem>-context.ts',
    holds: 'the context type (`<Stem>Ctx`, what execute() gets as ctx); imports only deps.ts',
  },
  {
    key: 'baseTool',
    path: 'src/tools/shared/<stem>-tool.ts',
    holds: 'the base class every tool extends (`<Stem>Tool`)',
  },
  { key: 'shared', path: 'src/tools/shared/', holds: "helpers and parameters several areas' tools share" },
  {
    key: 'area',
    path: 'src/tools/<area>/index.ts',
    holds: "the area's tools, in the order tools/list shows them",
  },
  {
    key: 'tool',
    path: 'src/tools/<area>/<verb-noun>.tool.ts',
    holds: 'one tool: its params (lazySchema), metadata, execute()',
  },
  { key: 'toolTest', path: 'src/tools/<area>/<verb-noun>.tool.test.ts', holds: "the tool's test, beside it" },
  {
    key: 'testContext',
    path: 'src/__fixtures__/test-context.ts',
    holds: '`openTestContext()`: a ctx for tool tests, on the API emulator (or fakes), and its close()',
  },
] as const;

export type LayoutKey = (typeof SERVER_LAYOUT)[number]['key'];

/** A layout path with its placeholders filled in. */
export function layoutPath(
  key: LayoutKey,
  values: { stem?: string; area?: string; file?: string } = {},
): string {
  const entry = SERVER_LAYOUT.find((e) => e.key === key)!;
  return entry.path
    .replace('<stem>', values.stem ?? '<stem>')
    .replace('<area>', values.area ?? '<area>')
    .replace('<verb-noun>', values.file ?? '<verb-noun>');
}

/** What `generate tool` reads from a server, found through the layout. */
export interface ServerParts {
  /** `clickup` (src/tools/clickup-context.ts, src/tools/shared/clickup-tool.ts). */
  readonly stem: string;
  /** `TOOL_PREFIX` of src/tool-prefix.ts; undefined when empty. */
  readonly toolPrefix: string | undefined;
  /** `ClickUpCtx`. */
  readonly ctxType: string;
  /** `ClickUpTool`. */
  readonly baseTool: string;
  /** `ClickUpDeps`. */
  readonly depsType: string;
}

const CONTEXT_FILE = /^([a-z][a-z0-9-]*)-context\.ts$/;

/**
 * Reads a server's parts through the layout. Throws a usage error listing everything that is not
 * where the layout puts it, and how to fix it.
 */
export function readServerParts(projectDir: string, project: string): ServerParts {
  const problems: string[] = [];
  const at = (path: string) => join(projectDir, path);
  for (const key of ['deps', 'toolPrefix', 'server', 'composition', 'testContext'] as const) {
    if (!existsSync(at(layoutPath(key)))) problems.push(`${layoutPath(key)} is missing`);
  }
  const toolsDir = at('src/tools');
  const stems = existsSync(toolsDir)
    ? readdirSync(toolsDir).flatMap((f) => CONTEXT_FILE.exec(f)?.[1] ?? [])
    : [];
  if (stems.length !== 1) {
    problems.push(
      stems.length === 0
        ? `${layoutPath('context')} is missing (one file, e.g. src/tools/acme-context.ts)`
        : `src/tools/ has ${stems.length} context files (${stems.map((s) => `${s}-context.ts`).join(', ')}); the layout has one`,
    );
  }
  const stem = stems.length === 1 ? stems[0]! : undefined;
  const read = (path: string) => (existsSync(at(path)) ? readFileSync(at(path), 'utf8') : undefined);

  let ctxType: string | undefined;
  let baseTool: string | undefined;
  if (stem) {
    const contextPath = layoutPath('context', { stem });
    ctxType = exportedNames(read(contextPath) ?? '').types.find((n) => n.endsWith('Ctx'));
    if (!ctxType) problems.push(`${contextPath} exports no type named <Stem>Ctx`);
    const basePath = layoutPath('baseTool', { stem });
    const baseSource = read(basePath);
    if (baseSource === undefined) problems.push(`${basePath} is missing`);
    else {
      baseTool = exportedNames(baseSource).classes.find((n) => n.endsWith('Tool'));
      if (!baseTool) problems.push(`${basePath} exports no class named <Stem>Tool`);
    }
  }
  const depsSource = read(layoutPath('deps'));
  const depsType =
    depsSource === undefined ? undefined : exportedNames(depsSource).types.find((n) => n.endsWith('Deps'));
  if (depsSource !== undefined && !depsType)
    problems.push(`${layoutPath('deps')} exports no type named <Stem>Deps`);
  const prefixSource = read(layoutPath('toolPrefix'));
  const toolPrefix = prefixSource === undefined ? undefined : readToolPrefix(prefixSource);

  if (problems.length > 0 || !stem || !ctxType || !baseTool || !depsType) {
    throw GeneratorError.usage({
      subject: '--project',
      problem: `"${project}" does not have the server layout tools are generated into: ${problems.join('; ')}.`,
      howToFix:
        'Give it the layout of docs/writing-a-server.md ("The layout"), or generate tools into a server made by `npm run generate -- server <name>`.',
    });
  }
  return { stem, toolPrefix, ctxType, baseTool, depsType };
}

/** Whether a directory looks like a server the generator can add tools to (for hints). */
export function hasServerLayout(projectDir: string): boolean {
  try {
    readServerParts(projectDir, projectDir);
    return true;
  } catch {
    return false;
  }
}

function parse(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The exported type names (interfaces, type aliases) and class names of a module. */
export function exportedNames(source: string): { types: string[]; classes: string[] } {
  const file = parse('x.ts', source);
  const types: string[] = [];
  const classes: string[] = [];
  for (const statement of file.statements) {
    if (!isExported(statement)) continue;
    if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name)
      types.push(statement.name.text);
    if (ts.isClassDeclaration(statement) && statement.name) classes.push(statement.name.text);
  }
  return { types, classes };
}

/** `export const TOOL_PREFIX = 'x'`; undefined when absent or empty. */
export function readToolPrefix(source: string): string | undefined {
  const file = parse('tool-prefix.ts', source);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (declaration.name.getText(file) === 'TOOL_PREFIX' && init && ts.isStringLiteralLike(init))
        return init.text || undefined;
    }
  }
  return undefined;
}
