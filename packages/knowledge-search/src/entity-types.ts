/**
 * What a knowledge entry is about. A pack is chunked by entity: one entry per tool, knowledge topic,
 * command, helper, validator, processor, anti-pattern, API quirk, known limitation, API note,
 * example, fixture and documentation section.
 */
export const ENTITY_TYPES = [
  'tool',
  'knowledge',
  'command',
  'helper',
  'validator',
  'processor',
  'pattern',
  'quirk',
  'limitation',
  'api',
  'example',
  'fixture',
  'doc',
] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];

export function isEntityType(value: unknown): value is EntityType {
  return typeof value === 'string' && (ENTITY_TYPES as readonly string[]).includes(value);
}
