import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@toolsmith/core';
import { createEmbedder } from './embedder.ts';
import { resolveEmbeddingModel } from './resolve-embedding-model.ts';
import { conceptEmbeddingModel } from '../__fixtures__/concept-embedding-model.ts';

describe('resolveEmbeddingModel', () => {
  it('is undefined when no model is configured', async () => {
    expect(await resolveEmbeddingModel({})).toBeUndefined();
    expect(await resolveEmbeddingModel({ KNOWLEDGE_EMBEDDING_MODEL: ' ' })).toBeUndefined();
  });

  it('makes OpenAI and OpenAI-compatible models without calling them', async () => {
    const openai = await resolveEmbeddingModel({
      KNOWLEDGE_EMBEDDING_MODEL: 'openai:text-embedding-3-small',
      OPENAI_API_KEY: 'sk-test',
    });
    expect(openai).toMatchObject({
      modelId: 'text-embedding-3-small',
      provider: expect.stringContaining('openai'),
    });
    const local = await resolveEmbeddingModel({
      KNOWLEDGE_EMBEDDING_MODEL: 'ollama:nomic-embed-text',
      KNOWLEDGE_EMBEDDING_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(local).toMatchObject({ modelId: 'nomic-embed-text', provider: expect.stringContaining('ollama') });
  });

  it('says what to set when the configuration is incomplete', async () => {
    await expect(
      resolveEmbeddingModel({ KNOWLEDGE_EMBEDDING_MODEL: 'text-embedding-3-small' }),
    ).rejects.toThrow(
      '- KNOWLEDGE_EMBEDDING_MODEL: "text-embedding-3-small" names no provider and model. Write provider:model',
    );
    await expect(
      resolveEmbeddingModel({ KNOWLEDGE_EMBEDDING_MODEL: 'openai:text-embedding-3-small' }),
    ).rejects.toThrow(
      '- OPENAI_API_KEY: is not set, and KNOWLEDGE_EMBEDDING_MODEL=openai:text-embedding-3-small needs it.',
    );
    const local = resolveEmbeddingModel({ KNOWLEDGE_EMBEDDING_MODEL: 'ollama:nomic-embed-text' });
    await expect(local).rejects.toThrow(ConfigError);
    await expect(
      resolveEmbeddingModel({ KNOWLEDGE_EMBEDDING_MODEL: 'ollama:nomic-embed-text' }),
    ).rejects.toThrow('- KNOWLEDGE_EMBEDDING_BASE_URL: is not set, and provider "ollama"');
  });
});

describe('createEmbedder', () => {
  it('embeds in batches through the AI SDK, reporting progress, clipping long texts', async () => {
    const model = conceptEmbeddingModel({ dimensions: 16 });
    const embedder = createEmbedder(model, { batchSize: 2, maxChars: 10 });
    const progress: string[] = [];
    const vectors = await embedder.embedMany(['owner', 'card', 'lane', 'x'.repeat(50)], (done, total) =>
      progress.push(`${done}/${total}`),
    );
    expect(vectors).toHaveLength(4);
    expect(vectors[0]).toHaveLength(16);
    expect(progress).toEqual(['2/4', '4/4']);
    expect(model.doEmbedCalls.map((c) => c.values)).toEqual([
      ['owner', 'card'],
      ['lane', 'x'.repeat(10)],
    ]);
    expect(embedder.model).toBe('test:concepts-16');
    expect(await embedder.embed('owner')).toEqual(vectors[0]);
  });
});
