/**
 * Load-time checks of knowledge code that need no execution:
 *
 * - **syntax**: the source is compiled (never run) with `node:vm`'s `Script` as the classic script
 *   the sandbox will run (an ES module as its script view, see module-syntax.ts), with the module's filename and line offset, so a typo in an inline
 *   `function: |` block is reported at its YAML line when the definition loads, not when a model
 *   first calls the tool;
 * - **export**: the function the runtime will call must at least be named in the source
 *   (`module.exports = { validateCreateTask }`); a mismatch between the id-derived default and the
 *   code is the most common authoring slip.
 */
import { Script } from 'node:vm';
import type { DefinitionIssue, YamlPath } from '../schema/definition-issue.ts';
import type { CodeModule, ModuleFile } from '../schema/tool-definition.ts';
import { scanModule } from './module-syntax.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Issues with `code`; `entryPath` is the YAML path of its helper / processor / validator. */
export function checkCodeModule(code: CodeModule, entryPath: YamlPath, kind: string): DefinitionIssue[] {
  const field = code.origin === 'inline' ? 'function' : 'file';
  const path = [...entryPath, field];
  const isModule = code.type === 'module';
  try {
    if (isModule) {
      // An ES module, compiled as the strict script it is once its import and export declarations
      // are blanked (module-syntax.ts); the line before the first is the "use strict" directive.
      const view = scanModule(code.source).scriptView;
      new Script(`'use strict';\n${view}`, { filename: code.filename, lineOffset: code.lineOffset - 1 });
    } else new Script(code.source, { filename: code.filename, lineOffset: code.lineOffset });
  } catch (error) {
    // By name: under a test runner's vm context the error comes from another realm.
    if (typeof error !== 'object' || error === null || (error as Error).name !== 'SyntaxError') throw error;
    const { message, stack } = error as Error;
    const [head = '', sourceLine, caret] = (stack ?? '').split('\n');
    const line = Number(/:(\d+)$/.exec(head)?.[1]);
    const where = Number.isFinite(line) ? `${code.filename}:${line}` : code.filename;
    const snippet = sourceLine !== undefined && caret?.includes('^') ? `${sourceLine}\n${caret}` : undefined;
    return [
      {
        path,
        message: `JavaScript syntax error in ${kind} '${code.id}' (${where}): ${message}`,
        expected: isModule
          ? 'a valid ES module (static imports and exports, no top-level await)'
          : 'valid JavaScript (a classic script: use module.exports, not export — or name the file .mjs to write an ES module)',
        ...(code.origin === 'inline' && Number.isFinite(line) ? { at: { line } } : {}),
        ...(snippet === undefined ? {} : { snippet }),
      },
    ];
  }
  if (!new RegExp(`(^|[^A-Za-z0-9_$])${escapeRegExp(code.export)}($|[^A-Za-z0-9_$])`).test(code.source)) {
    return [
      {
        path,
        message: `${kind} '${code.id}' never mentions '${code.export}', the function the runtime calls`,
        expected: isModule
          ? `export function ${code.export}(…) in the module, or export: <the exported function's name> on the ${kind}`
          : `module.exports = { ${code.export} } in the code, or export: <the function's name> on the ${kind}`,
      },
    ];
  }
  return [];
}

/** Syntax issues of a file an ES module imports (`importer`: the entry's id; `entryPath`: its YAML path). */
export function checkImportedFile(
  file: ModuleFile,
  entryPath: YamlPath,
  importer: string,
): DefinitionIssue[] {
  const problem = moduleSyntaxError(file.source, file.filename);
  if (!problem) return [];
  return [
    {
      path: [...entryPath, 'file'],
      message: `JavaScript syntax error in ${file.filename} (${problem.where}), imported by '${importer}': ${problem.message}`,
      expected: 'a valid ES module (static imports and exports, no top-level await)',
      ...(problem.snippet === undefined ? {} : { snippet: problem.snippet }),
    },
  ];
}

/** The syntax error of an ES module's source, if any (its script view compiled, never run). */
function moduleSyntaxError(
  source: string,
  filename: string,
): { message: string; where: string; snippet: string | undefined } | undefined {
  try {
    new Script(`'use strict';\n${scanModule(source).scriptView}`, { filename, lineOffset: -1 });
    return undefined;
  } catch (error) {
    if (typeof error !== 'object' || error === null || (error as Error).name !== 'SyntaxError') throw error;
    const { message, stack } = error as Error;
    const [head = '', sourceLine, caret] = (stack ?? '').split('\n');
    const line = Number(/:(\d+)$/.exec(head)?.[1]);
    return {
      message,
      where: Number.isFinite(line) ? `${filename}:${line}` : filename,
      snippet: sourceLine !== undefined && caret?.includes('^') ? `${sourceLine}\n${caret}` : undefined,
    };
  }
}
