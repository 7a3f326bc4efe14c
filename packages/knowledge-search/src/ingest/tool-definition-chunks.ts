/**
 * A tool definition (`*.tool.yaml`, schema 1.0 or 2.0, see packages/executable-knowledge/src/schema/
 * README.md) → one chunk per entity: the tool, each knowledge topic, command, helper, validator,
 * processor (its YAML entry and its code, long code in parts), anti-pattern, API quirk, known
 * limitation, API note (payload formats, field mappings) and example. The YAML is read as plain
 * data — this is search material, not a validated definition (`toolsmith-knowledge validate` checks
 * those) — so a definition that does not load still indexes what it has.
 */
import { dump } from 'js-yaml';
import type { EntityType } from '../entity-types.ts';
import type { KnowledgeChunk } from '../store/knowledge-store.ts';
import { codeParts } from './code-chunks.ts';

export interface ToolDefinitionChunkOptions {
  /** The YAML file's path inside the pack (`clickup.tool.yaml`), kept in metadata. */
  file: string;
  /** Reads a `file:` of a helper, validator or processor (relative to the YAML's folder); undefined when missing. */
  readCode(relativePath: string): Promise<string | undefined>;
  /** Characters per chunk before code is split (default 3,000). */
  maxChars?: number;
}

type Data = Record<string, unknown>;

const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : String(v);
const firstLine = (v: unknown, max = 160): string => {
  const line = text(v).split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};
const yaml = (v: unknown): string => dump(v, { lineWidth: 110, noRefs: true }).trim();

/** The root mapping of a definition: under `tool:` or at the top. */
export function definitionRoot(document: unknown): Data | undefined {
  if (!isData(document)) return undefined;
  return isData(document.tool) ? document.tool : document;
}

