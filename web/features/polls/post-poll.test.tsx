import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Poll } from '@shared/api/polls';
import { aPost } from '@web/features/posts/post-fixtures';
import { postsRoutes } from '@web/features/posts/routes';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';

const PARK = '20000000-0000-4000-8000-000000000001';
const LIBRARY = '20000000-0000-4000-8000-000000000002';

function aPoll(overrides: Partial<Poll> = {}): Poll {
  return {
    multiple: false,
    results: 'after_voting',
    anonymous: false,
    closes_at: null,
    closed: false,
    voters_count: 2,
    voted: false,
    my_option_ids: [],
    results_visible: false,
    can_vote: true,
    options: [
      { id: PARK, label: 'Park', votes: null },
      { id: LIBRARY, label: 'Library', votes: null },
    ],
    ...overrides,
  };
}

const post = aPost({ tldr: 'Where do we meet?', poll: aPoll() });

function renderPost(poll: Poll, routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetched = mockFetch({
    'GET /api/auth': jsonResponse(maria),
    'GET /api/groups': jsonResponse([]),
    [`GET /api/posts/${post.id}`]: jsonResponse({ ...post, poll }),
    [`GET /api/posts/${post.id}/comments`]: jsonResponse([]),
    ...routes,
  });
  renderApp(`/post/${post.id}`, { features: postsRoutes });
  return fetched;
}

describe('a post’s poll', () => {
  it('is a radio group with a legend; Vote sends the choice and the results show as bars with shares', async () => {
    const voted = aPoll({
      voted: true,
      voters_count: 3,
      my_option_ids: [LIBRARY],
      results_visible: true,
      options: [
        { id: PARK, label: 'Park', votes: 1 },
        { id: LIBRARY, label: 'Library', votes: 2 },
      ],
    });
    const { calls } = renderPost(aPoll(), { [`PUT /api/posts/${post.id}/poll/vote`]: jsonResponse(voted) });
    const group = await screen.findByRole('group', { name: 'Choose one' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText('2 votes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vote' })).toBeDisabled();

    fireEvent.click(within(group).getByRole('radio', { name: 'Library' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(screen.getByText('67% · 2 votes')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ vote: { option_ids: [LIBRARY] } });
    expect(screen.getByText('33% · 1 vote')).toBeInTheDocument();
    expect(screen.getByText('3 votes')).toBeInTheDocument();
    expect(screen.getByText('(your choice)', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change vote' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take back vote' })).toBeInTheDocument();
  });

  it('lists who chose each option once opened, linking to their profiles', async () => {
    const shown = aPoll({
      voted: true,
      my_option_ids: [PARK],
      results_visible: true,
      options: [
        { id: PARK, label: 'Park', votes: 2 },
        { id: LIBRARY, label: 'Library', votes: 0 },
      ],
    });
    const { calls } = renderPost(shown, {
      [`GET /api/posts/${post.id}/poll/voters`]: jsonResponse([
        {
          option_id: PARK,
          voters: [
            { profile_id: 'p1', username: 'ana', name: 'Ana Lima' },
            { profile_id: 'p2', username: 'cy', name: 'Cy Berg' },
          ],
        },
        { option_id: LIBRARY, voters: [] },
      ]),
    });
    const summary = await screen.findByText('Who voted');
    expect(calls.some((call) => call.url.endsWith('/poll/voters'))).toBe(false);
    fireEvent.click(summary);
    expect(await screen.findByRole('link', { name: 'Cy Berg' })).toHaveAttribute('href', '/profiles/p2');
    expect(screen.getByRole('link', { name: 'Ana Lima' })).toHaveAttribute('href', '/profiles/p1');
  });

  it('offers no list of voters in an anonymous poll', async () => {
    renderPost(aPoll({ anonymous: true, voted: true, can_vote: false, results_visible: true }));
    expect(await screen.findByText('2 votes')).toBeInTheDocument();
    expect(screen.queryByText('Who voted')).not.toBeInTheDocument();
  });

  it('offers checkboxes in a multiple-choice poll and says an anonymous vote is final', async () => {
    renderPost(aPoll({ multiple: true, anonymous: true }));
    const group = await screen.findByRole('group', { name: 'Choose one or more' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    expect(
      screen.getByText(
        'Anonymous poll: nobody sees who voted what, and your vote cannot be changed or taken back.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a closed poll’s results with no way to vote, and says when results of an open one show', async () => {
    renderPost(
      aPoll({
        closed: true,
        can_vote: false,
        results_visible: true,
        closes_at: '2026-03-01T10:00:00.000Z',
        options: [
          { id: PARK, label: 'Park', votes: 2 },
          { id: LIBRARY, label: 'Library', votes: 0 },
        ],
      }),
    );
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.getByText('100% · 2 votes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change vote' })).not.toBeInTheDocument();
  });
});
