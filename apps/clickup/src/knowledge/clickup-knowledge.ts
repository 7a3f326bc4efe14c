/**
 * The ClickUp knowledge pack (apps/clickup/knowledge) wired into the server: its validators run in
 * the isolated-vm sandbox before every guarded write, and see the call context they declare — the
 * target list (statuses), its custom fields (types, options), the workspace members and the
 * authorized user — fetched here through the API client, cached per key, and refetched when the
 * API says a cached entry was stale (ITEM_114 "Status does not exist", FIELD_115 "field not in the
 * task's hierarchy"). Nothing of the host (client, token) reaches the sandbox: only the data.
 *
 * The pack's runtime (loader, resolver, the sandbox's host process) is loaded on the first guarded
 * call, never at the server's start (knowledge-runtime.ts).
 *
 * With users signed in (`--auth builtin`) the two halves live apart: the knowledge source (the pack
 * and its sandbox, which hold no user data — validators see only what each call hands them) is one
 * per server; the validation context (what was read through a client) is one per user and workspace.
 */
import { ApiError, type Logger } from '@toolsmith/core';
import {
  defineContextProvider,
  ValidationContext,
  type ContextInput,
  type KnowledgeSource,
  type SandboxPool,
  type ToolResolver,
} from '@toolsmith/executable-knowledge';
import type { ClickUpClient } from '../api/clickup-client.ts';
import { findPackDir } from './pack-location.ts';

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
  const source = createKnowledgeSource(options);
  return { ...source, knowledgeContext: createKnowledgeContext(client) };
}

/** The pack's validators, run in one sandbox for every caller (loaded on the first guarded call). */
export function createKnowledgeSource(options: { packDir?: string; logger?: Logger } = {}): {
  readonly knowledge: KnowledgeSource;
  close(): Promise<void>;
} {
  let pool: SandboxPool | undefined;
  let resolver: Promise<ToolResolver> | undefined;
  const loadResolver = async () => {
    const runtime = await import('./knowledge-runtime.ts');
    const searchPaths = [options.packDir ?? findPackDir()];
    pool = runtime.createSandboxPool({ size: 1 });
    return new runtime.ToolResolver({ searchPaths, pool });
  };
  const knowledge: KnowledgeSource = {
    async validatorFor(toolId) {
      resolver ??= loadResolver().catch((error: unknown) => {
        resolver = undefined; // the next guarded call tries again
        throw error;
      });
      return (await resolver).validatorFor(toolId);
    },
  };
  return {
    knowledge,
    close: async () => {
      await resolver?.catch(() => undefined);
      await pool?.close();
    },
  };
}

/** What the validators see of one caller's workspace, read through their client (cached per key). */
export function createKnowledgeContext(client: ClickUpClient): ValidationContext {
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

  return new ValidationContext({
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
}
