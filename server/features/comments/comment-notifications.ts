import type { NotificationKind } from '../../../shared/domain/constants';
import type { NotificationDraft } from '../notifications/notify';

/** What a new or edited comment is about: a post's comment, or a link's. */
export type CommentSubject =
  { postId: string; commentId: string } | { linkId: string; linkCommentId: string };

/**
 * Who hears about a comment, and how: one notification per member per comment, the most specific
 * kind winning (reply, then mention, then comment; ADR 017). `ownerId` owns the post or link,
 * `answeredAuthorIds` wrote the comments it answers, `mentionedIds` are newly mentioned. The actor
 * and anyone who may not see the subject are dropped later by `notify`.
 */
export function commentNotificationDrafts(input: {
  actorId: string;
  subject: CommentSubject;
  ownerId: string | null;
  answeredAuthorIds: string[];
  mentionedIds: string[];
}): NotificationDraft[] {
  const kinds = new Map<string, NotificationKind>();
  const offer = (recipientId: string, kind: NotificationKind) => {
    if (!kinds.has(recipientId)) kinds.set(recipientId, kind);
  };
  for (const id of input.answeredAuthorIds) offer(id, 'reply');
  for (const id of input.mentionedIds) offer(id, 'mention');
  if (input.ownerId) offer(input.ownerId, 'comment');
  return [...kinds].map(([recipientId, kind]) => ({
    recipientId,
    actorId: input.actorId,
    kind,
    ...input.subject,
  }));
}