export async function toolDefinitionChunks(
  document: unknown,
  options: ToolDefinitionChunkOptions,
): Promise<KnowledgeChunk[]> {
  const root = definitionRoot(document);
  const id = text(root?.id);
  if (!root || !id) return [];
  const name = text(root.name) || id;
  const maxChars = options.maxChars ?? 3_000;
  const chunks: KnowledgeChunk[] = [];
  const add = (
    entityType: EntityType,
    entityId: string,
    topic: string,
    content: string,
    metadata: Data = {},
  ) => {
    chunks.push({
      entityType,
      entityId,
      topic,
      content,
      tool: id,
      metadata: { file: options.file, ...metadata },
    });
  };

  // The tool: what it is, its commands, its call context, setup.
  const commands = Array.isArray(root.commands) ? root.commands : [];
  const executable = isData(root.executable_knowledge) ? root.executable_knowledge : {};
  const toolFacts: Data = {};
  for (const key of [
    'type',
    'version',
    'tags',
    'documentation',
    'knowledge_strategy',
    'dependencies',
    'setup',
    'health_check',
  ]) {
    if (root[key] !== undefined) toolFacts[key] = root[key];
  }
  const commandLines = commands.map((c) =>
    isData(c) ? `- ${text(c.name)}: ${firstLine(c.description, 200)}` : `- ${text(c)}`,
  );
  const contextLines = (Array.isArray(executable.context) ? executable.context : [])
    .filter(isData)
    .map((c) => `- ${text(c.id)}: ${text(c.description)}`);
  add(
    'tool',
    id,
    `${name} — ${firstLine(root.description)}`,
    [
      `${name} (${id})`,
      text(root.description),
      yaml(toolFacts),
      commandLines.length ? `Commands:\n${commandLines.join('\n')}` : '',
      contextLines.length ? `Call context:\n${contextLines.join('\n')}` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  );

  // Knowledge topics: a list of {topic, content} or a mapping topic → text.
  const knowledge = Array.isArray(root.knowledge)
    ? root.knowledge.filter(isData).map((k) => [text(k.topic), k.content] as const)
    : isData(root.knowledge)
      ? Object.entries(root.knowledge)
      : [];
  for (const [topic, content] of knowledge) {
    if (!topic) continue;
    const body = Array.isArray(content) ? content.map(text).join('\n') : text(content);
    add('knowledge', topic, `${name}: ${topic}`, `${name} — ${topic}\n\n${body}`);
  }

  // Helpers, processors, validators: the YAML entry, then the code.
  const kinds: [EntityType, unknown][] = [
    ['helper', executable.helpers],
    ['processor', executable.processors],
    ['validator', executable.validators],
  ];
  for (const [entityType, list] of kinds) {
    for (const entry of Array.isArray(list) ? list.filter(isData) : []) {
      const entityId = text(entry.id);
      if (!entityId) continue;
      const summary = `${entityType} ${entityId}${entry.validates ? ` (validates ${[entry.validates].flat().join(', ')})` : ''}`;
      const topic = `${summary}: ${firstLine(entry.description)}`;
      const { function: inline, ...facts } = entry;
      const file = typeof entry.file === 'string' ? entry.file : undefined;
      const code = typeof inline === 'string' ? inline : file ? await options.readCode(file) : undefined;
      const head = `${name} ${summary}\n\n${yaml(facts)}`;
      const parts = code ? codeParts(code, maxChars) : [];
      if (parts.length <= 1) {
        add(entityType, entityId, topic, parts[0] ? `${head}\n\n${parts[0].text}` : head, {
          ...(file ? { source: file } : {}),
          ...(parts[0] ? { declares: parts[0].declares } : {}),
        });
        continue;
      }
      parts.forEach((part, i) => {
        const declared = part.declares.length ? ` — ${part.declares.join(', ')}` : '';
        add(
          entityType,
          i === 0 ? entityId : `${entityId}#${i + 1}`,
          i === 0 ? topic : `${summary} (part ${i + 1} of ${parts.length})${declared}`,
          i === 0
            ? `${head}\n\n${part.text}`
            : `${name} ${summary}, part ${i + 1} of ${parts.length}\n\n${part.text}`,
          { ...(file ? { source: file } : {}), part: i + 1, parts: parts.length, declares: part.declares },
        );
      });
    }
  }

  // Commands.
  for (const command of commands) {
    const entry = isData(command) ? command : { name: text(command) };
    const commandName = text(entry.name);
    if (!commandName) continue;
    add(
      'command',
      commandName,
      `${commandName} — ${firstLine(entry.description)}`,
      `${name} command ${commandName}\n\n${yaml(entry)}`,
    );
  }

  // Anti-patterns.
  for (const pattern of Array.isArray(root.anti_patterns) ? root.anti_patterns.filter(isData) : []) {
    const patternId = text(pattern.pattern ?? pattern.id);
    if (!patternId) continue;
    add(
      'pattern',
      patternId,
      `anti-pattern ${patternId}: ${firstLine(pattern.description)}`,
      `${name} anti-pattern\n\n${yaml(pattern)}`,
    );
  }

  // API complexity: quirks, limitations, then every other note (payload formats, field mappings…).
  const api = isData(root.api_complexity) ? root.api_complexity : {};
  for (const quirk of Array.isArray(api.api_quirks) ? api.api_quirks.filter(isData) : []) {
    const quirkId = text(quirk.quirk ?? quirk.id);
    if (quirkId)
      add(
        'quirk',
        quirkId,
        `API quirk ${quirkId}: ${firstLine(quirk.description)}`,
        `${name} API quirk\n\n${yaml(quirk)}`,
      );
  }
  for (const limitation of Array.isArray(api.known_limitations) ? api.known_limitations.filter(isData) : []) {
    const limitationId = text(limitation.limitation ?? limitation.id);
    if (limitationId) {
      add(
        'limitation',
        limitationId,
        `known limitation ${limitationId}: ${firstLine(limitation.description)}`,
        `${name} known limitation\n\n${yaml(limitation)}`,
      );
    }
  }
  for (const [section, value] of Object.entries(api)) {
    if (section === 'api_quirks' || section === 'known_limitations') continue;
    for (const [path, note] of apiNotes(section, value)) {
      add(
        'api',
        path,
        `${name} API: ${path.replaceAll('.', ' › ')}`,
        `${name} API ${path}\n\n${typeof note === 'string' ? note.trim() : yaml(note)}`,
      );
    }
  }

  // Examples: a list, or a mapping group → list.
  const groups: [string, unknown[]][] = Array.isArray(root.examples)
    ? [['examples', root.examples]]
    : isData(root.examples)
      ? Object.entries(root.examples).map(([group, list]) => [group, Array.isArray(list) ? list : [list]])
      : [];
  for (const [group, list] of groups) {
    list.forEach((example, i) => {
      const entry = isData(example) ? example : { description: text(example) };
      const exampleId = text(entry.id ?? entry.name) || `${group}-${i + 1}`;
      const what = firstLine(entry.description ?? entry.scenario);
      add(
        'example',
        exampleId,
        `example ${group}${entry.scenario ? ` (${text(entry.scenario)})` : ''}: ${what || exampleId}`,
        `${name} example for ${group}\n\n${yaml(entry)}`,
        {
          group,
        },
      );
    });
  }
  return chunks;
}

/** An API note section → entries: a mapping whose values are mappings is one entry per value (formats, field types). */
function apiNotes(section: string, value: unknown): [string, unknown][] {
  if (!isData(value)) return [[section, value]];
  const notes: [string, unknown][] = [];
  for (const [key, inner] of Object.entries(value)) {
    const path = `${section}.${key}`;
    if (isData(inner) && Object.values(inner).every(isData) && Object.keys(inner).length > 1) {
      for (const [leaf, note] of Object.entries(inner)) notes.push([`${path}.${leaf}`, note]);
    } else notes.push([path, inner]);
  }
  return notes;
}
