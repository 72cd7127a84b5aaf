import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LinkCommentFields } from '@shared/api/links';
import { Conversation, replaceCachedComment, type ConversationAdapter } from '@web/features/comments';
import { t, useT } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import {
  createLinkComment,
  deleteLinkComment,
  fetchLinkCommentPage,
  fetchLinkReplyPage,
  setLinkCommentLiked,
  updateLinkComment,
} from '../api';
import { updateCachedLink } from '../link-cache';
import { linkCommentDeleteErrorText, linkCommentErrorText } from '../messages';
import { useOptimisticLike } from '../use-link-like';
import { LikeToggle } from './like-toggle';

/**
 * A link's conversation under /api/links/{id}/comments: the same comments, replies, edits and
 * mentions as on posts, the owner's "Comment options" menu, and a like on every comment.
 */
function linkConversation(linkId: string): ConversationAdapter<LinkCommentFields> {
  const adapter: ConversationAdapter<LinkCommentFields> = {
    queryKey: queryKeys.links.comments(linkId),
    fetchPage: (after, signal) => fetchLinkCommentPage(linkId, after, signal),
    fetchReplies: (commentId, after, signal) => fetchLinkReplyPage(linkId, commentId, after, signal),
    create: (content, parentId) => createLinkComment(linkId, content, parentId),
    update: (commentId, content) => updateLinkComment(linkId, commentId, content),
    remove: (commentId) => deleteLinkComment(linkId, commentId),
    adjustCount: (queryClient, delta) =>
      updateCachedLink(queryClient, linkId, (link) => ({
        ...link,
        comments_count: Math.max(0, link.comments_count + delta),
      })),
    groupId: null,
    draftScope: `link:${linkId}`,
    loadErrorText: (message) => t('links.page.loadError', { message }),
    errorText: linkCommentErrorText,
    deleteErrorText: linkCommentDeleteErrorText,
    actions: 'menu',
    renderExtras: (comment) => <LinkCommentLike comment={comment} adapter={adapter} />,
  };
  return adapter;
}

/** A link's comments with their replies and likes, and the comment form (spec sections 5, 8, 9). */
export function LinkComments({ linkId, initialCount }: { linkId: string; initialCount: number }) {
  const adapter = useMemo(() => linkConversation(linkId), [linkId]);
  return <Conversation adapter={adapter} count={initialCount} />;
}

/** The heart under a link comment: shown at once, then kept as the server answers. */
function LinkCommentLike({
  comment,
  adapter,
}: {
  comment: LinkCommentFields;
  adapter: ConversationAdapter<LinkCommentFields>;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const like = useOptimisticLike({
    key: comment.id,
    liked: comment.liked_by_current_user,
    count: comment.likes_count,
    send: async (liked) => {
      const result = await setLinkCommentLiked(comment.link_id, comment.id, liked);
      replaceCachedComment(queryClient, adapter, {
        ...comment,
        liked_by_current_user: result.liked,
        likes_count: result.likes_count,
      });
      return result;
    },
    onSuccess: () => undefined,
    failures: { like: t('links.comments.likeFailed'), unlike: t('links.comments.unlikeFailed') },
  });
  return (
    <LikeToggle
      size="sm"
      liked={like.liked}
      count={like.count}
      pending={like.pending}
      onToggle={() => void like.toggle()}
    />
  );
}
