import { useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CommentFields } from '@shared/api/comments';
import type { LiveCommentEvent } from '@shared/api/live-events';
import {
  addCachedComment,
  isCached,
  noteLiveComment,
  removeCachedComment,
  replaceCachedComment,
  wasRemoved,
} from '@web/features/comments/comments-cache';
import type { ConversationAdapter } from '@web/features/comments/adapter';
import { fetchWhoReacted } from '@web/features/reactions';
import { t } from '@web/i18n/i18n';
import { useLiveEvents, type LiveEvent } from '@web/lib/live-events';
import { fetchComment } from './api';
import { updateCachedPost } from './post-cache';

/**
 * Live posts (ADR 047). The server sends a post's events to every member who may see it; a screen
 * applies those about the posts it holds and ignores the rest.
 */

type CountsEvent = Extract<LiveEvent, { type: 'post.counts' }>;

/** A post's new like and comment counts, in every cached list and on its page (the viewer's own like stays). */
export function applyLiveCounts(queryClient: QueryClient, event: CountsEvent): void {
  updateCachedPost(queryClient, event.postId, (post) =>
    post.likes_count === event.likesCount && post.comments_count === event.commentsCount
      ? post
      : { ...post, likes_count: event.likesCount, comments_count: event.commentsCount },
  );
}

/** Keeps the counts of the posts on screen (timeline cards, the post page) in step with everyone's likes and comments. */
export function useLivePostCounts(enabled = true): void {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'post.counts') applyLiveCounts(queryClient, event);
  }, enabled);
}

/**
 * The open post's own reactions, live (ADR 044): when someone reacts to it or takes a reaction back,
 * they are loaded again as this viewer sees them (GET /api/posts/{id}/reactions: counts without
 * members blocked with the viewer, and which are theirs). An older answer arriving late is dropped.
 */
export function useLivePostReactions(postId: string, enabled = true): void {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  useLiveEvents((event) => {
    if (event.type !== 'reactions.changed' || event.postId !== postId || event.commentId !== null) return;
    const ticket = ++latest.current;
    fetchWhoReacted({ kind: 'post', id: postId }).then(
      (who) => {
        if (ticket !== latest.current) return;
        const reactions = who.map(({ emoji, count, reacted }) => ({ emoji, count, reacted }));
        updateCachedPost(queryClient, postId, (post) => ({ ...post, reactions }));
      },
      // Gone or hidden since the event left: the next load says so.
      () => undefined,
    );
  }, enabled);
}

const isCommentEvent = (event: LiveEvent): event is LiveCommentEvent =>
  event.type === 'comment.created' || event.type === 'comment.updated' || event.type === 'comment.deleted';

/** A reaction given to a comment, or taken back, reloads the comment as an edit does (ADR 044). */
const asCommentEvent = (event: LiveEvent): LiveEvent =>
  event.type === 'reactions.changed' && event.commentId !== null
    ? { type: 'comment.updated', postId: event.postId, commentId: event.commentId, parentId: null }
    : event;

/** What a screen reader hears when someone else's comment arrives: who, and how it starts. */
export function newCommentAnnouncement(
  comment: Pick<CommentFields, 'name' | 'content' | 'parent_id'>,
): string {
  const text = comment.content.replace(/\s+/g, ' ').trim();
  const start = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return comment.parent_id
    ? t('posts.live.newReply', { name: comment.name, start })
    : t('posts.live.newComment', { name: comment.name, start });
}

/**
 * The open post's conversation, live: others' new comments and replies take their place, edits
 * show in place, deletions leave, each once however it arrives (the member's own answer or the
 * stream). A new or edited comment is loaded through GET /api/comments/{id}, so what it shows is
 * what this member may see (abilities, mentions). Answers the sentence to announce politely for the
 * latest comment someone else wrote. Nothing here moves focus, scroll or a draft.
 */
export function useLiveComments(postId: string, adapter: ConversationAdapter<CommentFields>): string {
  const queryClient = useQueryClient();
  // The latest load asked for each comment: an older answer arriving late is dropped.
  const latest = useRef(new Map<string, number>());
  const [announcement, setAnnouncement] = useState('');

  useLiveEvents((received) => {
    const event = asCommentEvent(received);
    if (!isCommentEvent(event) || event.postId !== postId) return;
    const { commentId } = event;
    if (event.type === 'comment.deleted') {
      removeCachedComment(
        queryClient,
        adapter,
        { id: commentId, parent_id: event.parentId, replies_count: 0 },
        { live: true },
      );
      return;
    }
    if (event.type === 'comment.created') {
      noteLiveComment(queryClient, commentId);
      // This member's own comment, already shown from their answer: nothing to load.
      if (isCached(queryClient, adapter.queryKey, commentId)) return;
    }
    const ticket = (latest.current.get(commentId) ?? 0) + 1;
    latest.current.set(commentId, ticket);
    fetchComment(commentId).then(
      (comment) => {
        if (latest.current.get(commentId) !== ticket || wasRemoved(queryClient, commentId)) return;
        if (event.type === 'comment.updated') {
          replaceCachedComment(queryClient, adapter, comment);
          return;
        }
        addCachedComment(queryClient, adapter, comment, { live: true });
        // Announced once shown (a reply under a comment this member cannot see is not).
        if (!comment.is_owner && isCached(queryClient, adapter.queryKey, commentId))
          setAnnouncement(newCommentAnnouncement(comment));
      },
      // Gone or hidden since the event left (deleted, a block): the stream or the next load says so.
      () => undefined,
    );
  });

  return announcement;
}
