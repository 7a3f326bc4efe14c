/**
 * A problem found in a definition before it has a file position: a path inside the parsed YAML and
 * an author-facing message. The loader places it (file, line, column) and gathers every issue of
 * one file into a `DefinitionLoadError`.
 */

/** Keys and list indexes from the YAML root, e.g. `['tool', 'commands', 0, 'validation']`. */
export type YamlPath = readonly (string | number)[];

export interface DefinitionIssue {
  readonly path: YamlPath;
  /** What is wrong, as a sentence fragment without the location: "unknown validator 'x'". */
  readonly message: string;
  /** What would be valid, as a phrase completing "Expected …": "one of: a, b". */
  readonly expected?: string;
  /** Exact position, when it is not simply where `path` is (e.g. a syntax error inside inline code). */
  readonly at?: { readonly line: number; readonly column?: number };
  /** Source excerpt shown under the message. */
  readonly snippet?: string;
}

const PLAIN_KEY = /^[A-Za-z0-9_$-]+$/;

/** `['tool', 'commands', 0, 'validation']` → `tool.commands[0].validation`; odd keys are quoted (`["a.b"]`). */
export function formatYamlPath(path: YamlPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
