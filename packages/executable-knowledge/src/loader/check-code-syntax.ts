/**
 * Load-time checks of knowledge code that need no execution:
 *
 * - **syntax**: the source is compiled (never run) with `node:vm`'s `Script` as the classic script
 *   the sandbox will run, with the module's filename and line offset, so a typo in an inline
 *   `function: |` block is reported at its YAML line when the definition loads, not when a model
 *   first calls the tool;
 * - **export**: the function the runtime will call must at least be named in the source
 *   (`module.exports = { validateCreateTask }`); a mismatch between the id-derived default and the
 *   code is the most common authoring slip.
 */
import { Script } from 'node:vm';
import type { DefinitionIssue, YamlPath } from '../schema/definition-issue.ts';
import type { CodeModule } from '../schema/tool-definition.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Issues with `code`; `entryPath` is the YAML path of its helper / processor / validator. */
export function checkCodeModule(code: CodeModule, entryPath: YamlPath, kind: string): DefinitionIssue[] {
  const field = code.origin === 'inline' ? 'function' : 'file';
  const path = [...entryPath, field];
  try {
    new Script(code.source, { filename: code.filename, lineOffset: code.lineOffset });
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
        expected: 'valid JavaScript (a classic script, not an ES module: use module.exports, not export)',
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
        expected: `module.exports = { ${code.export} } in the code, or export: <the function's name> on the ${kind}`,
      },
    ];
  }
  return [];
}
