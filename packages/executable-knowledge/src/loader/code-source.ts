/**
 * Where a helper / processor / validator's code comes from: inline (`function: |`) or a file beside
 * the YAML (`file: helpers/x.js`).
 *
 * `file:` is confined to the tool's folder (the folder holding the YAML): the path must be relative,
 * without `..` segments, and its real path (symlinks resolved with `fs.realpath`) must still be inside
 * the folder's real path — so neither `../../etc/passwd` nor a symlink pointing outside can pull
 * other files into the sandbox or into an error message. The file must exist, be a regular file and
 * stay under `maxCodeFileBytes`.
 *
 * Inline code keeps a line offset so stack traces and syntax errors point at the YAML line.
 */
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { closestMatches } from '@toolsmith/core';
import type { DefinitionIssue, YamlPath } from '../schema/definition-issue.ts';
import type { CodeModule, ModuleFile } from '../schema/tool-definition.ts';
import { ALLOWED_IMPORTS, MODULE_EXTENSION, resolveImport } from './module-imports.ts';
import { scanModule } from './module-syntax.ts';
import { formatBytes, type DefinitionLimits } from './definition-limits.ts';
import type { YamlSourceMap } from './yaml-source-map.ts';

export interface CodeSourceContext {
  /** Absolute path of the tool's folder. */
  readonly baseDir: string;
  /** The YAML file relative to `baseDir`, `/`-separated: the filename of inline code. */
  readonly yamlFilename: string;
  readonly sourceMap: YamlSourceMap;
  readonly limits: Pick<DefinitionLimits, 'maxCodeFileBytes'>;
}

export type CodeSource = Pick<
  CodeModule,
  'source' | 'filename' | 'lineOffset' | 'origin' | 'type' | 'imports' | 'importedFiles'
>;

type Result = { ok: true; code: CodeSource } | { ok: false; issue: DefinitionIssue };

const RELATIVE_EXAMPLE = 'a path relative to the tool folder, e.g. helpers/extract-custom-field.js';

function fail(issuePath: YamlPath, message: string, expected: string): Result {
  return { ok: false, issue: { path: issuePath, message, expected } };
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative !== '' &&
    relative !== '..' &&
    !relative.startsWith(`..${path.sep}`) &&
    !path.isAbsolute(relative)
  );
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

async function missingFileHint(target: string, baseDir: string): Promise<string> {
  try {
    const names = await readdir(path.dirname(target));
    const [match] = closestMatches(path.basename(target), names, 1);
    if (match !== undefined) {
      const suggestion = path
        .relative(baseDir, path.join(path.dirname(target), match))
        .split(path.sep)
        .join('/');
      return ` Did you mean '${suggestion}'?`;
    }
  } catch {
    // The folder does not exist either: no suggestion.
  }
  return '';
}

/** Reads the code of `file:` at `entryPath` (YAML path of the helper / processor / validator). */
const realBases = new WeakMap<CodeSourceContext, Promise<string>>();

/** The tool folder's real path, resolved once per definition load (every code file needs it). */
function realBaseOf(context: CodeSourceContext): Promise<string> {
  let pending = realBases.get(context);
  if (!pending) {
    pending = realpath(context.baseDir);
    realBases.set(context, pending);
  }
  return pending;
}

type FileRead =
  { ok: true; source: string; filename: string } | { ok: false; message: string; expected: string };

/** Reads `file` (relative to the tool's folder) with the confinement described at the top. */
async function readPackFile(file: string, context: CodeSourceContext): Promise<FileRead> {
  const refuse = (message: string, expected: string): FileRead => ({ ok: false, message, expected });
  if (file.includes('\0')) return refuse('the path contains a NUL character', RELATIVE_EXAMPLE);
  if (path.isAbsolute(file) || path.win32.isAbsolute(file)) {
    return refuse(`'${file}' is an absolute path; code must live inside the tool's folder`, RELATIVE_EXAMPLE);
  }
  if (file.split(/[\\/]/).includes('..')) {
    return refuse(`'${file}' goes up with '..'; code must live inside the tool's folder`, RELATIVE_EXAMPLE);
  }
  const target = path.resolve(context.baseDir, file);
  const filename = path.relative(context.baseDir, target).split(path.sep).join('/');

  let realBase: string;
  try {
    realBase = await realBaseOf(context);
  } catch {
    return refuse(
      `the tool folder ${context.baseDir} does not exist`,
      'an existing baseDir holding the code files',
    );
  }
  let realTarget: string;
  try {
    realTarget = await realpath(target);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      const hint = await missingFileHint(target, context.baseDir);
      return refuse(
        `code file '${filename}' not found in the tool folder.${hint}`,
        `an existing file, ${RELATIVE_EXAMPLE}`,
      );
    }
    return refuse(
      `code file '${filename}' cannot be resolved (${errorCode(error) ?? String(error)})`,
      RELATIVE_EXAMPLE,
    );
  }
  if (!isInside(realTarget, realBase)) {
    return refuse(
      `'${filename}' resolves outside the tool's folder (through a symbolic link); code must live inside the tool's folder`,
      'a regular file inside the tool folder, not a link to elsewhere',
    );
  }
  const info = await stat(realTarget);
  if (!info.isFile())
    return refuse(`'${filename}' is not a regular file`, `a JavaScript file, ${RELATIVE_EXAMPLE}`);
  if (info.size > context.limits.maxCodeFileBytes) {
    return refuse(
      `'${filename}' is ${formatBytes(info.size)} (${info.size} bytes), over the ${formatBytes(context.limits.maxCodeFileBytes)} (${context.limits.maxCodeFileBytes} bytes) limit for a code file`,
      'smaller code: split it into several helpers',
    );
  }
  return { ok: true, source: await readFile(realTarget, 'utf8'), filename };
}

