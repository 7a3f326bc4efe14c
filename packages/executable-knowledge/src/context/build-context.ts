/**
 * Context injection: what an agent needs to call one command of a tool correctly, rendered as
 * Markdown within a token budget. Sections go most relevant first — the command itself, the rules
 * its validators enforce, the anti-patterns to avoid, quirks, the helpers it uses, field mappings,
 * examples (success first), limitations, then general knowledge — and whatever does not fit is
 * named at the end, so the agent knows what it did not see.
 */
import { closestMatches } from '@toolsmith/core';
import type {
  AntiPattern,
  CommandDefinition,
  ExampleDefinition,
  ToolDefinition,
  ValidatorDefinition,
} from '../schema/index.ts';
import { UnknownKnowledgeError } from '../errors/unknown-knowledge-error.ts';

export interface BuildContextOptions {
  /** Budget for the whole text. Tokens are estimated as characters ÷ 4. @default 2000 */
  maxTokens?: number;
}

export interface ContextItem {
  kind:
    | 'command'
    | 'validator'
    | 'anti_pattern'
    | 'quirk'
    | 'helper'
    | 'field_mapping'
    | 'example'
    | 'limitation'
    | 'knowledge';
  id: string;
  text: string;
}

export interface BuiltContext {
  text: string;
  /** Estimated tokens of `text`. */
  tokens: number;
  included: { kind: ContextItem['kind']; id: string }[];
  omitted: { kind: ContextItem['kind']; id: string }[];
}

export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

const EXAMPLE_ORDER = { success: 0, failure: 1, edge_case: 2, anti_pattern: 3 } as const;

const show = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : (JSON.stringify(value, null, 0) ?? String(value));

const mentions = (text: string, words: readonly string[]) =>
  words.some((w) => w.length > 2 && text.includes(w));

function describeCheck(check: ValidatorDefinition['checks'][number]): string {
  switch (check.kind) {
    case 'required_fields':
      return `required: ${check.fields.join(', ')}`;
    case 'assignee_format':
      return check.format === 'create_api'
        ? 'assignees: a list of user ids, e.g. [183, 456]'
        : 'assignees: an object {add: [ids], rem: [ids]}';
    case 'field_types':
      return `types: ${Object.entries(check.types)
        .map(([field, type]) => `${field} is ${type}`)
        .join(', ')}`;
    case 'allowed_values':
      return `allowed values: ${Object.entries(check.values)
        .map(([field, values]) => `${field} ∈ {${values.map((v) => JSON.stringify(v)).join(', ')}}`)
        .join('; ')}`;
    case 'number_range':
      return `ranges: ${Object.entries(check.ranges)
        .map(([field, r]) => `${field} in [${r.min ?? '-∞'}, ${r.max ?? '∞'}]`)
        .join(', ')}`;
    default:
      return JSON.stringify(check);
  }
}

function antiPatternApplies(pattern: AntiPattern, command: CommandDefinition): boolean {
  const detect = pattern.detect;
  if (detect?.kind === 'match') return detect.command === undefined || detect.command === command.name;
  if (detect?.kind === 'validator') return command.validation.includes(detect.validator);
  const ref = pattern.reference;
  if (ref?.section === 'validators') return command.validation.includes(ref.id);
  if (ref?.section === 'commands') return ref.id === command.name;
  return mentions(`${pattern.description} ${show(pattern.wrong)}`, [command.name]);
}

function examplesFor(definition: ToolDefinition, command: CommandDefinition): ExampleDefinition[] {
  const refs = new Set(command.exampleRefs);
  return definition.examples
    .filter((e) => e.group === command.name || refs.has(e.id) || (e.group !== undefined && refs.has(e.group)))
    .sort(
      (a, b) => (EXAMPLE_ORDER[a.kind ?? 'edge_case'] ?? 9) - (EXAMPLE_ORDER[b.kind ?? 'edge_case'] ?? 9),
    );
}

