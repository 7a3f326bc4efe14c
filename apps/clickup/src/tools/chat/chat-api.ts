/**
 * Chat (API v3) as the API returns it — shapes from the public reference pages getChatChannels,
 * getChatMessages, getChatMessageReplies and getChatMessageReactions. Types only: the references
 * (chat-kinds.ts) and the views (chat-view.ts) both read them.
 */

/** Every v3 chat list: `{ data, next_cursor }` (null or empty on the last page). */
export interface ApiPage<T> {
  data: T[];
  next_cursor?: string | null;
}

export interface ApiChatChannel {
  id: string;
  name?: string;
  topic?: string;
  type?: 'CHANNEL' | 'DM' | 'GROUP_DM';
  visibility?: 'PUBLIC' | 'PRIVATE';
  parent?: { id: string; type: number };
  archived?: boolean;
}

export interface ApiChatMessage {
  id: string;
  type: 'message' | 'post';
  content: string;
  date: number;
  user_id: string;
  parent_channel: string;
  parent_message?: string;
  post_data?: { title: string; subtype?: { id: string; name?: string } };
  replies_count?: number;
}

export interface ApiChatReaction {
  date: number;
  reaction: string;
  user_id: string;
}
