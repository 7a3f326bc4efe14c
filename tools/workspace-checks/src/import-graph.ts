/**
 * The workspace's import graph, read from the sources with the TypeScript compiler: one arrow per
 * static `import`/`export … from` between two source files, resolved as `tsc` resolves it (relative
 * paths, and `@toolsmith/*` packages to their `src` through the `@toolsmith/source` condition), and
 * the circles in it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { projectDirs, ROOT } from './workspace.ts';

/** A → B: `from` imports `to`; `typeOnly` when every name it takes is a type (erased at build). */
export interface ImportArrow {
  from: string;
  to: string;
  typeOnly: boolean;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'out-tsc', 'coverage', 'tmp']);

/** Every `.ts` file under `dir` (absolute), declaration files and build output left out. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The sources of every workspace project: each `.ts` file under its `src` (tests and fixtures too). */
export function workspaceSources(): string[] {
  return [...projectDirs('packages'), ...projectDirs('apps'), ...projectDirs('tools')]
    .map((dir) => join(ROOT, dir, 'src'))
    .filter((src) => existsSync(src))
    .flatMap(sourceFiles);
}

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  customConditions: ['@toolsmith/source'],
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
};

/** The module names a file imports statically, each with whether it takes types only. */
function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push({ specifier: statement.moduleSpecifier.text, typeOnly: takesTypesOnly(statement) });
    }
  }
  return found;
}

function takesTypesOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return true;
    const clause = statement.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = statement.importClause;
  if (!clause) return false; // `import './x.ts'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/**
 * The arrows between the given source files (absolute paths); an import that resolves outside
 * them (a dependency, a build output, a `.js` file) draws none. Paths in the answer are relative
 * to the workspace root.
 */
export function importArrows(files: readonly string[]): ImportArrow[] {
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(ROOT, (name) => name, compilerOptions);
  const arrows: ImportArrow[] = [];
  for (const file of files) {
    const seen = new Map<string, ImportArrow>();
    for (const { specifier, typeOnly } of importsOf(file)) {
      // Every project is ESM ("type": "module"): its imports resolve as `import`, not `require`.
      const resolved = ts.resolveModuleName(
        specifier,
        file,
        compilerOptions,
        ts.sys,
        cache,
        undefined,
        ts.ModuleKind.ESNext,
      ).resolvedModule?.resolvedFileName;
      if (!resolved || !known.has(resolved) || resolved === file) continue;
      const to = relative(ROOT, resolved);
      const earlier = seen.get(to);
      if (earlier) earlier.typeOnly &&= typeOnly;
      else seen.set(to, { from: relative(ROOT, file), to, typeOnly });
    }
    arrows.push(...seen.values());
  }
  return arrows;
}

/**
 * The circles of a graph: one per group of files that import each other (a strongly connected
 * component, Tarjan), written as the shortest loop through its first file, which closes on it
 * again. A group of more than one loop shows one; break it and the next shows up.
 */
export function importCircles(arrows: readonly ImportArrow[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of arrows) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of [...next.keys()].sort()) if (!index.has(file)) visit(file);
  return groups.map((group) => shortestLoop(group[0]!, new Set(group), next));
}

/** Breadth-first from `start` back to it, inside one group. */
function shortestLoop(start: string, group: Set<string>, next: Map<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const to of next.get(file) ?? []) {
      if (!group.has(to)) continue;
      if (to === start) {
        const loop = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)!) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