/** Every context item for a command, most relevant first. */
export function contextItems(definition: ToolDefinition, commandName: string): ContextItem[] {
  const command = definition.commands.find((c) => c.name === commandName);
  if (!command) {
    const names = definition.commands.map((c) => c.name);
    throw new UnknownKnowledgeError({
      toolId: definition.id,
      kind: 'command',
      id: commandName,
      known: names,
      suggestions: closestMatches(commandName, names),
    });
  }
  const knowledge = definition.executableKnowledge;
  const items: ContextItem[] = [];
  const args = [
    command.requiredArgs.length ? `required: ${command.requiredArgs.join(', ')}` : '',
    command.optionalArgs.length ? `optional: ${command.optionalArgs.join(', ')}` : '',
  ].filter(Boolean);
  items.push({
    kind: 'command',
    id: command.name,
    text: [
      `## ${definition.name} — ${command.name}`,
      command.description,
      args.length ? `Arguments — ${args.join('; ')}.` : '',
      command.mcpTool ? `MCP tool: \`${command.mcpTool}\`.` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  });

  for (const id of command.validation) {
    const validator = knowledge.validators.find((v) => v.id === id);
    if (!validator) continue;
    const rules = validator.checks.map(describeCheck);
    if (validator.description) rules.push(validator.description);
    items.push({
      kind: 'validator',
      id,
      text: `### Rules (${id})\n${rules.map((r) => `- ${r}`).join('\n')}`,
    });
  }

  for (const pattern of definition.antiPatterns.filter((p) => antiPatternApplies(p, command))) {
    const why = pattern.why ?? pattern.error;
    items.push({
      kind: 'anti_pattern',
      id: pattern.pattern,
      text: [
        `### Avoid: ${pattern.pattern}`,
        pattern.description,
        `Wrong: ${show(pattern.wrong)}`,
        `Correct: ${show(pattern.correct)}`,
        why ? `Why: ${why}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    });
  }

  const helperIds = new Set<string>();
  const addHelper = (id: string) => {
    if (helperIds.has(id)) return;
    helperIds.add(id);
    for (const dep of knowledge.helpers.find((h) => h.id === id)?.dependencies ?? []) addHelper(dep);
  };
  command.usesHelpers.forEach(addHelper);
  const related = [command.name, ...command.validation, ...helperIds];

  for (const quirk of definition.apiComplexity?.apiQuirks ?? []) {
    const text = `${quirk.quirk} ${quirk.description} ${quirk.mitigation ?? ''} ${JSON.stringify(quirk.extra)}`;
    if (!mentions(text, related)) continue;
    items.push({
      kind: 'quirk',
      id: quirk.quirk,
      text: `### Quirk: ${quirk.quirk}\n${quirk.description}${quirk.mitigation ? `\nMitigation: ${quirk.mitigation}` : ''}`,
    });
  }

  for (const id of helperIds) {
    const helper = knowledge.helpers.find((h) => h.id === id);
    if (!helper) continue;
    const signature = new RegExp(`function\\s+${helper.code.export}\\s*\\(([^)]*)\\)`).exec(
      helper.code.source,
    )?.[1];
    items.push({
      kind: 'helper',
      id,
      text: `### Helper ${id}: \`${helper.code.export}(${signature?.trim() ?? '…'})\`${helper.description ? `\n${helper.description}` : ''}`,
    });
  }

  for (const [name, mapping] of Object.entries(definition.apiComplexity?.fieldMappings ?? {})) {
    if (!mentions(JSON.stringify(mapping), [...helperIds]) && !mentions(name, related)) continue;
    items.push({
      kind: 'field_mapping',
      id: name,
      text: `### Field mapping: ${name}\n${JSON.stringify(mapping)}`,
    });
  }

  for (const example of examplesFor(definition, command)) {
    const parts = [
      `### Example (${example.scenario ?? example.kind ?? 'example'}): ${example.description ?? example.id}`,
      example.input !== undefined ? `Input: ${show(example.input)}` : '',
      example.output !== undefined ? `Output: ${show(example.output)}` : '',
      example.error !== undefined ? `Error: ${show(example.error)}` : '',
      example.wrong !== undefined ? `Wrong: ${show(example.wrong)}` : '',
      example.correct !== undefined ? `Correct: ${show(example.correct)}` : '',
      ...Object.entries(example.extra).map(([k, v]) => `${k}: ${show(v)}`),
      example.note ? `Note: ${example.note}` : '',
    ];
    items.push({ kind: 'example', id: example.id, text: parts.filter(Boolean).join('\n') });
  }

  for (const limitation of definition.apiComplexity?.knownLimitations ?? []) {
    const text = `${limitation.limitation} ${limitation.description} ${limitation.workaround ?? ''}`;
    if (!mentions(text, related)) continue;
    items.push({
      kind: 'limitation',
      id: limitation.limitation,
      text: `### Limitation: ${limitation.limitation}\n${limitation.description}${limitation.workaround ? `\nWorkaround: ${limitation.workaround}` : ''}`,
    });
  }

  for (const entry of definition.knowledge) {
    items.push({ kind: 'knowledge', id: entry.topic, text: `### ${entry.topic}\n${entry.content.trim()}` });
  }
  return items;
}

function leftOutNote(omitted: readonly ContextItem[], maxTokens: number): string {
  const byKind = new Map<string, string[]>();
  for (const item of omitted) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item.id]);
  const list = [...byKind.entries()].map(
    ([kind, ids]) =>
      `${ids.length} ${kind.replace('_', ' ')}${ids.length > 1 ? 's' : ''} (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`,
  );
  return `_Left out to stay within ${maxTokens} tokens: ${list.join('; ')}. Ask for a larger maxTokens to see them._`;
}

/** Renders the command's context within `maxTokens`, most relevant first, naming what was left out. */
export function buildCommandContext(
  definition: ToolDefinition,
  command: string,
  options: BuildContextOptions = {},
): BuiltContext {
  const maxTokens = options.maxTokens ?? 2000;
  const items = contextItems(definition, command);
  const chosen: ContextItem[] = [];
  let used = 0;
  for (const item of items) {
    const cost = estimateTokens(`${item.text}\n\n`);
    if (chosen.length === 0 || used + cost <= maxTokens) {
      chosen.push(item);
      used += cost;
    }
  }
  // Make room for the note naming what was left out, dropping the least relevant chosen items.
  const render = () => {
    const omitted = items.filter((i) => !chosen.includes(i));
    const body = chosen.map((i) => i.text).join('\n\n');
    return { omitted, text: omitted.length > 0 ? `${body}\n\n${leftOutNote(omitted, maxTokens)}` : body };
  };
  let rendered = render();
  while (estimateTokens(rendered.text) > maxTokens && chosen.length > 1) {
    chosen.pop();
    rendered = render();
  }
  const { text, omitted } = rendered;
  return {
    text,
    tokens: estimateTokens(text),
    included: chosen.map(({ kind, id }) => ({ kind, id })),
    omitted: omitted.map(({ kind, id }) => ({ kind, id })),
  };
}
