/**
 * Reads and edits a server's TypeScript sources through the TypeScript parser, not regular
 * expressions, so formatting and comments do not matter: the tool lists of the composition file
 * (`src/tools/index.ts`: `TOOLSETS`, `createTools()`) and of an area (`src/tools/<area>/index.ts`),
 * and the metadata names of `*.tool.ts` files.
 * Every function is pure (source text in, source text out) and leaves untouched text as it was.
 */
import ts from 'typescript';
import { GeneratorError } from './generator-error.ts';
import { tsString } from './template-context.ts';

/** Prettier's print width in this workspace: a single-line list longer than this is broken up. */
const PRINT_WIDTH = 110;

function parse(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function find<T extends ts.Node>(node: ts.Node, test: (n: ts.Node) => n is T): T | undefined {
  if (test(node)) return node;
  return ts.forEachChild(node, (child) => find(child, test));
}

/**
 * Tool names and deprecated aliases declared by `defineToolMetadata({ name })` calls: a string, or
 * `buildToolName('verb_noun', TOOL_PREFIX)` (read with the server's `prefix`).
 */
export function readToolNames(toolSource: string, prefix?: string): string[] {
  const file = parse('x.tool.ts', toolSource);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText(file) === 'defineToolMetadata') {
      const [arg] = node.arguments;
      if (arg && ts.isObjectLiteralExpression(arg)) {
        for (const property of arg.properties) {
          if (!ts.isPropertyAssignment(property)) continue;
          const key = property.name.getText(file);
          const value = property.initializer;
          if (key === 'name' && ts.isStringLiteralLike(value)) names.push(value.text);
          if (
            key === 'name' &&
            ts.isCallExpression(value) &&
            value.expression.getText(file) === 'buildToolName'
          ) {
            const [stem, prefixArg] = value.arguments;
            if (stem && ts.isStringLiteralLike(stem)) {
              const given =
                prefixArg && ts.isStringLiteralLike(prefixArg)
                  ? prefixArg.text
                  : prefixArg
                    ? prefix
                    : undefined;
              names.push(given ? `${given}_${stem.text}` : stem.text);
            }
          }
          if (key === 'deprecatedAliases' && ts.isArrayLiteralExpression(value)) {
            for (const alias of value.elements) if (ts.isStringLiteralLike(alias)) names.push(alias.text);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

export interface ToolRegistration {
  /** `GetIssueTool`. */
  readonly className: string;
  /** Relative to the list's file: `./get-issue.tool.ts`, `./issues/index.ts`. */
  readonly importPath: string;
}

export interface EditResult {
  readonly source: string;
  readonly changed: boolean;
}

/**
 * Adds `import { X } from '…'` and an element (`new X()`, or `...areaTools()` in the composition
 * file) to a tool list: the array returned by the list's exported function — `createTools()` in
 * `src/tools/index.ts`, the one exported function of an area's `index.ts`. The import goes in
 * alphabetical position among the relative imports, the element at the end of the list. Adding the
 * same one again changes nothing; a different one under the same name is refused.
 */
export function addToolToIndex(
  indexSource: string,
  tool: ToolRegistration & { element?: string; functionName?: string },
  indexPath = 'src/tools/index.ts',
): EditResult {
  const file = parse(indexPath, indexSource);
  const list = findToolList(file, tool.functionName);
  if (!list) {
    throw GeneratorError.conflict({
      subject: indexPath,
      problem: `has no tool list: the generator registers tools in the array returned by \`export function ${tool.functionName ?? '<area>Tools'}()\`.`,
      howToFix:
        'Restore that function (see docs/writing-a-server.md, "The layout"), or register the tool by hand.',
    });
  }
  const element = tool.element ?? `new ${tool.className}()`;

  const imports = file.statements.filter(ts.isImportDeclaration);
  const existing = imports.find((i) => importedNames(i).includes(tool.className));
  const existingPath = existing && (existing.moduleSpecifier as ts.StringLiteral).text;
  if (existingPath !== undefined && existingPath !== tool.importPath) {
    throw GeneratorError.conflict({
      subject: indexPath,
      problem: `already imports a ${tool.className} from '${existingPath}'.`,
      howToFix: `Choose another tool name, or remove that tool first. Registered tools: ${registeredClasses(list, file).join(', ') || '(none)'}.`,
    });
  }
  const listed = list.elements.some((e) => e.getText(file) === element);
  if (existing && listed) return { source: indexSource, changed: false };

  // Edits are applied from the end of the file backwards so earlier offsets stay valid.
  const edits: { at: number; end?: number; text: string }[] = [];
  if (!listed) edits.push(appendToList(file, list, element));
  if (!existing) edits.push(importEdit(file, imports, tool));
  let source = indexSource;
  for (const edit of edits.sort((a, b) => b.at - a.at)) {
    source = source.slice(0, edit.at) + edit.text + source.slice(edit.end ?? edit.at);
  }
  return { source, changed: true };
}

function importedNames(declaration: ts.ImportDeclaration): string[] {
  const bindings = declaration.importClause?.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings)) return [];
  return bindings.elements.map((e) => e.name.text);
}

/** The array returned by `functionName()`, or by the file's one exported function returning one. */
function findToolList(file: ts.SourceFile, functionName?: string): ts.ArrayLiteralExpression | undefined {
  for (const statement of file.statements) {
    if (
      ts.isFunctionDeclaration(statement) &&
      statement.body &&
      (functionName === undefined ? isExportedNode(statement) : statement.name?.text === functionName)
    ) {
      const returned = find(statement.body, (n): n is ts.ReturnStatement =>
        ts.isReturnStatement(n),
      )?.expression;
      if (returned && ts.isArrayLiteralExpression(returned)) return returned;
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (declaration.name.getText(file) === 'tools' && init && ts.isArrayLiteralExpression(init))
          return init;
      }
    }
  }
  return undefined;
}

function isExportedNode(node: ts.Node): boolean {
  return (
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** The name of the one exported function of an area's `index.ts` (`tagTools`, `createIssueTools`). */
export function readListFunction(source: string): string | undefined {
  const file = parse('index.ts', source);
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && isExportedNode(statement))
      return statement.name.text;
  }
  return undefined;
}

/** Names imported by the composition file's relative imports (to follow its naming of area lists). */
export function relativeImportNames(source: string): string[] {
  const file = parse('index.ts', source);
  return file.statements
    .filter(ts.isImportDeclaration)
    .filter((i) => (i.moduleSpecifier as ts.StringLiteral).text.startsWith('./'))
    .flatMap(importedNames);
}

function registeredClasses(list: ts.ArrayLiteralExpression, file: ts.SourceFile): string[] {
  return list.elements.map((e) => (ts.isNewExpression(e) ? e.expression.getText(file) : e.getText(file)));
}

function lineIndentAt(source: string, position: number): string {
  const lineStart = source.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(source.slice(lineStart))?.[0] ?? '';
}

/** An edit that appends `element` to `list`, keeping its layout (one line, or one element per line). */
function appendToList(file: ts.SourceFile, list: ts.ArrayLiteralExpression, element: string) {
  const source = file.text;
  const open = list.getStart(file);
  const close = list.getEnd() - 1; // the `]`
  const inner = source.slice(open + 1, close);
  const indent = lineIndentAt(source, open);
  const elements = list.elements.map((e) => e.getText(file));
  const hasComments = /\/[/*]/.test(inner);
  if (elements.length === 0 && !hasComments) return { at: open, end: close + 1, text: `[${element}]` };

  if (inner.includes('\n') || hasComments) {
    // Multi-line: a new line after the last element (or its trailing comma).
    const last = list.elements[list.elements.length - 1];
    if (!last) return { at: open + 1, text: `\n${indent}  ${element},` };
    const afterLast = last.getEnd();
    const hasTrailingComma = list.elements.hasTrailingComma;
    const at = hasTrailingComma ? source.indexOf(',', afterLast) + 1 : afterLast;
    const elementIndent = lineIndentAt(source, last.getStart(file));
    return {
      at,
      text: `${hasTrailingComma ? '' : ','}\n${elementIndent}${element}${hasTrailingComma ? ',' : ''}`,
    };
  }

  const all = [...elements, element];
  const lineStart = source.lastIndexOf('\n', open - 1) + 1;
  const lineEnd = source.indexOf('\n', close) === -1 ? source.length : source.indexOf('\n', close);
  const oneLine = `[${all.join(', ')}]`;
  const lineLength = open - lineStart + oneLine.length + (lineEnd - close - 1);
  if (lineLength <= PRINT_WIDTH) return { at: open, end: close + 1, text: oneLine };
  const broken = `[\n${all.map((e) => `${indent}  ${e},\n`).join('')}${indent}]`;
  return { at: open, end: close + 1, text: broken };
}

/** An edit that inserts the import in alphabetical position among the relative (`./`) imports. */
function importEdit(file: ts.SourceFile, imports: ts.ImportDeclaration[], tool: ToolRegistration) {
  const line = `import { ${tool.className} } from '${tool.importPath}';\n`;
  const relative = imports.filter((i) => (i.moduleSpecifier as ts.StringLiteral).text.startsWith('./'));
  const before = relative.find(
    (i) => (i.moduleSpecifier as ts.StringLiteral).text.localeCompare(tool.importPath) > 0,
  );
  if (before) return { at: before.getStart(file), text: line };
  const after = relative[relative.length - 1] ?? imports[imports.length - 1];
  if (after) return { at: lineEndAfter(file.text, after.getEnd()), text: line };
  return { at: 0, text: line };
}

function lineEndAfter(source: string, position: number): number {
  const newline = source.indexOf('\n', position);
  return newline === -1 ? source.length : newline + 1;
}

export interface ToolsetDeclaration {
  readonly id: string;
  readonly description: string;
}

/**
 * Appends `defineToolset({ id, description, default: true })` to `export const TOOLSETS = [...]` in
 * the composition file unless a toolset with that id is declared. `found` is false when the file
 * declares no TOOLSETS array (then the registry derives toolsets from categories and nothing needs
 * adding).
 */
export function addToolset(
  serverSource: string,
  toolset: ToolsetDeclaration,
): EditResult & { found: boolean } {
  const file = parse('index.ts', serverSource);
  const declaration = find(
    file,
    (n): n is ts.VariableDeclaration => ts.isVariableDeclaration(n) && n.name.getText(file) === 'TOOLSETS',
  );
  const list = declaration?.initializer;
  if (!list || !ts.isArrayLiteralExpression(list))
    return { source: serverSource, changed: false, found: false };
  const ids = list.elements.flatMap((element) => {
    const object = ts.isCallExpression(element) ? element.arguments[0] : element;
    if (!object || !ts.isObjectLiteralExpression(object)) return [];
    return object.properties.flatMap((p) =>
      ts.isPropertyAssignment(p) && p.name.getText(file) === 'id' && ts.isStringLiteralLike(p.initializer)
        ? [p.initializer.text]
        : [],
    );
  });
  if (ids.includes(toolset.id)) return { source: serverSource, changed: false, found: true };
  const element = `defineToolset({ id: ${tsString(toolset.id)}, description: ${tsString(toolset.description)}, default: true })`;
  const edit = appendToList(file, list, element);
  return {
    source: serverSource.slice(0, edit.at) + edit.text + serverSource.slice(edit.end ?? edit.at),
    changed: true,
    found: true,
  };
}
