/**
 * Loads a YAML tool definition (schema 1.0 or 2.0) into a `ToolDefinition`.
 *
 * Pipeline, each stage stopping the load with a `DefinitionLoadError` that lists all its problems:
 *
 * 1. read (size-checked) and parse the YAML safely (`parse-yaml-document.ts`);
 * 2. find the tool mapping: `tool: {…}` or a bare top-level mapping;
 * 3. detect the schema version (`detect-schema-version.ts`) — unknown versions stop here;
 * 4. validate the fields with the version's Zod schema (types, required fields, unknown fields);
 * 5. normalise, reading and compiling code and resolving every cross-reference.
 *
 * Stages 4 and 5 are separate because references cannot be trusted in a definition whose fields
 * are the wrong shape; within a stage every problem is reported at once. Every problem carries the
 * file, line and column (from the YAML source map), the YAML path, and what is expected.
 */
import path from 'node:path';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import type { DefinitionIssue } from '../schema/definition-issue.ts';
import { resolveToolSchemaVersion } from '../schema/detect-schema-version.ts';
import type { ToolDefinition } from '../schema/tool-definition.ts';
import { toolDefinitionV1Schema } from '../schema/tool-definition-v1.ts';
import { toolDefinitionV2Schema } from '../schema/tool-definition-v2.ts';
import { DEFAULT_DEFINITION_LIMITS, type DefinitionLimits } from './definition-limits.ts';
import { findRootMapping } from './find-root-mapping.ts';
import { issuesFromZod, prefixIssues } from './load-errors.ts';
import { normalizeToolDefinitionV1, normalizeToolDefinitionV2 } from './normalize-tool-definition.ts';
import { parseYamlDocument } from './parse-yaml-document.ts';
import { readDefinitionFile } from './read-definition-file.ts';
import type { YamlSourceMap } from './yaml-source-map.ts';

export interface ParseToolDefinitionOptions {
  /** The file name shown in errors and kept in `origin.file`. @default '<tool definition>' */
  readonly file?: string;
  /**
   * The tool's folder, where `file:` code is looked up (and confined).
   * @default the folder of `file`, resolved against the working directory
   */
  readonly baseDir?: string;
  readonly limits?: Partial<DefinitionLimits>;
}

export type LoadToolDefinitionOptions = Omit<ParseToolDefinitionOptions, 'file'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(file: string, issues: readonly DefinitionIssue[], sourceMap: YamlSourceMap): never {
  throw DefinitionLoadError.fromIssues(file, issues, (p) => sourceMap.locate(p));
}

/** `file` relative to `baseDir`, `/`-separated; its base name when it is not inside. */
function relativeFilename(file: string, baseDir: string): string {
  const relative = path.relative(baseDir, path.resolve(file));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return path.basename(file);
  return relative.split(path.sep).join('/');
}

/**
 * Parses the text of a tool definition. Throws `DefinitionLoadError` listing every problem.
 */
export async function parseToolDefinition(
  text: string,
  options: ParseToolDefinitionOptions = {},
): Promise<ToolDefinition> {
  const file = options.file ?? '<tool definition>';
  const limits = { ...DEFAULT_DEFINITION_LIMITS, ...options.limits };
  const baseDir = path.resolve(options.baseDir ?? path.dirname(path.resolve(file)));
  const { value, sourceMap } = parseYamlDocument(text, { file, limits });

  const root = findRootMapping(value, 'tool');
  if (!root.ok) fail(file, root.issues, sourceMap);
  const { mapping: tool, prefix } = root;
  if (prefix.length > 0 && isRecord(value)) {
    const strays = Object.keys(value).filter((key) => key !== 'tool');
    if (strays.length > 0) {
      fail(
        file,
        strays.map((key) => ({
          path: [key],
          message: `'${key}' sits at the top level, next to tool:`,
          expected: `everything inside tool: (indent ${key} under it)`,
        })),
        sourceMap,
      );
    }
  }

  const version = resolveToolSchemaVersion(tool);
  if (!version.ok) fail(file, prefixIssues([version.issue], prefix), sourceMap);

  const context = {
    file,
    prefix,
    baseDir,
    yamlFilename: relativeFilename(file, baseDir),
    sourceMap,
    limits,
  };
  let result;
  if (version.detection.version === '2.0') {
    const parsed = toolDefinitionV2Schema.safeParse(tool, { reportInput: true });
    if (!parsed.success) fail(file, issuesFromZod(parsed.error.issues, prefix), sourceMap);
    result = await normalizeToolDefinitionV2(parsed.data, context);
  } else {
    const parsed = toolDefinitionV1Schema.safeParse(tool, { reportInput: true });
    if (!parsed.success) fail(file, issuesFromZod(parsed.error.issues, prefix), sourceMap);
    result = normalizeToolDefinitionV1(parsed.data, context);
  }
  if (!result.ok) fail(file, result.issues, sourceMap);
  return result.definition;
}

/**
 * Loads a tool definition file. `file:` code is looked up in the file's folder unless `baseDir`
 * says otherwise. Throws `DefinitionLoadError` listing every problem.
 */
export async function loadToolDefinition(
  filePath: string,
  options: LoadToolDefinitionOptions = {},
): Promise<ToolDefinition> {
  const limits = { ...DEFAULT_DEFINITION_LIMITS, ...options.limits };
  const text = await readDefinitionFile(filePath, limits);
  return parseToolDefinition(text, {
    file: filePath,
    baseDir: options.baseDir ?? path.dirname(path.resolve(filePath)),
    limits,
  });
}
