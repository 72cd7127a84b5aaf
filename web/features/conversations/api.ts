import { queryOptions } from '@tanstack/react-query';
import type {
  Conversation,
  Message,
  MessageSearchResults,
  MessagingSettings,
} from '@shared/api/conversations';
import type { MentionSuggestion } from '@shared/api/mentions';
import { fetchMeCounts } from '@web/app/shells/me-counts';
import { api } from '@web/lib/api-client';
import { fetchCursorPage, readPageHeaders, type CursorPage } from '@web/lib/pagination';
import { queryKeys } from '@web/lib/query-keys';

/** The calls of private conversations (ADR 060); every screen of the feature goes through these. */

export type ConversationStatus = 'active' | 'request';

const conversationPath = (id: string) => `/conversations/${encodeURIComponent(id)}`;
const messagePath = (id: string) => `/messages/${encodeURIComponent(id)}`;

/** GET /api/conversations?status=: one page of a tab, newest activity first. */
export function fetchConversationPage({
  status,
  after,
  signal,
}: {
  status: ConversationStatus;
  after: string | null;
  signal?: AbortSignal;
}) {
  return fetchCursorPage<Conversation>(api, '/conversations', { after, query: { status }, signal });
}

export function conversationQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.conversations.detail(id),
    queryFn: async ({ signal }) => (await api.get<Conversation>(conversationPath(id), { signal })).data,
  });
}

/**
 * GET /api/conversations/{id}/messages: a page of messages, newest last. Without `before` the latest;
 * the page's cursor names the next older one.
 */
export async function fetchMessagePage({
  conversationId,
  before,
  signal,
}: {
  conversationId: string;
  before: string | null;
  signal?: AbortSignal;
}): Promise<CursorPage<Message>> {
  const response = await api.get<Message[] | null>(`${conversationPath(conversationId)}/messages`, {
    query: { before: before ?? undefined },
    signal,
  });
  return { items: response.data ?? [], ...readPageHeaders(response.headers) };
}

/** The navigation badge: unread messages in active, unmuted conversations, and open requests. */
export function messageCountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.conversations.counts(),
    queryFn: async () => {
      const counts = await fetchMeCounts();
      return { unread: counts.unread_messages, requests: counts.message_requests };
    },
    refetchOnWindowFocus: 'always',
    staleTime: 30_000,
  });
}

/** POST /api/conversations: a new one (or, for one member, the existing direct conversation). */
export async function startConversation(userIds: string[], name?: string): Promise<Conversation> {
  const conversation = name ? { user_ids: userIds, name } : { user_ids: userIds };
  return (await api.post<Conversation>('/conversations', { conversation })).data;
}

/** PATCH /api/conversations/{id}: a circle's new name. */
export async function renameConversation(id: string, name: string): Promise<Conversation> {
  return (await api.patch<Conversation>(conversationPath(id), { conversation: { name } })).data;
}

/** POST /api/conversations/{id}/participants. */
export async function addParticipants(id: string, userIds: string[]): Promise<Conversation> {
  return (
    await api.post<Conversation>(`${conversationPath(id)}/participants`, {
      participants: { user_ids: userIds },
    })
  ).data;
}

/** DELETE /api/conversations/{id}/participation: the viewer leaves. */
export async function leaveConversation(id: string): Promise<void> {
  await api.delete(`${conversationPath(id)}/participation`);
}

/** PUT (mute) or DELETE (unmute) /api/conversations/{id}/mute. */
export async function setMuted(id: string, muted: boolean): Promise<void> {
  if (muted) await api.put(`${conversationPath(id)}/mute`);
  else await api.delete(`${conversationPath(id)}/mute`);
}

/** POST /api/conversations/{id}/accept: a request becomes a conversation. */
export async function acceptRequest(id: string): Promise<Conversation> {
  return (await api.post<Conversation>(`${conversationPath(id)}/accept`)).data;
}

/** POST /api/conversations/{id}/decline: the viewer leaves it; the sender is not told. */
export async function declineRequest(id: string): Promise<void> {
  await api.post(`${conversationPath(id)}/decline`);
}

/** POST /api/conversations/{id}/read: moves the viewer's read mark forward to `messageId`. */
export async function markRead(id: string, messageId: string): Promise<void> {
  await api.post(`${conversationPath(id)}/read`, { read: { message_id: messageId } });
}

export interface NewMessage {
  content: string;
  replyToId?: string;
  fileRequestIds?: string[];
}

/** POST /api/conversations/{id}/messages. */
export async function sendMessage(conversationId: string, message: NewMessage): Promise<Message> {
  const body = {
    content: message.content,
    ...(message.replyToId ? { reply_to_id: message.replyToId } : {}),
    ...(message.fileRequestIds?.length ? { file_request_ids: message.fileRequestIds } : {}),
  };
  return (await api.post<Message>(`${conversationPath(conversationId)}/messages`, { message: body })).data;
}

/** PATCH /api/messages/{id}: the author's new text. */
export async function editMessage(id: string, content: string): Promise<Message> {
  return (await api.patch<Message>(messagePath(id), { message: { content } })).data;
}

/** DELETE /api/messages/{id}: gone for everyone. */
export async function deleteMessage(id: string): Promise<void> {
  await api.delete(messagePath(id));
}

/** POST /api/messages/{id}/report, with an optional reason. */
export async function reportMessage(id: string, reason: string | null): Promise<void> {
  await api.post(`${messagePath(id)}/report`, reason ? { report: { reason } } : {});
}

/**
 * GET /api/messages/search?q=: the member's messages holding every word, newest first, each with
 * its conversation (among their newest 2,000 readable ones, ADR 060).
 */
export function messageSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: queryKeys.conversations.search(q),
    queryFn: async ({ signal }) =>
      (await api.get<MessageSearchResults>('/messages/search', { query: { q }, signal })).data,
  });
}

/** Members whose name or username starts with the text (GET /api/mentions; blocks respected). */
export async function searchMembers(q: string, signal?: AbortSignal): Promise<MentionSuggestion[]> {
  return (await api.get<MentionSuggestion[] | null>('/mentions', { query: { q }, signal })).data ?? [];
}

export function messagingSettingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.conversations.settings(),
    queryFn: async ({ signal }) => (await api.get<MessagingSettings>('/messaging_settings', { signal })).data,
  });
}

/** PUT /api/messaging_settings. */
export async function saveMessagingSettings(settings: MessagingSettings): Promise<MessagingSettings> {
  return (await api.put<MessagingSettings>('/messaging_settings', { messaging_settings: settings })).data;
}
