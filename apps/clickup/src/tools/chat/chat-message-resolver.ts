/**
 * `custom(schema, 'chat_message')`: a chat message by its id, or by the URL of its thread as ClickUp
 * shows it (`…/v/cn/<channel>/t/<message>`, `…/chat/r/<channel>/t/<message>`): the URL becomes the
 * message id, announced. Anything else — not one path segment of letters, digits, "_" or "-" — is
 * refused before anything is sent (an id is put in the request path).
 */
import type { CustomResolveCall } from '@toolsmith/core';

const THREAD_URL = /\/(?:v\/cn|chat\/r)\/[\w-]+\/t\/([\w-]{1,64})\/?(?:[?#].*)?$/;
const MESSAGE_ID = /^[\w-]{1,64}$/;

export function resolveChatMessage<TDeps>(value: unknown, call: CustomResolveCall<TDeps>): unknown {
  if (typeof value !== 'string') return value;
  if (MESSAGE_ID.test(value)) return value;
  const id = THREAD_URL.exec(value)?.[1];
  if (id !== undefined) {
    call.record.convert(call.field, value, id, 'the message of that thread URL');
    return id;
  }
  call.refuse(
    call.field,
    `"${value.slice(0, 60)}" is not a chat message id (letters, digits, "_" or "-", e.g. "80150000000002") or a thread URL (…/chat/r/<channel>/t/<message>). Find message ids with clickup_get_chat_messages. Nothing was sent.`,
  );
  return value;
}
