/**
 * Tool definitions generated when a server was bundled, so that its published bin does not convert
 * every tool's zod schema to JSON Schema again at each start (with dozens of tools, the largest single
 * part of a cold start after loading the code).
 *
 * `toolsmith-bundle` runs the freshly bundled server once with {@link DEFINITIONS_OUT_ENV} set:
 * `runServeCli` then writes the definition of every registered tool to that file and exits without
 * serving. The bin (the bundle's Node-version guard) reads the file before it imports the server and
 * installs it under {@link PRECOMPUTED_DEFINITIONS}; `BaseTool.getDefinition` returns a tool's entry
 * when its name and class match, and generates the definition as before otherwise (no file, a tool
 * the file does not know, tests, servers run from source).
 *
 * The file is made from the very bundle that reads it, so it cannot drift from the code; what it
 * cannot capture is a definition that depends on the environment at run time. Only tools described by
 * their class's static `METADATA` are recorded (`BaseTool.precomputable`); a tool class whose schema
 * is built from configuration overrides `precomputable` to return false. A class that makes its
 * metadata at run time but whose schema is fixed (core's `search_knowledge`, named and described by
 * its server) may return true: its recording is served only while the metadata renders the same
 * title, description and annotations ({@link sameMetadata}).
 */
import type { ToolDefinition } from './tool-definition.ts';
import { renderAnnotations, renderDescription, type ToolMetadata } from './tool-metadata.ts';

/** Where the bin installs the file's content (`globalThis[PRECOMPUTED_DEFINITIONS]`). */
export const PRECOMPUTED_DEFINITIONS = Symbol.for('toolsmith.precomputedDefinitions');

/** Set by `toolsmith-bundle`: `runServeCli` writes the definitions to this file and exits. */
export const DEFINITIONS_OUT_ENV = 'TOOLSMITH_DEFINITIONS_OUT';

/** One tool's entry: its class name (as the bundle spells it) and its definition. */
export interface PrecomputedDefinition {
  class: string;
  definition: ToolDefinition;
}

export type PrecomputedDefinitions = Readonly<Record<string, PrecomputedDefinition>>;

/** The definition the bundle recorded for a tool of this name and class, if any. */
export function precomputedDefinition(name: string, className: string): ToolDefinition | undefined {
  const all = (globalThis as { [PRECOMPUTED_DEFINITIONS]?: PrecomputedDefinitions })[PRECOMPUTED_DEFINITIONS];
  if (all === undefined || !Object.hasOwn(all, name)) return undefined;
  const entry = all[name];
  return entry?.class === className ? entry.definition : undefined;
}

/** Whether a recorded definition says what `metadata` says now (title, description, annotations). */
export function sameMetadata(recorded: ToolDefinition, metadata: ToolMetadata): boolean {
  if (recorded.title !== metadata.title || recorded.description !== renderDescription(metadata)) return false;
  const now = renderAnnotations(metadata);
  const then: Readonly<Record<string, unknown>> = { ...recorded.annotations };
  const keys = new Set([...Object.keys(now), ...Object.keys(then)]);
  const current: Readonly<Record<string, unknown>> = { ...now };
  return [...keys].every((key) => then[key] === current[key]);
}

interface DefinedTool {
  readonly name: string;
  readonly precomputable: boolean;
  getDefinition(): ToolDefinition;
}

/**
 * The file `toolsmith-bundle` asks for: every precomputable tool's definition, by name. A tool whose
 * definition cannot be generated is left out (the server reports it when it lists that tool).
 */
export function collectDefinitions(tools: Iterable<DefinedTool>): PrecomputedDefinitions {
  const all: Record<string, PrecomputedDefinition> = {};
  for (const tool of tools) {
    if (!tool.precomputable) continue;
    try {
      all[tool.name] = { class: tool.constructor.name, definition: tool.getDefinition() };
    } catch {
      // generated (and reported) at run time instead
    }
  }
  return all;
}
