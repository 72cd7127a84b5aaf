import type { Conversation, Message } from '@shared/api/conversations';
import { jsonResponse } from '@web/test/fetch-mock';
import { testId } from '@web/test/ids';
import { ada } from '@web/test/users';

/** Test data for the conversations' tests (not imported by the app). */

export const viewer = { id: ada.id, name: ada.name, username: ada.username, avatar: null };
export const ben = { id: testId('user:ben'), name: 'Ben Stone', username: 'ben', avatar: null };
export const cleo = { id: testId('user:cleo'), name: 'Cleo Park', username: 'cleo', avatar: null };

/** Ada's direct conversation with Ben, active, nothing unread: as GET /api/conversations/{id} answers. */
export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: testId('conversation:ben'),
    kind: 'direct',
    name: null,
    title: 'Ben Stone',
    participants: [viewer, ben],
    status: 'active',
    muted: false,
    unread_count: 0,
    last_message: null,
    last_message_at: null,
    can_write: true,
    read_marks: [],
    created_at: '2026-03-20T09:00:00.000Z',
    ...overrides,
  };
}

/** A message of Ben's in that conversation, at `created_at`. */
export function aMessage(key: string, overrides: Partial<Message> = {}): Message {
  return {
    id: testId(`message:${key}`),
    conversation_id: testId('conversation:ben'),
    content: `Message ${key}`,
    deleted: false,
    sender: ben,
    reply_to: null,
    files: [],
    edited_at: null,
    created_at: '2026-03-21T10:00:00.000Z',
    created_at_human: 'March 21, 2026 at 10:00 AM UTC',
    time_ago: '1 day ago',
    is_owner: false,
    can_edit: false,
    can_delete: false,
    ...overrides,
  };
}

/** One of Ada's own messages. */
export function anOwnMessage(key: string, overrides: Partial<Message> = {}): Message {
  return aMessage(key, { sender: viewer, is_owner: true, can_edit: true, can_delete: true, ...overrides });
}

/** A page of a list (conversations, or messages newest last) as the server sends it, with its paging headers. */
export function pageOf(items: readonly (Conversation | Message)[], nextCursor: string | null = null) {
  return jsonResponse(items, {
    headers: nextCursor
      ? { 'x-has-next-page': 'true', 'x-next-cursor': nextCursor }
      : { 'x-has-next-page': 'false' },
  });
}

/** GET /api/me/counts with these conversation numbers (the other badges at zero). */
export function meCounts(unreadMessages: number, messageRequests = 0) {
  return jsonResponse({
    unread_notifications: 0,
    pending_group_requests: 0,
    reports: { can_review: false, open_count: 0 },
    unread_messages: unreadMessages,
    message_requests: messageRequests,
  });
}

/** What the signed-in frame asks on every screen. */
export const signedIn = {
  'GET /api/auth': jsonResponse(ada),
  'GET /api/groups': jsonResponse([]),
};
