import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comment } from '@shared/api/comments';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { aComment as aPostComment, aPost } from './post-fixtures';
import { postsRoutes } from './routes';
import { testId } from '@web/test/ids';

/** The post page's conversation: replies, more replies and comments, inline edit, @mention suggestions. */
const post = aPost({ comments_count: 7, group_id: null, group_name: null });
const base = `/api/posts/${post.id}`;

/** A comment on this page's post (ids the server would accept, from the shared fixture). */
const aComment = (overrides: Partial<Comment>): Comment =>
  aPostComment({ id: testId('c1'), post_id: post.id, ...overrides });

const reply = (n: number, overrides: Partial<Comment> = {}) =>
  aComment({
    id: `r${n}`,
    parent_id: testId('c1'),
    content: `reply ${n}`,
    created_at: `2026-03-22T10:1${n}:00.000Z`,
    ...overrides,
  });

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };

function renderPost(first: Comment[], routes: Parameters<typeof mockFetch>[0] = {}, hasMore = false) {
  const mock = mockFetch({
    ...signedIn,
    [`GET ${base}`]: jsonResponse(post),
    [`GET ${base}/comments`]: (call) =>
      call.url.includes('after=')
        ? jsonResponse([aComment({ id: testId('c9'), content: 'A later comment' })], {
            headers: { 'x-has-next-page': 'false' },
          })
        : jsonResponse(first, {
            headers: hasMore
              ? { 'x-has-next-page': 'true', 'x-next-cursor': 'CUR' }
              : { 'x-has-next-page': 'false' },
          }),
    ...routes,
  });
  return { ...mock, ...renderApp(`/post/${post.id}`, { features: postsRoutes }) };
}

/** The page loads lazily; on a busy machine that takes longer than the default wait. */
const slow = { timeout: 15_000 };

describe('conversation on /post/{id}', { timeout: 45_000 }, () => {
  it('shows replies under their comment and loads the rest with "View N more replies"', async () => {
    const thread = aComment({ replies_count: 5, replies: [reply(1), reply(2), reply(3)] });
    const { calls } = renderPost([thread], {
      [`GET /api/comments/${testId('c1')}/replies`]: jsonResponse(
        [1, 2, 3, 4, 5].map((n) => reply(n)),
        {
          headers: { 'x-has-next-page': 'false' },
        },
      ),
    });
    const replies = await screen.findByRole('list', { name: 'Replies to Ada Byron' }, slow);
    expect(within(replies).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'View 2 more replies' }));
    await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(5));
    expect(within(replies).getByText('reply 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /more replies/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith(`/api/comments/${testId('c1')}/replies`))).toBe(true);
  });

  it("draws comments from the server's HTML where they carry it, their Markdown where not", async () => {
    const drawn = aComment({
      content: 'As *written*',
      content_html: '<p>As the <strong>server</strong> drew it</p>',
      replies_count: 1,
      replies: [reply(1, { content: 'A **reply**' })],
    });
    renderPost([drawn]);
    expect(await screen.findByText('server', { selector: 'strong' }, slow)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('As written');
    // A reply without HTML (a link's comments never have it) is drawn by the parser.
    const replies = screen.getByRole('list', { name: 'Replies to Ada Byron' });
    expect(await within(replies).findByText('reply', { selector: 'strong' }, slow)).toBeInTheDocument();
  });

  it('pages top-level comments with "Show more comments"', async () => {
    const { calls } = renderPost([aComment({})], {}, true);
    fireEvent.click(await screen.findByRole('button', { name: 'Show more comments' }, slow));
    expect(await screen.findByText('A later comment', undefined, slow)).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('after=CUR'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
  });

  it('replies inline with the parent id and shows the reply under the comment', async () => {
    const created = reply(1, { content: 'Thanks Ada', name: 'Maria Okafor', username: 'maria' });
    const { calls } = renderPost([aComment({})], {
      [`POST ${base}/comments`]: jsonResponse(created, { status: 201 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }, slow));
    const box = screen.getByRole('textbox', { name: 'Reply to Ada Byron' });
    fireEvent.change(box, { target: { value: ' Thanks Ada ' } });
    fireEvent.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    const replies = await screen.findByRole('list', { name: 'Replies to Ada Byron' }, slow);
    expect(within(replies).getByText('Thanks Ada')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      comment: { content: 'Thanks Ada', parent_id: testId('c1') },
    });
    expect(screen.queryByRole('textbox', { name: 'Reply to Ada Byron' })).not.toBeInTheDocument();
  });

  it('edits a comment inline: the counter, Escape cancels, Save shows "edited"', async () => {
    const mine = aComment({ can_edit: true, is_owner: true, content: 'Typo heer' });
    const { calls } = renderPost([mine], {
      [`PATCH /api/comments/${testId('c1')}`]: jsonResponse({
        ...mine,
        content: 'Typo here',
        edited_at: '2026-03-22T11:00:00.000Z',
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit comment' }, slow));
    let box = screen.getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveValue('Typo heer');
    expect(screen.getByText('9/10000')).toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(screen.getByText('Typo heer')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit comment' }));
    box = screen.getByRole('textbox', { name: 'Edit comment' });
    fireEvent.change(box, { target: { value: 'Typo here' } });
    fireEvent.click(within(box.closest('form')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTitle(/^Edited \w+, March 22, 2026/, undefined, slow)).toHaveTextContent(
      /^edited/,
    );
    expect(screen.queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Comment by Ada Byron' })).toHaveTextContent('Typo here');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      comment: { content: 'Typo here' },
    });
  });

  it('suggests members after "@" + 2 letters: arrow keys move, Enter inserts the username', async () => {
    const suggestions = [
      { username: 'ada', name: 'Ada Byron', avatar: null, profile_id: testId('profile:ada') },
      { username: 'adam', name: 'Adam Smith', avatar: null, profile_id: testId('profile:adam') },
    ];
    const { calls } = renderPost([], { 'GET /api/mentions': jsonResponse(suggestions) });
    const box = (await screen.findByRole('textbox', { name: 'Add a comment' }, slow)) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hi @ad', selectionStart: 6, selectionEnd: 6 } });
    const listbox = await screen.findByRole('listbox', { name: 'Members to mention' }, slow);
    const options = within(listbox).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Ada Byron @ada');
    expect(options[1]).toHaveTextContent('Adam Smith @adam');
    // A textarea keeps its textbox role (ARIA 1.2 allows it no other), pointing at the list it controls.
    expect(box).not.toHaveAttribute('role');
    expect(box).not.toHaveAttribute('aria-expanded');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box).toHaveValue('Hi @adam ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('/api/mentions'))?.url).toContain('q=ad');
  });
});
