import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { BaseComment, Thread } from './adapter';
import {
  addCachedComment,
  noteLiveComment,
  removeCachedComment,
  replaceCachedComment,
  repliesKey,
  wasRemoved,
  type CommentPages,
} from './comments-cache';

/**
 * The conversation's cache as the live stream and the member's own answers both change it
 * (ADR 047): each comment shows once, in order, and the subject's count moves once per comment.
 */

const comment = (
  id: string,
  at: string,
  overrides: Partial<Thread<BaseComment>> = {},
): Thread<BaseComment> => ({
  id,
  content: `text of ${id}`,
  created_at: `2026-03-22T10:${at}:00.000Z`,
  created_at_human: '',
  time_ago: '',
  name: 'Ada Byron',
  username: 'ada',
  avatar: null,
  profile_id: 'ada',
  is_owner: false,
  can_delete: false,
  can_edit: false,
  edited_at: null,
  parent_id: null,
  replies_count: 0,
  mentions: [],
  replies: [],
  ...overrides,
});

const queryKey = ['posts', 'p1', 'comments'];

function setUp(items: Thread<BaseComment>[], hasNextPage = false) {
  const queryClient = new QueryClient();
  const data: CommentPages<BaseComment> = {
    pages: [{ items, hasNextPage, nextCursor: hasNextPage ? 'CUR' : null }],
    pageParams: [null],
  };
  queryClient.setQueryData(queryKey, data);
  let count = items.length;
  const cached = { queryKey, adjustCount: (_: QueryClient, delta: number) => (count += delta) };
  const shown = () => queryClient.getQueryData<CommentPages<BaseComment>>(queryKey)!.pages[0]!.items;
  return { queryClient, cached, shown, count: () => count };
}

describe('the conversation cache', () => {
  it('shows a comment once, whether the member’s answer or the live stream brings it first', () => {
    // The answer first, then the stream's copy.
    const first = setUp([comment('a', '00')]);
    addCachedComment(first.queryClient, first.cached, comment('b', '05'));
    noteLiveComment(first.queryClient, 'b');
    addCachedComment(first.queryClient, first.cached, comment('b', '05'), { live: true });
    expect(first.shown().map((c) => c.id)).toEqual(['a', 'b']);
    expect(first.count()).toBe(2);

    // The stream first (noted as it arrives, loaded after), then the answer: still one, counted by
    // the stream's own counts, not a second time here.
    const second = setUp([comment('a', '00')]);
    noteLiveComment(second.queryClient, 'b');
    addCachedComment(second.queryClient, second.cached, comment('b', '05'), { live: true });
    addCachedComment(second.queryClient, second.cached, comment('b', '05', { is_owner: true }));
    expect(second.shown().map((c) => c.id)).toEqual(['a', 'b']);
    expect(second.shown()[1]!.is_owner).toBe(true);
    expect(second.count()).toBe(1);
  });

  it('puts comments in time order and replies under their comment, once each', () => {
    const { queryClient, cached, shown } = setUp([comment('a', '00'), comment('c', '10')]);
    addCachedComment(queryClient, cached, comment('b', '05'), { live: true });
    expect(shown().map((c) => c.id)).toEqual(['a', 'b', 'c']);

    const reply = comment('r1', '06', { parent_id: 'b' });
    addCachedComment(queryClient, cached, reply, { live: true });
    addCachedComment(queryClient, cached, reply);
    const parent = shown()[1]!;
    expect(parent.replies.map((r) => r.id)).toEqual(['r1']);
    expect(parent.replies_count).toBe(1);
    expect(shown().map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('leaves a comment on a page not loaded yet to that page', () => {
    const { queryClient, cached, shown, count } = setUp([comment('a', '00')], true);
    addCachedComment(queryClient, cached, comment('z', '59'));
    expect(shown().map((c) => c.id)).toEqual(['a']);
    expect(count()).toBe(2);
  });

  it('replaces an edited comment in place, keeping its replies', () => {
    const reply = comment('r1', '01', { parent_id: 'a' });
    const { queryClient, cached, shown } = setUp([
      comment('a', '00', { replies: [reply], replies_count: 1 }),
      comment('b', '05'),
    ]);
    const { replies: _, ...edited } = comment('a', '00', { content: 'Rewritten', edited_at: 'now' });
    replaceCachedComment(queryClient, cached, edited as BaseComment);
    expect(shown().map((c) => c.content)).toEqual(['Rewritten', 'text of b']);
    expect(shown()[0]!.replies.map((r) => r.id)).toEqual(['r1']);
    expect(shown()[0]!.edited_at).toBe('now');
  });

  it('removes a deleted comment and its replies, counting the removal once', () => {
    const reply = comment('r1', '01', { parent_id: 'a' });
    const { queryClient, cached, shown, count } = setUp([
      comment('a', '00', { replies: [reply], replies_count: 1 }),
      comment('b', '05'),
    ]);
    // Further replies loaded under "View more": they go too.
    queryClient.setQueryData(repliesKey(queryKey, 'a'), {
      pages: [{ items: [reply], hasNextPage: false, nextCursor: null }],
      pageParams: [null],
    });

    removeCachedComment(queryClient, cached, { id: 'r1', parent_id: 'a', replies_count: 0 }, { live: true });
    expect(shown()[0]!.replies).toEqual([]);
    expect(shown()[0]!.replies_count).toBe(0);
    expect(
      queryClient.getQueryData<CommentPages<BaseComment>>(repliesKey(queryKey, 'a'))!.pages[0]!.items,
    ).toEqual([]);
    // The member's own answer for the same deletion moves nothing again.
    removeCachedComment(queryClient, cached, { id: 'r1', parent_id: 'a', replies_count: 0 });
    expect(shown()[0]!.replies_count).toBe(0);
    expect(count()).toBe(2);

    removeCachedComment(queryClient, cached, shown()[1]!);
    removeCachedComment(queryClient, cached, { id: 'b', parent_id: null, replies_count: 0 }, { live: true });
    expect(shown().map((c) => c.id)).toEqual(['a']);
    expect(count()).toBe(1);
    expect(wasRemoved(queryClient, 'b')).toBe(true);
    expect(wasRemoved(queryClient, 'a')).toBe(false);
  });
});
