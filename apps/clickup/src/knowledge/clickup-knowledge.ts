/**
 * The ClickUp knowledge pack (apps/clickup/knowledge) wired into the server: its validators run in
 * the isolated-vm sandbox before every guarded write, and see the call context they declare — the
 * target list (statuses), its custom fields (types, options), the workspace members and the
 * authorized user — fetched here through the API client, cached per key, and refetched when the
 * API says a cached entry was stale (ITEM_114 "Status does not exist", FIELD_115 "field not in the
 * task's hierarchy"). Nothing of the host (client, token) reaches the sandbox: only the data.
 *
 * The sandbox (a host process) starts on the first guarded call, never at the server's start.
 */
import { fileURLToPath } from 'node:url';
import { ApiError, type Logger } from '@toolsmith/core';
import {
  createSandboxPool,
  defineContextProvider,
  ToolResolver,
  ValidationContext,
  type ContextInput,
  type KnowledgeSource,
  type SandboxPool,
} from '@toolsmith/executable-knowledge';
import type { ClickUpClient } from '../api/clickup-client.ts';

/** The pack's directory: apps/clickup/knowledge (the same path from src/knowledge and dist/bundle). */
export const PACK_DIR = fileURLToPath(new URL('../../knowledge/', import.meta.url));

const LIST_TTL_MS = 5 * 60_000;
const MEMBERS_TTL_MS = 15 * 60_000;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

const staleCode =
  (...codes: string[]) =>
  (error: unknown) =>
    ApiError.isInstance(error) && error.apiCode !== undefined && codes.includes(error.apiCode);

export interface ClickUpKnowledge {
  readonly knowledge: KnowledgeSource;
  readonly knowledgeContext: ValidationContext;
  close(): Promise<void>;
}

export function createClickUpKnowledge(
  client: ClickUpClient,
  options: { packDir?: string; logger?: Logger } = {},
): ClickUpKnowledge {
  let pool: SandboxPool | undefined;
  let resolver: ToolResolver | undefined;
  const knowledge: KnowledgeSource = {
    validatorFor(toolId) {
      if (!resolver) {
        pool = createSandboxPool({ size: 1 });
        resolver = new ToolResolver({ searchPaths: [options.packDir ?? PACK_DIR], pool });
      }
      return resolver.validatorFor(toolId);
    },
  };

  /** The list a call is about: its `list_id`, or the list of its task (one GET, cached by the provider). */
  const listKey = (input: ContextInput) =>
    text(input['list_id']) ?? (text(input['task_id']) ? `task:${text(input['task_id'])}` : undefined);
  const listOf = async (input: ContextInput, signal: AbortSignal) => {
    const listId = text(input['list_id']);
    if (listId) return listId;
    const { path, query } = await client.task(text(input['task_id'])!, '', signal);
    const task = await client.get<{ list?: { id: string } }>(path, { query, signal });
    if (!task.list?.id) throw new Error('the task has no list');
    return task.list.id;
  };

  const knowledgeContext = new ValidationContext({
    providers: [
      defineContextProvider({
        id: 'list',
        key: listKey,
        fetch: async (input, { signal }) =>
          client.get(`/list/${encodeURIComponent(await listOf(input, signal))}`, { signal }),
        ttlMs: LIST_TTL_MS,
        isStale: staleCode('ITEM_114'),
      }),
      defineContextProvider({
        id: 'custom_fields',
        key: listKey,
        fetch: async (input, { signal }) =>
          client.get(`/list/${encodeURIComponent(await listOf(input, signal))}/field`, { signal }),
        ttlMs: LIST_TTL_MS,
        isStale: staleCode('FIELD_115', 'FIELD_011', 'FIELD_342'),
      }),
      defineContextProvider({
        id: 'members',
        key: () => 'workspace',
        fetch: async (_input, { signal }) => {
          const teamId = await client.teamId(signal);
          const { teams } = await client.get<{ teams: { id: string; members?: unknown[] }[] }>('/team', {
            signal,
          });
          return teams.find((t) => t.id === teamId)?.members ?? [];
        },
        ttlMs: MEMBERS_TTL_MS,
      }),
      defineContextProvider({
        id: 'user',
        key: () => 'me',
        fetch: (_input, { signal }) => client.get('/user', { signal }),
        ttlMs: Infinity,
      }),
    ],
  });

  return {
    knowledge,
    knowledgeContext,
    close: async () => {
      await pool?.close();
    },
  };
}
