/**
 * Names the generators accept and everything derived from them. One spelling per use:
 * kebab-case for directories and files, snake_case for tool names and toolset ids, PascalCase for
 * classes. Every check throws a usage GeneratorError that says how to write the name instead.
 */
import { TOOL_NAME_PATTERN } from '@toolsmith/core';
import { GeneratorError } from './generator-error.ts';

/** Lowercase words joined by `-` or `_`, starting with a letter: `get-issue`, `get_issue`, `issues`. */
const WORDS_PATTERN = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;
const KEBAB_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** Longest server name: keeps `@toolsmith/<name>-mcp` and env variable names readable. */
const MAX_SERVER_NAME = 50;

export const words = (name: string): string[] => name.split(/[-_]/);
export const kebabCase = (name: string): string => words(name).join('-');
export const snakeCase = (name: string): string => words(name).join('_');
export const pascalCase = (name: string): string => words(name).map(capitalize).join('');
export const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
/** `get-issue` → `Get issue`. */
export const sentenceCase = (name: string): string => capitalize(words(name).join(' '));
/** `work-items` → `Work Items`. */
export const titleCase = (name: string): string => words(name).map(capitalize).join(' ');

/** A server name: `apps/<name>`, package `@toolsmith/<name>-mcp`, bin `<name>-mcp`. */
export function assertServerName(name: string): void {
  if (!KEBAB_PATTERN.test(name) || name.length > MAX_SERVER_NAME) {
    throw GeneratorError.usage({
      subject: '<name>',
      problem: `"${name}" is not a valid server name.`,
      howToFix: `Use kebab-case: lowercase letters, digits and "-", starting with a letter, at most ${MAX_SERVER_NAME} characters, e.g. "yandex-tracker".`,
    });
  }
  if (name.endsWith('-mcp') || name === 'mcp') {
    throw GeneratorError.usage({
      subject: '<name>',
      problem: `"${name}" ends with "mcp"; the generator adds the suffix itself (package @toolsmith/${name}-mcp).`,
      howToFix: `Leave it out: use "${name.replace(/-?mcp$/, '') || 'my-server'}".`,
    });
  }
}

/** A tool-name prefix (`tracker`, `click_up`); `-` becomes `_`. Returns the snake_case form. */
export function normalizePrefix(prefix: string): string {
  if (!WORDS_PATTERN.test(prefix)) {
    throw GeneratorError.usage({
      subject: '--prefix',
      problem: `"${prefix}" is not a valid tool-name prefix.`,
      howToFix:
        'Use lowercase letters, digits and "_", starting with a letter, e.g. --prefix tracker (tools become tracker_get_issue, …).',
    });
  }
  return snakeCase(prefix);
}

/** An area (a folder under src/tools/ and the tools' category): `issues`, `work-items`. */
export function assertAreaName(area: string): void {
  if (!WORDS_PATTERN.test(area)) {
    throw GeneratorError.usage({
      subject: '--area',
      problem: `"${area}" is not a valid area.`,
      howToFix: 'Use lowercase words joined by "-", e.g. --area issues or --area work-items.',
    });
  }
}

export interface ToolNames {
  /** Full MCP tool name, prefixed: `tracker_get_issue`. */
  readonly toolName: string;
  /** File and directory stem: `get-issue`. */
  readonly fileName: string;
  /** `GetIssue` (class `GetIssueTool`, schema `GetIssueParams`, …). */
  readonly pascal: string;
  /** Display name: `Get issue`. */
  readonly title: string;
  /** What the tool acts on, for generated descriptions: `issue` (the area when the name is one word). */
  readonly noun: string;
}

/**
 * Checks a tool name given on the command line (`get-issue` or `get_issue`, without the prefix)
 * and derives its spellings. The prefixed name must pass the MCP rule `^[A-Za-z0-9._-]{1,128}$`.
 */
export function toolNames(name: string, prefix: string | undefined, area: string): ToolNames {
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw GeneratorError.usage({
      subject: '<tool-name>',
      problem: `"${name}" breaks the MCP tool-name rule ^[A-Za-z0-9._-]{1,128}$.`,
      howToFix: 'Use lowercase words joined by "-" or "_", e.g. get-issue.',
    });
  }
  if (!WORDS_PATTERN.test(name)) {
    throw GeneratorError.usage({
      subject: '<tool-name>',
      problem: `"${name}" is a valid MCP name but not a toolsmith one: tool names are snake_case and files kebab-case, both derived from lowercase words.`,
      howToFix: `Use lowercase words joined by "-" or "_", starting with a letter, e.g. ${suggestWords(name)}.`,
    });
  }
  const snake = snakeCase(name);
  if (prefix && (snake === prefix || snake.startsWith(`${prefix}_`))) {
    const bare = snake.slice(prefix.length + 1) || 'get_item';
    throw GeneratorError.usage({
      subject: '<tool-name>',
      problem: `"${name}" already starts with the server's prefix "${prefix}"; the generator adds it.`,
      howToFix: `Pass "${kebabCase(bare)}" (the tool becomes ${prefix}_${bare}).`,
    });
  }
  const toolName = prefix ? `${prefix}_${snake}` : snake;
  if (!TOOL_NAME_PATTERN.test(toolName)) {
    throw GeneratorError.usage({
      subject: '<tool-name>',
      problem: `the full tool name "${toolName}" is ${toolName.length} characters; MCP allows at most 128.`,
      howToFix: 'Choose a shorter name.',
    });
  }
  const parts = words(name);
  return {
    toolName,
    fileName: kebabCase(name),
    pascal: pascalCase(name),
    title: sentenceCase(name),
    noun: parts.length > 1 ? parts.slice(1).join(' ') : words(area).join(' '),
  };
}

function suggestWords(name: string): string {
  const suggestion = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '');
  return WORDS_PATTERN.test(suggestion) ? `"${suggestion}"` : '"get-issue"';
}

/** Description of the toolset generated for an area: `work-items` → `Tools for work items.` */
export const toolsetDescription = (area: string): string => `Tools for ${words(area).join(' ')}.`;

/** `yandex-tracker` → `YANDEX_TRACKER` (environment variable prefix). */
export const envPrefix = (serverName: string): string => snakeCase(serverName).toUpperCase();
