/**
 * A scripted embedding model through the real AI SDK (`MockEmbeddingModelV4` from `ai/test`): a bag
 * of words where words of one concept share a dimension (owner, assignee, person, responsible…) and
 * other words are hashed into the rest. Texts about the same thing in other words come out close,
 * so the tests can assert matches that only the vector search finds.
 */
import { MockEmbeddingModelV4 } from 'ai/test';

const CONCEPTS: readonly string[][] = [
  ['owner', 'owners', 'assignee', 'assignees', 'responsible', 'person', 'people', 'handles', 'handle'],
  ['card', 'cards', 'ticket', 'tickets', 'item', 'items'],
  ['column', 'columns', 'stage', 'stages', 'status'],
  ['archive', 'archived', 'hide', 'hidden', 'shelve'],
  ['date', 'dates', 'due', 'deadline', 'seconds', 'timestamp', 'when'],
  ['swimlane', 'swimlanes', 'lane', 'lanes', 'row', 'rows'],
  ['webhook', 'webhooks', 'event', 'events', 'notification', 'callback'],
  ['signature', 'hmac', 'signed', 'verify', 'authentic'],
];

export interface ConceptModelOptions {
  dimensions?: number;
  modelId?: string;
}

export function conceptEmbeddingModel(options: ConceptModelOptions = {}): MockEmbeddingModelV4 {
  const dimensions = options.dimensions ?? 64;
  return new MockEmbeddingModelV4({
    provider: 'test',
    modelId: options.modelId ?? `concepts-${dimensions}`,
    maxEmbeddingsPerCall: 100,
    doEmbed: async ({ values }) => ({ embeddings: values.map((v) => embed(v, dimensions)), warnings: [] }),
  });
}

function embed(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (word.length < 3) continue;
    const concept = CONCEPTS.findIndex((c) => c.includes(word));
    const slot = concept >= 0 ? concept : CONCEPTS.length + (hash(word) % (dimensions - CONCEPTS.length));
    vector[slot]! += concept >= 0 ? 3 : 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}

function hash(word: string): number {
  let h = 2166136261;
  for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}
