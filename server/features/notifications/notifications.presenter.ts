import type { Notification } from '../../../shared/api/notifications';
import { type Locale, SOURCE_LOCALE } from '../../../shared/domain/locales';
import { createdAtFields } from '../../../shared/domain/time';
import { presentAuthor, displayName } from '../profiles/people';
import type { NotificationLineRow } from './notifications.repo';
import { wordNotification } from './notification-text';

/** The subject shown beside the text: the post, link, group, person or conversation it is about. */
function subjectOf(row: NotificationLineRow): Notification['subject'] {
  if (row.conversationId)
    return { type: 'conversation', id: row.conversationId, title: row.conversationName };
  if (row.eventId) return { type: 'event', id: row.eventId, title: row.eventTitle };
  if (row.linkId) return { type: 'link', id: row.linkId, title: row.linkTitle };
  if (row.postId) return { type: 'post', id: row.postId, title: row.postTitle };
  if (row.groupId) return { type: 'group', id: row.groupId, title: row.groupName };
  if (row.actorId && (row.kind === 'follow' || row.kind === 'invitation_redeemed')) {
    return { type: 'profile', id: row.actorId, title: null };
  }
  return null;
}

function actorOf(row: NotificationLineRow) {
  if (!row.actorId || row.actorUsername === null) return null;
  return presentAuthor({
    userId: row.actorId,
    username: row.actorUsername,
    firstName: row.actorFirstName,
    lastName: row.actorLastName,
    avatarFileId: row.actorAvatarFileId,
  });
}

/** The text and the page a line leads to (the Inbox, the mails and pushes alike), in `locale`. */
export function wordLine(row: NotificationLineRow, locale: Locale) {
  return wordNotification(
    {
      kind: row.kind,
      actorName:
        row.actorUsername === null
          ? null
          : displayName({
              username: row.actorUsername,
              firstName: row.actorFirstName,
              lastName: row.actorLastName,
            }),
      actorId: row.actorId,
      othersCount: row.othersCount,
      unreadRows: row.unreadRows,
      postId: row.postId,
      postTitle: row.postTitle,
      linkId: row.linkId,
      linkTitle: row.linkTitle,
      inComment: Boolean(row.commentId || row.linkCommentId),
      groupId: row.groupId,
      groupName: row.groupName,
      eventId: row.eventId,
      conversation:
        row.conversationId && row.conversationKind
          ? { id: row.conversationId, kind: row.conversationKind, name: row.conversationName }
          : null,
      data: row.data,
    },
    locale,
  );
}

/** The Inbox's line; its `text` is the API's, in English (the spec's words). */
export function presentNotification(row: NotificationLineRow, now: Date = new Date()): Notification {
  const { text, path } = wordLine(row, SOURCE_LOCALE);
  return {
    id: row.id,
    kind: row.kind,
    ...createdAtFields(row.createdAt, now),
    read: !row.unread,
    actor: actorOf(row),
    others_count: row.othersCount,
    subject: subjectOf(row),
    text,
    path,
  };
}
