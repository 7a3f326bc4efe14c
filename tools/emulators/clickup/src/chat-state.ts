/**
 * Chat (API v3) state: channels, their messages and replies, reactions, and the workspace's post
 * subtypes. Kept on the workspace state under `chat` and seeded on first use, so the shared state
 * and seed files stay as they are: `reset()` drops every key the fresh seed lacks, `chat` among
 * them, and the next chat request seeds it again (the same ids and dates every time).
 */
import type { ClickUpState } from './clickup-state.ts';
import { SEED_USERS } from './seed.ts';

export interface ChatChannelRecord {
  id: string;
  name: string;
  description: string;
  topic: string;
  type: 'CHANNEL' | 'DM' | 'GROUP_DM';
  visibility: 'PUBLIC' | 'PRIVATE';
  /** Where the channel lives: 7 the workspace (Everything), 4 a space, 5 a folder, 6 a list. */
  parent: { id: string; type: number };
  creator: number;
  members: number[];
  createdAt: number;
  archived: boolean;
}

export interface ChatReactionRecord {
  reaction: string;
  userId: number;
  date: number;
}

export interface ChatMessageRecord {
  id: string;
  channelId: string;
  /** The message this one replies to; absent for a top-level message. */
  parentMessage?: string;
  type: 'message' | 'post';
  content: string;
  userId: number;
  date: number;
  dateUpdated?: number;
  /** A post's title and subtype id. */
  post?: { title: string; subtype: string };
  assignee?: number;
  followers: number[];
  reactions: ChatReactionRecord[];
}

export interface ChatState {
  channels: ChatChannelRecord[];
  messages: ChatMessageRecord[];
  /** Post subtypes of the workspace (`GET …/comments/types/post/subtypes`). */
  postSubtypes: { id: string; name: string }[];
  /** Counter of created message ids. */
  nextMessage: number;
}

/** Seed ids, for tests and valid calls. */
export const CHAT_SEED = {
  channels: { general: '8cnzy-101', devTeam: '8cnzy-102', releases: '8cnzy-103', dmBob: '8cnzy-104' },
  messages: {
    welcome: '80150000000001',
    standup: '80150000000002',
    release: '80150000000003',
    pipeline: '80150000000004',
    dm: '80150000000005',
    standupReplyCarol: '80150000000011',
    standupReplyAlice: '80150000000012',
  },
  postSubtypes: {
    Announcement: '8015000901',
    Discussion: '8015000902',
    Idea: '8015000903',
    Update: '8015000904',
  },
} as const;

/** The chat state of `state`, seeded on first use (see the module comment). */
export function chatOf(state: ClickUpState): ChatState {
  const holder = state as ClickUpState & { chat?: ChatState };
  holder.chat ??= seedChat(state);
  return holder.chat;
}

/** 2026-10-01T09:00:00Z, and a minute after it for each step: deterministic dates. */
const T0 = Date.UTC(2026, 9, 1, 9, 0, 0);
const at = (minutes: number) => T0 + minutes * 60_000;

function seedChat(state: ClickUpState): ChatState {
  const { alice, bob, carol, dave } = SEED_USERS;
  const { channels: c, messages: m, postSubtypes } = CHAT_SEED;
  const everyone = [alice, bob, carol, dave];
  const channel = (
    id: string,
    name: string,
    parent: ChatChannelRecord['parent'],
    extra: Partial<ChatChannelRecord> = {},
  ): ChatChannelRecord => ({
    id,
    name,
    description: '',
    topic: '',
    type: 'CHANNEL',
    visibility: 'PUBLIC',
    parent,
    creator: alice,
    members: everyone,
    createdAt: at(0),
    archived: false,
    ...extra,
  });
  const message = (
    id: string,
    channelId: string,
    userId: number,
    minutes: number,
    content: string,
    extra: Partial<ChatMessageRecord> = {},
  ): ChatMessageRecord => ({
    id,
    channelId,
    type: 'message',
    content,
    userId,
    date: at(minutes),
    followers: [],
    reactions: [],
    ...extra,
  });
  const workspace = { id: state.team.id, type: 7 };
  return {
    channels: [
      channel(c.general, 'general', workspace, { topic: 'Company-wide announcements' }),
      channel(c.devTeam, 'dev-team', { id: '90151000001', type: 4 }, { members: [alice, bob, dave] }),
      channel(c.releases, 'releases', workspace, { visibility: 'PRIVATE', members: [alice, carol] }),
      channel(c.dmBob, '', workspace, { type: 'DM', visibility: 'PRIVATE', members: [alice, bob] }),
    ],
    messages: [
      message(m.welcome, c.general, alice, 1, 'Welcome to the workspace chat!'),
      message(m.standup, c.general, bob, 2, 'Standup moves to 10:00 tomorrow.', {
        reactions: [
          { reaction: 'thumbsup', userId: carol, date: at(3) },
          { reaction: 'eyes', userId: dave, date: at(4) },
        ],
      }),
      message(m.standupReplyCarol, c.general, carol, 5, 'Works for me.', { parentMessage: m.standup }),
      message(m.standupReplyAlice, c.general, alice, 6, 'Noted, thanks.', { parentMessage: m.standup }),
      message(m.release, c.general, carol, 7, 'Thanks everyone who helped.', {
        type: 'post',
        post: { title: 'Release 1.0 is out', subtype: postSubtypes.Announcement },
        reactions: [{ reaction: 'heart', userId: alice, date: at(8) }],
      }),
      message(m.pipeline, c.devTeam, dave, 8, 'The CI pipeline is green again.'),
      message(m.dm, c.dmBob, bob, 9, 'Can you review my PR?'),
    ],
    postSubtypes: Object.entries(postSubtypes).map(([name, id]) => ({ id, name })),
    nextMessage: 100,
  };
}