async function readCodeFile(file: string, entryPath: YamlPath, context: CodeSourceContext): Promise<Result> {
  const at = [...entryPath, 'file'];
  const read = await readPackFile(file, context);
  if (!read.ok) return fail(at, read.message, read.expected);
  if (!read.filename.endsWith(MODULE_EXTENSION)) {
    return {
      ok: true,
      code: { source: read.source, filename: read.filename, lineOffset: 0, origin: 'file' },
    };
  }
  const graph = await readModuleGraph(read.filename, read.source, context);
  if (!graph.ok) return fail(at, graph.message, graph.expected);
  return {
    ok: true,
    code: {
      source: read.source,
      filename: read.filename,
      lineOffset: 0,
      origin: 'file',
      type: 'module',
      imports: graph.imports,
      importedFiles: graph.importedFiles,
    },
  };
}

/**
 * The code of an entry that has `function:` or `file:` (the caller checks that exactly one is
 * present). `entryPath` is the full YAML path of the entry.
 */
export async function readCodeSource(
  entry: { readonly function?: string | undefined; readonly file?: string | undefined },
  entryPath: YamlPath,
  context: CodeSourceContext,
): Promise<Result> {
  if (entry.function !== undefined) {
    const line = context.sourceMap.valuePosition([...entryPath, 'function'])?.line ?? 1;
    return {
      ok: true,
      code: {
        source: entry.function,
        filename: context.yamlFilename,
        lineOffset: line - 1,
        origin: 'inline',
      },
    };
  }
  return readCodeFile(entry.file ?? '', entryPath, context);
}

type GraphRead =
  | { ok: true; imports: Record<string, string>; importedFiles: ModuleFile[] }
  | { ok: false; message: string; expected: string };

/** Module files read during one definition load, by filename (a shared file is read once). */
const moduleReads = new WeakMap<CodeSourceContext, Map<string, Promise<ModuleRead>>>();

type ModuleRead = { ok: true; file: ModuleFile } | { ok: false; message: string; expected: string };

/** Reads one module file and resolves its imports (not the files they name). */
function readModule(filename: string, context: CodeSourceContext, known?: string): Promise<ModuleRead> {
  let reads = moduleReads.get(context);
  if (!reads) {
    reads = new Map();
    moduleReads.set(context, reads);
  }
  let pending = reads.get(filename);
  if (!pending) {
    pending = (async (): Promise<ModuleRead> => {
      let source = known;
      if (source === undefined) {
        const read = await readPackFile(filename, context);
        if (!read.ok) return read;
        source = read.source;
      }
      const scan = scanModule(source);
      const [problem] = scan.problems;
      if (problem) {
        return {
          ok: false,
          message: `${filename}:${problem.line}: ${problem.message}`,
          expected: `static imports of ${ALLOWED_IMPORTS}`,
        };
      }
      const imports: Record<string, string> = {};
      for (const { specifier, line } of scan.imports) {
        const resolved = resolveImport(filename, specifier);
        if (!resolved.ok) {
          return {
            ok: false,
            message: `${filename}:${line} imports '${specifier}', which cannot be imported: ${resolved.reason}`,
            expected: ALLOWED_IMPORTS,
          };
        }
        imports[specifier] = resolved.filename;
      }
      return { ok: true, file: { filename, source, imports } };
    })();
    reads.set(filename, pending);
  }
  return pending;
}

/**
 * The files an ES module imports, directly or not, each read once with the confinement of
 * `file:`. Cycles are allowed (ES modules link them); a file that cannot be read or imports what
 * it may not is an issue naming the importing file, its line and the specifier.
 */
async function readModuleGraph(
  filename: string,
  source: string,
  context: CodeSourceContext,
): Promise<GraphRead> {
  const root = await readModule(filename, context, source);
  if (!root.ok) return root;
  const importedFiles: ModuleFile[] = [];
  const seen = new Set([filename]);
  const queue: ModuleFile[] = [root.file];
  while (queue.length > 0) {
    const importer = queue.shift()!;
    for (const [specifier, target] of Object.entries(importer.imports)) {
      if (seen.has(target)) continue;
      seen.add(target);
      const read = await readModule(target, context);
      if (!read.ok) {
        return {
          ok: false,
          message: `${importer.filename} imports '${specifier}': ${read.message}`,
          expected: read.expected,
        };
      }
      importedFiles.push(read.file);
      queue.push(read.file);
    }
  }
  return { ok: true, imports: root.file.imports, importedFiles };
}
