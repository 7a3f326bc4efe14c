/**
 * Cross-reference checks of a tool definition, made at load time so a dangling reference is an
 * author error with a line number, never a runtime surprise:
 *
 * - every id is unique in its section (helpers, processors and validators share one namespace:
 *   they all become sandbox modules);
 * - references resolve (`ReferenceIndex.resolve`): commands → validators / helpers / examples,
 *   validators → commands, helper / processor / validator `dependencies` and processor `steps` →
 *   helpers, anti-pattern `reference` (any section) and `detect` → validators / commands;
 * - helper dependencies have no cycles (`findDependencyCycles`, the message shows `a → b → c → a`);
 * - rules relating sections (`checkSectionRules`): the type-specific config matches `type`, a
 *   declared knowledge strategy has its material, meta workflows only use orchestrated tools, an
 *   argument is not both required and optional.
 *
 * Unknown references come with a did-you-mean and the list of what exists.
 */
import { closestMatches } from '@toolsmith/core';
import { formatYamlPath, type DefinitionIssue, type YamlPath } from '../schema/definition-issue.ts';
import {
  formatKnowledgeReference,
  parseKnowledgeReference,
  REFERENCE_SECTIONS,
  SECTION_NOUN,
  type ReferenceSection,
} from '../schema/knowledge-reference.ts';
import type { ResolvedReference } from '../schema/tool-definition.ts';
import type { ToolDefinitionV2Input } from '../schema/tool-definition-v2.ts';

const MAX_LISTED = 25;

/** Where each section's entries are declared, for "this tool defines none" hints. */
const SECTION_HOME: Record<ReferenceSection, string> = {
  helpers: 'executable_knowledge.helpers',
  processors: 'executable_knowledge.processors',
  validators: 'executable_knowledge.validators',
  commands: 'commands',
  examples: 'examples',
  anti_patterns: 'anti_patterns',
  api_quirks: 'api_complexity.api_quirks',
  known_limitations: 'api_complexity.known_limitations',
  context: 'executable_knowledge.context',
};

const CODE_SECTIONS: readonly ReferenceSection[] = ['helpers', 'processors', 'validators'];

type Resolution = { ok: true; ref: ResolvedReference } | { ok: false; issue: DefinitionIssue };

function listed(ids: readonly string[]): string {
  return ids.length > MAX_LISTED ? `${ids.slice(0, MAX_LISTED).join(', ')}, …` : ids.join(', ');
}

function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function plural(section: ReferenceSection): string {
  const noun = SECTION_NOUN[section];
  return noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`;
}

/** Every id of a definition, by section, with the YAML path where it is declared. */
export class ReferenceIndex {
  private readonly sections = new Map<ReferenceSection, Map<string, YamlPath>>(
    REFERENCE_SECTIONS.map((section) => [section, new Map()]),
  );
  private readonly exampleGroups = new Map<string, string[]>();

  /** Registers an id; returns an issue when it is already taken. */
  add(section: ReferenceSection, id: string, path: YamlPath): DefinitionIssue | undefined {
    const shared = CODE_SECTIONS.includes(section) ? CODE_SECTIONS : [section];
    for (const other of shared) {
      const previous = this.sections.get(other)?.get(id);
      if (previous === undefined) continue;
      const where = formatYamlPath(previous);
      return {
        path,
        message:
          other === section
            ? `duplicate ${SECTION_NOUN[section]} id '${id}' (already used at ${where})`
            : `id '${id}' is already used by the ${SECTION_NOUN[other]} at ${where}; helpers, processors and validators share one set of ids`,
        expected: 'a unique id',
      };
    }
    this.sections.get(section)?.set(id, path);
    return undefined;
  }

  /** Registers the example ids of a group (`examples.<group>`). */
  addExampleGroup(group: string, exampleId: string): void {
    const ids = this.exampleGroups.get(group) ?? [];
    ids.push(exampleId);
    this.exampleGroups.set(group, ids);
  }

  has(section: ReferenceSection, id: string): boolean {
    return this.sections.get(section)?.has(id) ?? false;
  }

  ids(section: ReferenceSection): string[] {
    return [...(this.sections.get(section)?.keys() ?? [])];
  }

  /** Example ids of a group, or undefined when there is no such group. */
  exampleGroup(group: string): readonly string[] | undefined {
    return this.exampleGroups.get(group);
  }

  /**
   * Resolves `raw` written at `path`. `expected` is the section the field points into (a bare id is
   * allowed), or `'any'` (the section prefix is required).
   */
  resolve(raw: string, expected: ReferenceSection | 'any', path: YamlPath): Resolution {
    const parsed = parseKnowledgeReference(raw);
    const dot = raw.indexOf('.');
    if (parsed.section === undefined && expected === 'any' && dot > 0) {
      const head = raw.slice(0, dot);
      const [suggestion] = closestMatches(head, REFERENCE_SECTIONS, 1);
      return {
        ok: false,
        issue: {
          path,
          message: `'${head}' is not a section name.${suggestion === undefined ? '' : ` Did you mean '${suggestion}'?`}`,
          expected: `<section>.<id>, section one of ${REFERENCE_SECTIONS.join(', ')}`,
        },
      };
    }
    if (parsed.section === undefined && expected === 'any') {
      const candidates = REFERENCE_SECTIONS.filter((section) => this.has(section, parsed.id));
      return {
        ok: false,
        issue: {
          path,
          message: `'${raw}' has no section: write which kind of entry it points at${
            candidates.length > 0
              ? `, e.g. '${formatKnowledgeReference(candidates[0] as ReferenceSection, parsed.id)}'`
              : ''
          }`,
          expected: `<section>.<id>, section one of ${REFERENCE_SECTIONS.join(', ')}`,
        },
      };
    }
    if (parsed.section !== undefined && expected !== 'any' && parsed.section !== expected) {
      return {
        ok: false,
        issue: {
          path,
          message: `'${raw}' points at ${plural(parsed.section)}, but this field takes ${plural(expected)}`,
          expected: `${withArticle(SECTION_NOUN[expected])} reference: ${expected}.<id> or the bare id`,
        },
      };
    }
    const section = parsed.section ?? (expected as ReferenceSection);
    const id = parsed.id;
    if (section === 'examples') {
      if (this.exampleGroups.has(id)) return { ok: true, ref: { section, id, raw } };
      if (this.has('examples', id)) return { ok: true, ref: { section, id, raw } };
      const dot = id.indexOf('.');
      if (dot > 0) {
        const inGroup = this.exampleGroups.get(id.slice(0, dot));
        const member = id.slice(dot + 1);
        if (inGroup?.includes(member)) return { ok: true, ref: { section, id: member, raw } };
      }
      const known = [...this.exampleGroups.keys(), ...this.ids('examples')];
      return { ok: false, issue: this.unknown(id, section, known, path) };
    }
    if (this.has(section, id)) return { ok: true, ref: { section, id, raw } };
    return { ok: false, issue: this.unknown(id, section, this.ids(section), path) };
  }

  private unknown(
    id: string,
    section: ReferenceSection,
    known: readonly string[],
    path: YamlPath,
  ): DefinitionIssue {
    const [suggestion] = closestMatches(id, known, 1);
    const hint = suggestion === undefined ? '' : ` Did you mean '${suggestion}'?`;
    return {
      path,
      message: `unknown ${SECTION_NOUN[section]} '${id}'.${hint}`,
      expected:
        known.length === 0
          ? `${withArticle(SECTION_NOUN[section])} declared under ${SECTION_HOME[section]} (this tool declares none)`
          : `one of the tool's ${plural(section)}: ${listed(known)}`,
    };
  }
}

