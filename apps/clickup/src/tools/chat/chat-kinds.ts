/**
 * The chat reference kinds (registered by references/clickup-references.ts):
 *
 * | kind             | values (what is sent) | other forms accepted      | scope                    | read from                                   |
 * | ---------------- | --------------------- | ------------------------- | ------------------------ | ------------------------------------------- |
 * | `chat_channel`   | channel id            | name, "#name", any case   | workspace                | GET v3 …/chat/channels (≤ 5 pages of 100)   |
 * | `chat_post_type` | post subtype id       | Announcement, Update…     | workspace                | GET v3 …/comments/types/post/subtypes       |
 * | `chat_reaction`  | emoji name            | ":name:", any case        | your reactions on the    | GET v3 …/chat/messages/{id}/reactions       |
 * |                  |                       |                           | call's `message_id`      |                                             |
 */
import {
  defineEntityKind,
  NotFoundError,
  type EntityKind,
  type EntityList,
  type EntityRecord,
  type ScopeCall,
} from '@toolsmith/core';
import type { ClickUpClient } from '../../api/clickup-client.ts';
import type { ApiChatChannel, ApiChatReaction, ApiPage } from './chat-api.ts';

const MINUTE = 60_000;
/** Pages of channels read for the channel kind (100 each); more, and a name beyond them goes unchecked. */
const CHANNEL_PAGES = 5;

/** The post subtypes of a workspace: the answer's shape is not in the API reference (see chat-view.ts). */
export function postSubtypes(answer: unknown): { id: string; name: string }[] {
  const record = (answer ?? {}) as Record<string, unknown>;
  const list = Array.isArray(answer)
    ? answer
    : (record['comment_subtypes'] ?? record['subtypes'] ?? record['data'] ?? []);
  return (Array.isArray(list) ? list : []).filter(
    (s): s is { id: string; name: string } =>
      typeof s === 'object' && s !== null && typeof s.id === 'string' && typeof s.name === 'string',
  );
}

export function chatKinds<TDeps>(
  client: ClickUpClient,
  me: (signal?: AbortSignal) => Promise<{ id: number }>,
): EntityKind<TDeps>[] {
  const chat = async (path: string, signal: AbortSignal | undefined) =>
    client.v3(`/workspaces/${await client.teamId(signal)}${path}`);
  return [
    defineEntityKind<TDeps>({
      name: 'chat_channel',
      one: 'a chat channel',
      many: 'chat channels',
      listTool: 'clickup_get_chat_channels',
      ttlMs: 2 * MINUTE,
      isStale: (error) => NotFoundError.isInstance(error),
      load: async (_scope, ctx): Promise<EntityList> => {
        const path = await chat('/chat/channels', ctx.signal);
        const records: EntityRecord[] = [];
        let cursor: string | undefined;
        for (let read = 0; read < CHANNEL_PAGES; read++) {
          const page = await client.get<ApiPage<ApiChatChannel>>(path, {
            query: { limit: 100, ...(cursor ? { cursor } : {}) },
            signal: ctx.signal,
          });
          for (const c of page.data) {
            records.push(
              c.name
                ? { value: c.id, names: [c.name], forms: [`#${c.name}`], label: `${c.id} (#${c.name})` }
                : { value: c.id, label: `${c.id} (${c.type ?? 'DM'})` },
            );
          }
          cursor = page.next_cursor || undefined;
          if (!cursor) break;
        }
        return { records, ...(cursor ? { complete: false } : {}) };
      },
    }),
    defineEntityKind<TDeps>({
      name: 'chat_post_type',
      one: 'a post type',
      many: 'post types',
      ttlMs: 30 * MINUTE,
      load: async (_scope, ctx) => {
        const answer = await client.get<unknown>(await chat('/comments/types/post/subtypes', ctx.signal), {
          signal: ctx.signal,
        });
        return postSubtypes(answer).map((s) => ({
          value: s.id,
          names: [s.name],
          label: `${s.id} (${s.name})`,
        }));
      },
    }),
    defineEntityKind<TDeps>({
      name: 'chat_reaction',
      one: 'a reaction of yours',
      many: 'reactions of yours',
      listTool: 'clickup_get_chat_reactions',
      // Read afresh for each call: reactions come and go.
      ttlMs: 0,
      scope: ({ params }: ScopeCall<TDeps>) =>
        typeof params['message_id'] === 'string' ? params['message_id'] : undefined,
      load: async (scope, ctx): Promise<EntityList> => {
        if (scope === undefined) return { records: [], complete: false };
        const [path, user] = await Promise.all([
          chat(`/chat/messages/${encodeURIComponent(scope)}/reactions`, ctx.signal),
          me(ctx.signal),
        ]);
        const page = await client.get<ApiPage<ApiChatReaction>>(path, {
          query: { limit: 100 },
          signal: ctx.signal,
        });
        const mine = [
          ...new Set(page.data.filter((r) => r.user_id === String(user.id)).map((r) => r.reaction)),
        ];
        return {
          records: mine.map((name) => ({ value: name, forms: [`:${name}:`] })),
          scopeLabel: `message ${scope}`,
          ...(page.next_cursor ? { complete: false } : {}),
        };
      },
    }),
  ];
}
