/**
 * Size limits applied while loading a definition. Definitions are written by people, but they may
 * come from third-party packs, so the loader refuses anything that could exhaust memory or time
 * before building it: oversized files, deep nesting, alias expansion ("billion laughs").
 */
import type { DefinitionProblem } from '../errors/definition-load-error.ts';
export interface DefinitionLimits {
  /** Largest definition file, in bytes. */
  readonly maxFileBytes: number;
  /** Largest `file:` code module, in bytes. */
  readonly maxCodeFileBytes: number;
  /** Deepest nesting of YAML collections (js-yaml `maxDepth`). */
  readonly maxDepth: number;
  /** Most aliases (`*name`) in one document (js-yaml `maxAliases`). */
  readonly maxAliases: number;
  /** Most nodes that aliases may add once expanded, in total. */
  readonly maxAliasExpansion: number;
}

export const DEFAULT_DEFINITION_LIMITS: DefinitionLimits = {
  maxFileBytes: 1024 * 1024,
  maxCodeFileBytes: 256 * 1024,
  maxDepth: 64,
  maxAliases: 500,
  maxAliasExpansion: 10_000,
};

/** `1048576` → `1 MiB`, `1500` → `1.5 KiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** The problem reported for a definition file over `maxFileBytes`. */
export function fileTooLargeProblem(
  bytes: number,
  limits: Pick<DefinitionLimits, 'maxFileBytes'>,
): DefinitionProblem {
  return {
    path: '',
    line: undefined,
    column: undefined,
    message: `the file is ${formatBytes(bytes)} (${bytes} bytes), over the ${formatBytes(limits.maxFileBytes)} (${limits.maxFileBytes} bytes) limit for a definition`,
    expected:
      'a smaller file: move long code into file: modules beside the YAML and long documentation into a knowledge_base',
  };
}