/**
 * Cycles in a dependency graph (`id → ids it depends on`), each as a closed path `[a, b, c, a]`,
 * starting from the first node of the cycle in declaration order. Each cycle is reported once.
 */
export function findDependencyCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const seen = new Set<string>();

  const visit = (node: string): void => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue; // unknown ids are reported by the reference check
      const nextState = state.get(next);
      if (nextState === 'visiting') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const key = [...new Set(cycle)].sort().join('\u0000');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (nextState === undefined) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };

  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

const TYPE_CONFIGS = {
  mcp_config: 'mcp',
  cli_config: 'cli',
  local_config: 'local',
  meta_config: 'meta',
} as const;

/** Rules between sections of a 2.0 definition (paths relative to the tool mapping). */
export function checkSectionRules(tool: ToolDefinitionV2Input): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];

  for (const [key, type] of Object.entries(TYPE_CONFIGS)) {
    if (tool[key as keyof typeof TYPE_CONFIGS] !== undefined && tool.type !== type) {
      const matching = Object.entries(TYPE_CONFIGS).find(([, t]) => t === tool.type)?.[0];
      issues.push({
        path: [key],
        message: `${key} only applies to type: ${type}, but this tool is type: ${tool.type}`,
        expected: matching
          ? `${matching} for a ${tool.type} tool, or type: ${type}`
          : `no ${key} for a ${tool.type} tool`,
      });
    }
  }

  const hasText = tool.knowledge !== undefined || tool.knowledge_base !== undefined;
  const hasCode = tool.executable_knowledge !== undefined;
  const strategy = tool.knowledge_strategy;
  const missing =
    strategy === 'embedded' && tool.knowledge === undefined
      ? 'knowledge'
      : strategy === 'external' && tool.knowledge_base === undefined
        ? 'knowledge_base'
        : strategy === 'executable' && !hasCode
          ? 'executable_knowledge'
          : strategy === 'hybrid' && !(hasCode && hasText)
            ? hasCode
              ? 'knowledge or knowledge_base'
              : 'executable_knowledge'
            : undefined;
  if (missing !== undefined) {
    issues.push({
      path: ['knowledge_strategy'],
      message: `knowledge_strategy is ${strategy}, but the tool has no ${missing}`,
      expected: `a ${missing} section, or the knowledge_strategy that matches the sections present (or omit it to infer it)`,
    });
  }

  const meta = tool.meta_config;
  if (meta?.workflow) {
    meta.workflow.forEach((step, index) => {
      if (!meta.orchestrates.includes(step.tool)) {
        issues.push({
          path: ['meta_config', 'workflow', index, 'tool'],
          message: `workflow step '${step.step}' uses tool '${step.tool}', which meta_config.orchestrates does not list`,
          expected: `one of the orchestrated tools: ${meta.orchestrates.join(', ')} (or add it to orchestrates)`,
        });
      }
    });
  }

  (tool.commands ?? []).forEach((command, index) => {
    const required = new Set(command.required_args ?? []);
    for (const arg of command.optional_args ?? []) {
      if (required.has(arg)) {
        issues.push({
          path: ['commands', index, 'optional_args'],
          message: `argument '${arg}' of command '${command.name}' is both required and optional`,
          expected: 'each argument in required_args or optional_args, not both',
        });
      }
    }
  });
  return issues;
}
