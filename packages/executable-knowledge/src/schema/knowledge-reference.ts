/**
 * Reference syntax inside a tool definition: `<section>.<id>` (`validators.validate-create-task`),
 * or the bare id where the field already says which section it points into (`validation:`,
 * `uses_helpers:`…). Examples have one more level: `examples.<group>` names a whole group,
 * `examples.<group>.<scenario-or-id>` one example.
 *
 * Only the syntax lives here; resolving a reference against a loaded definition is
 * `loader/cross-references.ts`.
 */

export const REFERENCE_SECTIONS = [
  'helpers',
  'processors',
  'validators',
  'commands',
  'examples',
  'anti_patterns',
  'api_quirks',
  'known_limitations',
  'context',
] as const;
export type ReferenceSection = (typeof REFERENCE_SECTIONS)[number];

/** Singular noun used in messages ("unknown validator 'x'"). */
export const SECTION_NOUN: Record<ReferenceSection, string> = {
  helpers: 'helper',
  processors: 'processor',
  validators: 'validator',
  commands: 'command',
  examples: 'example',
  anti_patterns: 'anti-pattern',
  api_quirks: 'API quirk',
  known_limitations: 'known limitation',
  context: 'context entry',
};

export interface KnowledgeReference {
  /** The section written before the first dot, when there was one. */
  section: ReferenceSection | undefined;
  /** Everything after the section (`create_task.success` for `examples.create_task.success`). */
  id: string;
  /** The text as written. */
  raw: string;
}

export function isReferenceSection(value: string): value is ReferenceSection {
  return (REFERENCE_SECTIONS as readonly string[]).includes(value);
}

/**
 * Splits `validators.validate-create-task` into section and id. A string whose first part is not a
 * section name is a bare id (`section: undefined`), dots included (derived example ids such as
 * `create_task.success` contain one).
 */
export function parseKnowledgeReference(raw: string): KnowledgeReference {
  const text = raw.trim();
  const dot = text.indexOf('.');
  if (dot > 0) {
    const head = text.slice(0, dot);
    if (isReferenceSection(head)) return { section: head, id: text.slice(dot + 1), raw };
  }
  return { section: undefined, id: text, raw };
}

/** `validators.validate-create-task`, the canonical spelling of a reference. */
export function formatKnowledgeReference(section: ReferenceSection, id: string): string {
  return `${section}.${id}`;
}
