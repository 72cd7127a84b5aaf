import type { ReactNode } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SharedCommentFieldsSchema } from '@shared/api/comments';
import type { CursorPage } from '@web/lib/pagination';

/** What every comment carries, on a post or a link. */
export type BaseComment = z.infer<typeof SharedCommentFieldsSchema>;

/** A top-level comment with its first replies, as the list pages bring it. */
export type Thread<F extends BaseComment> = F & { replies: F[] };

/**
 * What a conversation is about (a post, a link): where its comments sit in the cache, the calls that
 * read and change them, the words of its failures, and what each comment shows besides its text.
 * `F` is the subject's comment without replies.
 */
export interface ConversationAdapter<F extends BaseComment> {
  /** The cache key of the comment pages; a comment's further replies sit under it too. */
  queryKey: QueryKey;
  /** One page of top-level comments, oldest first, each with its first replies. */
  fetchPage: (after: string | null, signal: AbortSignal) => Promise<CursorPage<Thread<F>>>;
  /** One page of further replies to a top-level comment. */
  fetchReplies: (commentId: string, after: string | null, signal: AbortSignal) => Promise<CursorPage<F>>;
  /** A new comment, or a reply when `parentId` is given. */
  create: (content: string, parentId?: string) => Promise<Thread<F>>;
  update: (commentId: string, content: string) => Promise<F>;
  remove: (commentId: string) => Promise<unknown>;
  /** Keeps the subject's comments_count in step after a comment comes or goes. */
  adjustCount: (queryClient: QueryClient, delta: number) => void;
  /** Names the subject for the member's drafts of new comments, e.g. `post:<id>` or `link:<id>`. */
  draftScope: string;
  /** Only this group's members are offered to @mention (none: any member). */
  groupId: string | null;
  loadErrorText: (message: string) => string;
  /** The words of a failed post, reply or edit. */
  errorText: (error: unknown) => string;
  deleteErrorText: (error: unknown) => string;
  /**
   * 'buttons': Edit and Delete as icon buttons; 'menu': both in a "Comment options" menu (the link
   * page's owner menu, spec section 9).
   */
  actions: 'buttons' | 'menu';
  /** Subject-specific controls under a comment's text (a link comment's like). */
  renderExtras?: (comment: F) => ReactNode;
  /** Subject-specific controls beside a comment's author (a post comment's Report). */
  renderHeaderActions?: (comment: F) => ReactNode;
}
