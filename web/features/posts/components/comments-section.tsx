import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CommentFields } from '@shared/api/comments';
import { Conversation, replaceCachedComment, type ConversationAdapter } from '@web/features/comments';
import { ReactionBar } from '@web/features/reactions';
import { t } from '@web/i18n/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { createComment, deleteComment, fetchCommentPage, fetchReplyPage, updateComment } from '../api';
import { updateCachedPost } from '../post-cache';
import { useLiveComments } from '../use-live-post';
import { commentDeleteErrorText, commentErrorText } from './comment-errors';
import { ReportCommentButton } from './report-comment-button';

/** A post's conversation: comments and replies under /api/posts/{id}/comments and /api/comments/{id}. */
function postConversation(postId: string, groupId: string | null): ConversationAdapter<CommentFields> {
  return {
    queryKey: queryKeys.posts.comments(postId),
    fetchPage: (after, signal) => fetchCommentPage(postId, after, signal),
    fetchReplies: (commentId, after, signal) => fetchReplyPage(commentId, after, signal),
    create: (content, parentId) => createComment(postId, content, parentId),
    update: updateComment,
    remove: deleteComment,
    adjustCount: (queryClient, delta) =>
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        comments_count: Math.max(0, post.comments_count + delta),
      })),
    groupId,
    draftScope: `post:${postId}`,
    loadErrorText: (message) => t('posts.timeline.loadError', { message }),
    errorText: commentErrorText,
    deleteErrorText: commentDeleteErrorText,
    actions: 'buttons',
    renderHeaderActions: (comment) =>
      comment.is_owner ? null : <ReportCommentButton commentId={comment.id} />,
    renderExtras: (comment) => <CommentReactions comment={comment} postId={postId} />,
  };
}

/** A comment's reactions (ADR 044); the server's answer replaces the comment's in the cached pages. */
function CommentReactions({ comment, postId }: { comment: CommentFields; postId: string }) {
  const queryClient = useQueryClient();
  return (
    <ReactionBar
      subject={{ kind: 'comment', id: comment.id }}
      reactions={comment.reactions ?? []}
      className="ms-1"
      onSettled={(reactions) =>
        replaceCachedComment(
          queryClient,
          { queryKey: queryKeys.posts.comments(postId) },
          { ...comment, reactions },
        )
      }
    />
  );
}

/**
 * The post page's conversation, live (others' comments, edits and deletions appear without a reload;
 * a new one is announced politely to screen readers). `groupId` scopes the @mention suggestions to
 * the post's group; `initialCount` is the post's comments_count (kept in step by the cache).
 */
export function CommentsSection({
  postId,
  groupId = null,
  initialCount,
}: {
  postId: string;
  groupId?: string | null;
  initialCount: number;
}) {
  const adapter = useMemo(() => postConversation(postId, groupId), [postId, groupId]);
  const announcement = useLiveComments(postId, adapter);
  return (
    <>
      <Conversation adapter={adapter} count={initialCount} />
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="comments-announcer">
        {announcement}
      </div>
    </>
  );
}
