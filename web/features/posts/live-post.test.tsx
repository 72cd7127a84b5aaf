import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, CommentFields } from '@shared/api/comments';
import { FakeEventSource } from '@web/features/links/test-fixtures';
import { timelineRoutes } from '@web/features/timeline/routes';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { testId } from '@web/test/ids';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aComment, aPost } from './post-fixtures';
import { postsRoutes } from './routes';
import { newCommentAnnouncement } from './use-live-post';

/** The open post page and the timeline, live (ADR 047): what the stream's events change on screen. */

const post = aPost({ comments_count: 1, likes_count: 2, group_id: null, group_name: null });
const other = aPost({ id: testId('post:other'), tldr: 'Another post', comments_count: 0, likes_count: 0 });
const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };
const slow = { timeout: 15_000 };

const ada = aComment({ id: testId('c:ada'), post_id: post.id, content: 'First!' });
const fields = ({ replies: _replies, ...rest }: Comment): CommentFields => rest;
const ben = (overrides: Partial<Comment> = {}) =>
  fields(
    aComment({
      id: testId('c:ben'),
      post_id: post.id,
      name: 'Ben Stone',
      username: 'ben',
      content: 'Bring a blanket',
      created_at: '2026-03-22T10:06:00.000Z',
      ...overrides,
    }),
  );

const emit = (event: Parameters<typeof FakeEventSource.emit>[0]) => act(() => FakeEventSource.emit(event));

