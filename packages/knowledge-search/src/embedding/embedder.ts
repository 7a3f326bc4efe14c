/**
 * Embeddings through the AI SDK: any `EmbeddingModel` (OpenAI, an OpenAI-compatible local server,
 * any provider package, or a scripted model in tests) behind `embedMany` / `embed`. The `ai` module
 * is imported on the first call, not when this file loads.
 */
import type { EmbeddingModel } from 'ai';

export interface Embedder {
  /** The model's identity, kept with the vectors: `provider:modelId`. */
  readonly model: string;
  /** One vector per text, in order; `progress` hears about each batch. */
  embedMany(texts: readonly string[], progress?: (done: number, total: number) => void): Promise<number[][]>;
  embed(text: string): Promise<number[]>;
}

export interface EmbedderOptions {
  /** The identity kept with the vectors (default `provider:modelId` of the model). */
  name?: string;
  /** Texts per `embedMany` call (default 64): a progress line after each. */
  batchSize?: number;
  /** Passed to the AI SDK (default 2). */
  maxRetries?: number;
  /** Characters of a text that are embedded (default 8,000; embedding models take about 8k tokens). */
  maxChars?: number;
}

export function modelKey(model: EmbeddingModel): string {
  return typeof model === 'string' ? model : `${model.provider}:${model.modelId}`;
}

export function createEmbedder(model: EmbeddingModel, options: EmbedderOptions = {}): Embedder {
  const batchSize = options.batchSize ?? 64;
  const maxRetries = options.maxRetries ?? 2;
  const maxChars = options.maxChars ?? 8_000;
  const clip = (text: string) => (text.length > maxChars ? text.slice(0, maxChars) : text);
  return {
    model: options.name ?? modelKey(model),
    async embedMany(texts, progress) {
      const { embedMany } = await import('ai');
      const vectors: number[][] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const values = texts.slice(start, start + batchSize).map(clip);
        const { embeddings } = await embedMany({ model, values, maxRetries });
        vectors.push(...embeddings);
        progress?.(vectors.length, texts.length);
      }
      return vectors;
    },
    async embed(text) {
      const { embed } = await import('ai');
      const { embedding } = await embed({ model, value: clip(text), maxRetries });
      return embedding;
    },
  };
}
