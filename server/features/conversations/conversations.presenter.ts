import type { Conversation, ConversationPerson, Message } from '../../../shared/api/conversations';
import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES } from '../../../shared/domain/conversations';
import { createdAtFields } from '../../../shared/domain/time';
import { excerpt, markdownToText } from '../../lib/plain-text';
import { presentPostFiles } from '../posts/posts.presenter';
import { avatarUrl, displayName } from '../profiles/people';
import type { ConversationListRow, MessageRow, ParticipantListRow } from './conversations.repo';

/** How conversations and messages leave the server (ADR 060); texts arrive here already decrypted. */

/** A message's text as one plain line of at most 120 characters (lists, replies). */
export function messagePreview(text: string | null, deleted: boolean): string {
  if (deleted) return CONVERSATION_MESSAGES.deletedPreview;
  return excerpt(markdownToText(text ?? ''), CONVERSATION_LIMITS.preview);
}

function person(
  row: Pick<ParticipantListRow, 'userId' | 'username' | 'firstName' | 'lastName' | 'avatarFileId'>,
): ConversationPerson {
  return { id: row.userId, name: displayName(row), username: row.username, avatar: avatarUrl(row) };
}

/** Whether others see the member as in the conversation: not gone (a declined request looks unchanged). */
export function isCurrent(row: Pick<ParticipantListRow, 'leftAt' | 'status'>): boolean {
  return row.leftAt === null || row.status === 'declined';
}

export interface ConversationView {
  viewerId: string;
  participants: ParticipantListRow[];
  canWrite: boolean;
  /** The last message's text, decrypted; null when there is none or it has no text. */
  lastText: string | null;
}

export function presentConversation(row: ConversationListRow, view: ConversationView): Conversation {
  const current = view.participants.filter(isCurrent);
  const others = current.filter((participant) => participant.userId !== view.viewerId);
  const title = row.name ?? (others.length ? others : current).map((p) => displayName(p)).join(', ');
  const last = row.lastMessage;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    title,
    participants: current.map(person),
    status: row.myLeftAt !== null ? 'left' : row.myStatus === 'request' ? 'request' : 'active',
    muted: row.muted,
    unread_count: row.unreadCount,
    last_message: last
      ? {
          id: last.id,
          preview: messagePreview(view.lastText, last.deleted),
          sender_name: last.senderUsername
            ? displayName({
                username: last.senderUsername,
                firstName: last.senderFirstName,
                lastName: last.senderLastName,
              })
            : null,
          created_at: last.createdAt.toISOString(),
        }
      : null,
    last_message_at: last ? last.createdAt.toISOString() : null,
    can_write: view.canWrite,
    read_marks: others
      .filter((other) => other.shareReadMarks && other.lastReadMessageId && other.status !== 'declined')
      .map((other) => ({ user_id: other.userId, last_read_message_id: other.lastReadMessageId! })),
    created_at: row.createdAt.toISOString(),
  };
}

export interface MessageView {
  viewerId: string;
  now: Date;
  /** The message's text and its answered message's, decrypted. */
  text: string | null;
  replyText: string | null;
}

export function presentMessage(row: MessageRow, view: MessageView): Message {
  const deleted = row.deletedAt !== null;
  const isOwner = row.senderId !== null && row.senderId === view.viewerId;
  const reply = row.replyTo;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    content: deleted ? '' : (view.text ?? ''),
    deleted,
    sender:
      row.senderId && row.senderUsername
        ? {
            id: row.senderId,
            name: displayName({
              username: row.senderUsername,
              firstName: row.senderFirstName,
              lastName: row.senderLastName,
            }),
            username: row.senderUsername,
            avatar: avatarUrl({ avatarFileId: row.senderAvatarFileId }),
          }
        : null,
    reply_to: reply
      ? {
          id: reply.id,
          sender_name: reply.senderUsername
            ? displayName({
                username: reply.senderUsername,
                firstName: reply.senderFirstName,
                lastName: reply.senderLastName,
              })
            : null,
          preview: messagePreview(view.replyText, reply.deleted),
          deleted: reply.deleted,
        }
      : null,
    files: deleted ? [] : presentPostFiles(row.files),
    edited_at: row.editedAt?.toISOString() ?? null,
    ...createdAtFields(row.createdAt, view.now),
    is_owner: isOwner,
    can_edit: isOwner && !deleted,
    can_delete: isOwner && !deleted,
  };
}
