import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactionSummary } from '@shared/api/reactions';
import { activateLocale } from '@web/i18n/i18n';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { testId } from '@web/test/ids';
import { ReactionBar } from './reaction-bar';
import { toggledReaction } from './use-reactions';

const postId = testId('p1');
const base = `/api/posts/${postId}/reactions`;

function renderBar(reactions: ReactionSummary[], onSettled = vi.fn()) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ReactionBar subject={{ kind: 'post', id: postId }} reactions={reactions} onSettled={onSettled} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSettled };
}

/** A fetch answer the test releases when it wants. */
function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => activateLocale('en'));

describe('reaction chips', () => {
  it('shows a "glyph count" chip per emoji, pressed when it is the viewer’s, named for screen readers', () => {
    mockFetch({});
    renderBar([
      { emoji: 'thumbs_up', count: 3, reacted: false },
      { emoji: 'heart', count: 1, reacted: true },
    ]);
    const thumbs = screen.getByRole('button', { name: 'Thumbs up: 3 reactions' });
    expect(thumbs).toHaveTextContent('👍3');
    expect(thumbs).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Heart: 1 reaction' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Reactions to this post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Who reacted' })).toBeInTheDocument();
  });

  it('toggles the viewer’s reaction at once, then takes the server’s counts and hands them on', async () => {
    const answer = deferred();
    const { calls } = mockFetch({ [`PUT ${base}/thumbs_up`]: () => answer.promise });
    const { onSettled } = renderBar([{ emoji: 'thumbs_up', count: 3, reacted: false }]);
    await userEvent.click(screen.getByRole('button', { name: 'Thumbs up: 3 reactions' }));
    // Optimistic: counted and pressed before the server answers.
    const chip = screen.getByRole('button', { name: 'Thumbs up: 4 reactions' });
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    const server = [
      { emoji: 'thumbs_up', count: 5, reacted: true },
      { emoji: 'heart', count: 1, reacted: false },
    ] satisfies ReactionSummary[];
    answer.resolve(jsonResponse({ emoji: 'thumbs_up', reacted: true, reactions: server }));
    expect(await screen.findByRole('button', { name: 'Thumbs up: 5 reactions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Heart: 1 reaction' })).toBeInTheDocument();
    expect(onSettled).toHaveBeenCalledWith(server);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('takes a reaction back with DELETE, and puts the chip back when the call fails', async () => {
    const answer = deferred();
    mockFetch({ [`DELETE ${base}/heart`]: () => answer.promise });
    const { onSettled } = renderBar([{ emoji: 'heart', count: 1, reacted: true }]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Heart: 1 reaction' }));
    // At once: the last heart is taken back, so its chip goes.
    expect(screen.queryByRole('button', { name: /^Heart/ })).not.toBeInTheDocument();
    answer.resolve(jsonResponse({ error: 'Something went wrong' }, { status: 500 }));
    const back = await screen.findByRole('button', { name: 'Heart: 1 reaction' });
    await waitFor(() => expect(back).toHaveAttribute('aria-pressed', 'true'));
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('picks from the keyboard: the picker opens on its first emoji, arrows move, Enter reacts, Escape closes', async () => {
    const user = userEvent.setup();
    mockFetch({
      [`PUT ${base}/laugh`]: jsonResponse({
        emoji: 'laugh',
        reacted: true,
        reactions: [{ emoji: 'laugh', count: 1, reacted: true }],
      }),
    });
    renderBar([]);
    // Nobody reacted yet: no chips, no Who reacted.
    expect(screen.queryByRole('button', { name: 'Who reacted' })).not.toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Add a reaction to this post' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('group', { name: 'Choose a reaction' });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Thumbs up', 'Heart', 'Laugh', 'Wow', 'Sad', 'Celebrate']);
    expect(within(panel).getByRole('button', { name: 'Thumbs up' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(panel).getByRole('button', { name: 'Laugh' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Choose a reaction' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{End}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    expect(await screen.findByRole('button', { name: 'Laugh: 1 reaction' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(opener).toHaveFocus();
  });

  it('in Arabic, names the emoji in Arabic and moves to the next one with the arrow pointing left, the way they run', async () => {
    const user = userEvent.setup();
    mockFetch({});
    await act(() => activateLocale('ar'));
    renderBar([]);
    const opener = screen.getByRole('button', { name: 'أضف تفاعلًا مع هذا المنشور' });
    opener.focus();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('group', { name: 'اختر تفاعلًا' });
    expect(within(panel).getByRole('button', { name: 'إعجاب' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(panel).getByRole('button', { name: 'ضحك' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(panel).getByRole('button', { name: 'قلب' })).toHaveFocus();
  });

  it('lists who reacted per emoji in a dialog', async () => {
    mockFetch({
      [`GET ${base}`]: jsonResponse([
        {
          emoji: 'celebrate',
          count: 3,
          reacted: false,
          members: [
            { name: 'Ada Byron', username: 'ada', avatar: null, profile_id: testId('u1') },
            { name: 'Theo Lindqvist', username: 'theo', avatar: null, profile_id: testId('u2') },
          ],
        },
      ]),
    });
    renderBar([{ emoji: 'celebrate', count: 3, reacted: false }]);
    await userEvent.click(screen.getByRole('button', { name: 'Who reacted' }));
    const dialog = await findDialog({ name: 'Who reacted' }, { timeout: 10_000 });
    const section = await within(dialog).findByRole('region', { name: /Celebrate · 3/ });
    expect(within(section).getByRole('link', { name: 'Ada Byron' })).toHaveAttribute(
      'href',
      `/profiles/${testId('u1')}`,
    );
    expect(within(section).getByText('and 1 more')).toBeInTheDocument();
  });
});

describe('toggledReaction', () => {
  it('adds, counts and drops emoji in the fixed order', () => {
    const some: ReactionSummary[] = [{ emoji: 'sad', count: 1, reacted: false }];
    expect(toggledReaction(some, 'heart', true)).toEqual([
      { emoji: 'heart', count: 1, reacted: true },
      { emoji: 'sad', count: 1, reacted: false },
    ]);
    expect(toggledReaction(some, 'sad', true)).toEqual([{ emoji: 'sad', count: 2, reacted: true }]);
    expect(toggledReaction([{ emoji: 'sad', count: 1, reacted: true }], 'sad', false)).toEqual([]);
    expect(toggledReaction(some, 'sad', false)).toEqual(some);
  });
});
