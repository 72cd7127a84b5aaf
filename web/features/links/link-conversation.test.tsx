import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinkComment } from '@shared/api/links';
import { findMenuItem } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { linksRoutes } from './routes';
import { aLink, aLinkComment, FakeEventSource } from './test-fixtures';

/** The link page's conversation: the same paging, replies and edits as posts, with likes on comments. */
const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };
const LINK = aLink({ comments_count: 2 });
const DETAIL = `/api/links/${LINK.id}`;
const C1 = '55555555-5555-4555-8555-555555555555';

const ada = (overrides: Partial<LinkComment> = {}) =>
  aLinkComment({ name: 'Ada Byron', username: 'ada', profile_id: 'p-ada', ...overrides });

const reply = (n: number, overrides: Partial<LinkComment> = {}) =>
  aLinkComment({
    id: `77777777-7777-4777-8777-00000000000${n}`,
    parent_id: C1,
    content: `reply ${n}`,
    created_at: `2026-03-22T11:1${n}:00.000Z`,
    ...overrides,
  });

function renderLink(first: LinkComment[], routes: Parameters<typeof mockFetch>[0] = {}, hasMore = false) {
  const mock = mockFetch({
    ...signedIn,
    [`GET ${DETAIL}`]: jsonResponse(LINK),
    [`GET ${DETAIL}/comments`]: (call) =>
      call.url.includes('after=')
        ? jsonResponse([ada({ id: '88888888-8888-4888-8888-888888888888', content: 'A later comment' })], {
            headers: { 'x-has-next-page': 'false' },
          })
        : jsonResponse(first, {
            headers: hasMore
              ? { 'x-has-next-page': 'true', 'x-next-cursor': 'CUR' }
              : { 'x-has-next-page': 'false' },
          }),
    ...routes,
  });
  renderApp(`/links/${LINK.id}`, { features: linksRoutes });
  return mock;
}

const slow = { timeout: 15_000 };

beforeAll(async () => {
  await import('./link-detail-page');
}, 30_000);

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

describe('conversation on /links/{id}', { timeout: 45_000 }, () => {
  it('pages top-level comments with "Show more comments"', async () => {
    const { calls } = renderLink([ada()], {}, true);
    expect(await screen.findByText('Lovely read', undefined, slow)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    expect(await screen.findByText('A later comment', undefined, slow)).toBeInTheDocument();
    expect(calls.some((call) => call.url === `${DETAIL}/comments?after=CUR`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show more comments' })).not.toBeInTheDocument();
  });

  it('shows replies under their comment, loads the rest, and replies with the parent id', async () => {
    const thread = ada({ replies_count: 4, replies: [reply(1), reply(2), reply(3)] });
    const created = reply(5, { content: 'Thanks Ada', is_owner: true });
    const { calls } = renderLink([thread], {
      [`GET ${DETAIL}/comments/${C1}/replies`]: jsonResponse(
        [1, 2, 3, 4].map((n) => reply(n)),
        {
          headers: { 'x-has-next-page': 'false' },
        },
      ),
      [`POST ${DETAIL}/comments`]: jsonResponse(created, { status: 201 }),
    });
    const replies = await screen.findByRole('list', { name: 'Replies to Ada Byron' }, slow);
    expect(within(replies).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'View 1 more reply' }));
    await waitFor(() => expect(within(replies).getAllByRole('listitem')).toHaveLength(4));
    expect(within(replies).getByText('reply 4')).toBeInTheDocument();

    const top = screen.getByRole('article', { name: 'Comment by Ada Byron' });
    fireEvent.click(within(top).getByRole('button', { name: 'Reply' }));
    const box = screen.getByRole('textbox', { name: 'Reply to Ada Byron' });
    fireEvent.change(box, { target: { value: ' Thanks Ada ' } });
    fireEvent.click(within(box.closest('form')!).getByRole('button', { name: 'Reply' }));
    expect(await within(replies).findByText('Thanks Ada', undefined, slow)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      content: 'Thanks Ada',
      parent_id: C1,
    });
    // The link's count follows: 2 comments, now 3.
    expect(screen.getByRole('heading', { name: /Comments/ })).toHaveTextContent('3');
  });

  it('edits the member\'s own comment from "Comment options" and shows "edited"', async () => {
    const mine = aLinkComment({ is_owner: true, can_edit: true, can_delete: true, content: 'Typo heer' });
    const { calls } = renderLink([mine], {
      [`PATCH ${DETAIL}/comments/${C1}`]: jsonResponse({
        ...mine,
        content: 'Typo here',
        edited_at: '2026-03-22T12:00:00.000Z',
      }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Comment options' }, slow));
    await user.click(await findMenuItem({ name: 'Edit comment' }));
    const box = await screen.findByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveValue('Typo heer');
    fireEvent.change(box, { target: { value: 'Typo here' } });
    fireEvent.click(within(box.closest('form')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTitle(/^Edited \w+, March 22, 2026/, undefined, slow)).toHaveTextContent(
      /^edited/,
    );
    expect(screen.getByRole('article', { name: 'Comment by Maria Okafor' })).toHaveTextContent('Typo here');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ content: 'Typo here' });
  });

  it('likes a reply at once and keeps the count the server gives', async () => {
    const thread = ada({ replies_count: 1, replies: [reply(1, { likes_count: 2 })] });
    const { calls } = renderLink([thread], {
      [`POST ${DETAIL}/comments/${reply(1).id}/like`]: jsonResponse({ liked: true, likes_count: 3 }),
    });
    const replies = await screen.findByRole('list', { name: 'Replies to Ada Byron' }, slow);
    fireEvent.click(within(replies).getByRole('button', { name: '2 likes' }));
    const liked = await within(replies).findByRole('button', { name: '3 likes' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((call) => call.url.endsWith('/like'))).toHaveLength(1);
    // The comment above keeps its own count.
    const top = screen.getByRole('article', { name: 'Comment by Ada Byron' });
    expect(within(top).getByRole('button', { name: '0 likes' })).toHaveAttribute('aria-pressed', 'false');
  });
});
