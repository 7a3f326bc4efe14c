/**
 * The public surface of every publishable package (issue 24): for each `exports` entry, the names its
 * source module exports, read with the TypeScript compiler (no module is run, so bins stay quiet), each
 * marked `value` (exists at run time) or `type` (erased at build). public-surface.test.ts pins the list.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { publishableDirs, SOURCE_CONDITION, type PackageJson } from './pack.ts';
import { readJson, ROOT } from './workspace.ts';

/** Package name → export subpath (`.`, `./mcp`) → sorted `value name` / `type Name` lines. */
export type PublicSurface = Record<string, Record<string, string[]>>;

/** The `@toolsmith/source` target of each `exports` subpath, `./package.json` left out. */
export function sourceEntries(pkg: PackageJson): [subpath: string, source: string][] {
  const exports = (pkg.exports ?? {}) as Record<string, unknown>;
  return Object.entries(exports).flatMap(([subpath, target]) => {
    if (subpath === './package.json') return [];
    const source =
      target && typeof target === 'object'
        ? (target as Record<string, unknown>)[SOURCE_CONDITION]
        : undefined;
    if (typeof source !== 'string')
      throw new Error(
        `${pkg.name}: exports["${subpath}"] has no "${SOURCE_CONDITION}" condition; add one that points at ` +
          'its src/ entry file (docs/adr/0001), so the public surface can be read from the source.',
      );
    return [[subpath, source]];
  });
}

/** True when the name reaches the module only through `export type` / `import type` somewhere on the way. */
function typeOnlyAlias(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  for (let current: ts.Symbol | undefined = symbol; current && current.flags & ts.SymbolFlags.Alias;) {
    for (const declaration of current.declarations ?? []) {
      if (ts.isTypeOnlyImportOrExportDeclaration(declaration)) return true;
      if (ts.isExportSpecifier(declaration) && declaration.parent.parent.isTypeOnly) return true;
    }
    const next = checker.getImmediateAliasedSymbol(current);
    if (next === current) break;
    current = next;
  }
  return false;
}

function exportLine(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const value = target.flags & ts.SymbolFlags.Value && !typeOnlyAlias(checker, symbol);
  return `${value ? 'value' : 'type'} ${symbol.name}`;
}

const byName = (a: string, b: string) => {
  const [nameA, nameB] = [a.slice(a.indexOf(' ') + 1), b.slice(b.indexOf(' ') + 1)];
  return nameA < nameB ? -1 : nameA > nameB ? 1 : a < b ? -1 : 1;
};

/** tsconfig.base.json's options (the `@toolsmith/source` condition among them), converted from JSON. */
function compilerOptions(): ts.CompilerOptions {
  const json = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), ts.sys.readFile).config as {
    compilerOptions: unknown;
  };
  return ts.convertCompilerOptionsFromJson(json.compilerOptions, ROOT).options;
}

/** The surface of every publishable package, as the compiler sees its sources. */
export function publicSurface(): PublicSurface {
  const packages = publishableDirs().map((dir) => {
    const pkg = readJson<PackageJson>(`${dir}/package.json`);
    return {
      pkg,
      entries: sourceEntries(pkg).map(([subpath, source]) => [subpath, join(ROOT, dir, source)]),
    };
  });
  const program = ts.createProgram({
    rootNames: packages.flatMap(({ entries }) => entries.map(([, file]) => file!)),
    options: { ...compilerOptions(), noEmit: true, composite: false },
  });
  const checker = program.getTypeChecker();
  const surface: PublicSurface = {};
  for (const { pkg, entries } of packages.sort((a, b) => (a.pkg.name < b.pkg.name ? -1 : 1))) {
    surface[pkg.name] = {};
    for (const [subpath, file] of entries) {
      const source = program.getSourceFile(file!);
      const module = source && checker.getSymbolAtLocation(source);
      if (!module)
        throw new Error(
          `${pkg.name}: exports["${subpath}"] points at ${file}, which is not a module the compiler can read.`,
        );
      surface[pkg.name]![subpath!] = checker
        .getExportsOfModule(module)
        .map((symbol) => exportLine(checker, symbol))
        .sort(byName);
    }
  }
  return surface;
}

/** A name a package's public declarations use but no entry of the package exports. */
export interface ForgottenExport {
  /** The package and the declaration's name, e.g. `@toolsmith/core: ToolMetadata`. */
  name: string;
  /** The exported names whose declarations use it. */
  usedBy: string[];
}

const isPrivate = (node: ts.Node) =>
  (ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) ||
  ((ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node)) && ts.isPrivateIdentifier(node.name)) ||
  ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'internal');

/**
 * The "forgotten exports" (api-extractor's ae-forgotten-export): types that a published declaration's
 * signature names — a parameter, a return type, a property, a base class, a type argument — which
 * the package declares but exports from no entry, so a user can use the function and cannot name what
 * it takes. Bodies, private and `@internal` members are not signatures; a `const` without a type
 * annotation is read from its annotation only (its inferred type is not walked).
 */
export function forgottenExports(): ForgottenExport[] {
  const packages = publishableDirs().map((dir) => {
    const pkg = readJson<PackageJson>(`${dir}/package.json`);
    return {
      pkg,
      src: join(ROOT, dir, 'src') + '/',
      entries: sourceEntries(pkg).map(([, source]) => join(ROOT, dir, source)),
    };
  });
  const program = ts.createProgram({
    rootNames: packages.flatMap(({ entries }) => entries),
    options: { ...compilerOptions(), noEmit: true, composite: false },
  });
  const checker = program.getTypeChecker();
  const resolve = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const found = new Map<string, Set<string>>();
  for (const { pkg, src, entries } of packages) {
    const exported = new Map<ts.Symbol, string>();
    for (const file of entries) {
      const source = program.getSourceFile(file);
      const module = source && checker.getSymbolAtLocation(source);
      for (const symbol of module ? checker.getExportsOfModule(module) : [])
        exported.set(resolve(symbol), symbol.name);
    }
    const ownDeclaration = (symbol: ts.Symbol) =>
      (symbol.declarations ?? []).some((d) => {
        const file = d.getSourceFile().fileName;
        return file.startsWith(src) && !/\.test\.ts$|__fixtures__/.test(file);
      });
    for (const [symbol, exportName] of exported) {
      const visit = (node: ts.Node): void => {
        if (ts.isBlock(node) || isPrivate(node)) return;
        if (ts.isVariableDeclaration(node) && node.initializer && !node.type) return;
        if (ts.isPropertyDeclaration(node) && node.initializer && !node.type) return;
        const named = ts.isTypeReferenceNode(node)
          ? node.typeName
          : ts.isExpressionWithTypeArguments(node)
            ? node.expression
            : ts.isTypeQueryNode(node)
              ? node.exprName
              : undefined;
        if (named) {
          const referenced = checker.getSymbolAtLocation(named);
          const target = referenced && resolve(referenced);
          if (
            target &&
            !(target.flags & ts.SymbolFlags.TypeParameter) &&
            !exported.has(target) &&
            ownDeclaration(target)
          ) {
            const key = `${pkg.name}: ${target.name}`;
            if (!found.has(key)) found.set(key, new Set());
            found.get(key)!.add(exportName);
          }
        }
        ts.forEachChild(node, visit);
      };
      for (const declaration of symbol.declarations ?? []) visit(declaration);
    }
  }
  return [...found]
    .map(([name, usedBy]) => ({ name, usedBy: [...usedBy].sort() }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}
