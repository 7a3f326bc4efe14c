/**
 * Safe YAML parsing for definition files.
 *
 * js-yaml 5 with its core schema (the default `load` schema): strings, numbers, booleans, null,
 * lists and mappings only. Tags that build anything else (`!!js/function`, `!!binary`, `!!set`, local
 * `!custom` tags) are refused by js-yaml itself, and merge keys (`<<`) are not enabled. On top:
 * size limit before parsing, `maxDepth` while parsing, alias-expansion / `__proto__` / one-document
 * checks on the events (`yaml-safety.ts`), then `maxAliases` while constructing.
 *
 * Parsing goes through the event stream (`parseEvents` → `constructFromEvents`, which is what
 * `load` does) so the same events also give the source map used to place every later error.
 */
import { CORE_SCHEMA, constructFromEvents, parseEvents, YAMLException, type Event } from 'js-yaml';
import { DefinitionLoadError, type DefinitionProblem } from '../errors/definition-load-error.ts';
import {
  DEFAULT_DEFINITION_LIMITS,
  fileTooLargeProblem,
  type DefinitionLimits,
} from './definition-limits.ts';
import { checkYamlSafety } from './yaml-safety.ts';
import { YamlSourceMap } from './yaml-source-map.ts';

export interface YamlDocument {
  /** The parsed document. */
  readonly value: unknown;
  readonly sourceMap: YamlSourceMap;
}

/** Hints for the js-yaml failures an author is most likely to hit. */
function expectedFor(reason: string, limits: DefinitionLimits): string | undefined {
  if (/unknown .*tag/.test(reason)) {
    return 'plain YAML values (text, numbers, true/false, lists, mappings): tags such as !!js/function or !custom are refused; write code in a function: block or a file:';
  }
  if (reason.includes('maxDepth')) return `at most ${limits.maxDepth} levels of nesting`;
  if (reason.includes('maxAliases')) return `at most ${limits.maxAliases} aliases (*name) in a file`;
  if (reason.includes('duplicated mapping key')) return 'each key once per mapping';
  if (reason.includes('tab')) return 'spaces for indentation, never tabs';
  if (reason.includes('indentation') || reason.includes('indent')) {
    return 'consistent indentation with spaces: children of a key indented more than the key, siblings aligned';
  }
  return undefined;
}

function syntaxProblem(error: YAMLException, limits: DefinitionLimits): DefinitionProblem {
  const mark = error.mark;
  return {
    path: '',
    line: mark ? mark.line + 1 : undefined,
    column: mark ? mark.column + 1 : undefined,
    message: `invalid YAML: ${error.reason}`,
    expected: expectedFor(error.reason, limits),
    ...(mark?.snippet ? { snippet: mark.snippet } : {}),
  };
}

/**
 * Parses one YAML document with the limits above. Throws `DefinitionLoadError` (never a raw
 * `YAMLException`) for oversized input, syntax errors, refused tags, alias bombs, more than one
 * document, or an empty file.
 */
export function parseYamlDocument(
  text: string,
  options: { file: string; limits?: Partial<DefinitionLimits> },
): YamlDocument {
  const limits = { ...DEFAULT_DEFINITION_LIMITS, ...options.limits };
  const { file } = options;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxFileBytes) {
    throw new DefinitionLoadError({ file, problems: [fileTooLargeProblem(bytes, limits)] });
  }

  let events: Event[];
  try {
    events = parseEvents(text, { filename: file, maxDepth: limits.maxDepth });
  } catch (error) {
    if (error instanceof YAMLException) {
      throw new DefinitionLoadError({ file, problems: [syntaxProblem(error, limits)], cause: error });
    }
    throw error;
  }

  const safety = checkYamlSafety(text, events, file, limits);
  if (safety.length > 0) throw new DefinitionLoadError({ file, problems: safety });

  let documents: unknown[];
  try {
    documents = constructFromEvents(events, {
      source: text,
      filename: file,
      schema: CORE_SCHEMA,
      maxAliases: limits.maxAliases,
    });
  } catch (error) {
    if (error instanceof YAMLException) {
      throw new DefinitionLoadError({ file, problems: [syntaxProblem(error, limits)], cause: error });
    }
    throw error;
  }

  if (documents.length === 0 || documents[0] === null || documents[0] === undefined) {
    throw new DefinitionLoadError({
      file,
      problems: [
        {
          path: '',
          line: undefined,
          column: undefined,
          message: 'the file is empty',
          expected: 'a YAML mapping, e.g. tool: { id: my-tool, type: mcp, … }',
        },
      ],
    });
  }
  return { value: documents[0], sourceMap: YamlSourceMap.fromEvents(text, events) };
}