describe('a live post', { timeout: 45_000 }, () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('merges others’ comments, replies, edits and deletions in place, announces new ones, and keeps the draft', async () => {
    let served: CommentFields = ben();
    const { calls } = mockFetch({
      ...signedIn,
      [`GET /api/posts/${post.id}`]: jsonResponse(post),
      [`GET /api/posts/${post.id}/comments`]: jsonResponse([ada], {
        headers: { 'x-has-next-page': 'false' },
      }),
      [`GET /api/comments/${testId('c:ben')}`]: () => jsonResponse(served),
      [`GET /api/comments/${testId('c:reply')}`]: () =>
        jsonResponse(
          ben({
            id: testId('c:reply'),
            parent_id: ada.id,
            content: 'Agreed',
            created_at: '2026-03-22T10:07:00.000Z',
          }),
        ),
    });
    renderApp(`/post/${post.id}`, { features: postsRoutes });
    const list = () => screen.getByRole('region', { name: /Comments/ });
    expect(await screen.findByText('First!', undefined, slow)).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    fireEvent.change(box, { target: { value: 'My half-written thought' } });
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

    const created = {
      type: 'comment.created',
      postId: post.id,
      commentId: testId('c:ben'),
      parentId: null,
    } as const;
    emit(created);
    emit({ type: 'post.counts', postId: post.id, likesCount: 2, commentsCount: 2 });
    const benComment = await screen.findByRole('article', { name: 'Comment by Ben Stone' });
    expect(within(benComment).getByText('Bring a blanket')).toBeInTheDocument();
    expect(screen.getByTestId('comments-announcer')).toHaveTextContent(
      'New comment from Ben Stone: Bring a blanket',
    );
    // Twice told (a reconnect, another tab): still once on the page, in time order.
    emit(created);
    await waitFor(() =>
      expect(calls.filter((call) => call.url === `/api/comments/${testId('c:ben')}`)).toHaveLength(1),
    );
    expect(
      within(list())
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['Comment by Ada Byron', 'Comment by Ben Stone']);
    expect(within(list()).getByRole('heading', { name: /Comments/ })).toHaveTextContent('2');

    // A reply goes under its comment.
    emit({ type: 'comment.created', postId: post.id, commentId: testId('c:reply'), parentId: ada.id });
    const replies = await screen.findByRole('list', { name: 'Replies to Ada Byron' });
    expect(within(replies).getByText('Agreed')).toBeInTheDocument();

    // An edit shows in place.
    served = ben({ content: 'Bring two blankets', edited_at: '2026-03-22T10:08:00.000Z' });
    emit({ ...created, type: 'comment.updated' });
    expect(await within(list()).findByText('Bring two blankets')).toBeInTheDocument();
    expect(within(list()).queryByText('Bring a blanket')).not.toBeInTheDocument();

    // A deletion takes it away; the counts follow the stream.
    emit({ ...created, type: 'comment.deleted' });
    emit({ type: 'post.counts', postId: post.id, likesCount: 5, commentsCount: 2 });
    await waitFor(() => expect(within(list()).queryByText('Bring two blankets')).toBeNull());
    expect(within(replies).getByText('Agreed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /5 likes/ })).toHaveAttribute('aria-pressed', 'false');

    // Another post's events change nothing here and load nothing.
    emit({ type: 'comment.created', postId: other.id, commentId: testId('c:elsewhere'), parentId: null });
    expect(calls.some((call) => call.url.includes(testId('c:elsewhere')))).toBe(false);
    // The draft was never touched.
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveValue('My half-written thought');
  });

  it('updates the timeline cards’ counts, and only the post named', async () => {
    mockFetch({
      ...signedIn,
      'GET /api/posts': jsonResponse([post, other], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/dashboard', { features: timelineRoutes });
    const card = (await screen.findByRole('heading', { name: post.tldr }, slow)).closest('article')!;
    const otherCard = screen.getByRole('heading', { name: 'Another post' }).closest('article')!;
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

    emit({ type: 'post.counts', postId: post.id, likesCount: 7, commentsCount: 4 });
    expect(await within(card).findByRole('button', { name: /7 likes/ })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /4 comments/ })).toBeInTheDocument();
    expect(within(otherCard).getByRole('button', { name: /0 likes/ })).toBeInTheDocument();
    expect(within(otherCard).getByRole('link', { name: /0 comments/ })).toBeInTheDocument();
  });

  it('loads the post’s and a comment’s reactions again when someone reacts, as this viewer sees them', async () => {
    const { calls } = mockFetch({
      ...signedIn,
      [`GET /api/posts/${post.id}`]: jsonResponse({ ...post, reactions: [] }),
      [`GET /api/posts/${post.id}/comments`]: jsonResponse([{ ...ada, reactions: [] }], {
        headers: { 'x-has-next-page': 'false' },
      }),
      [`GET /api/posts/${post.id}/reactions`]: jsonResponse([
        { emoji: 'heart', count: 2, reacted: true, members: [] },
      ]),
      [`GET /api/comments/${ada.id}`]: jsonResponse(
        fields({ ...ada, reactions: [{ emoji: 'laugh', count: 1, reacted: false }] }),
      ),
    });
    renderApp(`/post/${post.id}`, { features: postsRoutes });
    const comment = await screen.findByRole('article', { name: 'Comment by Ada Byron' }, slow);
    await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(0));

    // Another post's reactions load nothing here.
    emit({ type: 'reactions.changed', postId: other.id, commentId: null });
    emit({ type: 'reactions.changed', postId: post.id, commentId: null });
    const postReactions = screen.getAllByRole('group', { name: 'Reactions to this post' })[0]!;
    expect(await within(postReactions).findByRole('button', { name: 'Heart: 2 reactions' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    emit({ type: 'reactions.changed', postId: post.id, commentId: ada.id });
    expect(await within(comment).findByRole('button', { name: 'Laugh: 1 reaction' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(calls.some((call) => call.url.startsWith(`/api/posts/${other.id}`))).toBe(false);
  });

  it('announces who wrote, and how it starts', () => {
    expect(newCommentAnnouncement({ name: 'Ben', content: 'Hi\n\nthere', parent_id: null })).toBe(
      'New comment from Ben: Hi there',
    );
    expect(newCommentAnnouncement({ name: 'Ben', content: 'x'.repeat(100), parent_id: 'p' })).toBe(
      `New reply from Ben: ${'x'.repeat(80)}…`,
    );
  });
});
