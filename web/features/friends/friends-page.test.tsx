import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Friends } from '@shared/api/follows';
import type { ProfileSummary } from '@shared/api/profiles';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

const person = (
  id: string,
  name: string,
  username: string,
  extra: Partial<ProfileSummary> = {},
): ProfileSummary => ({
  id,
  name,
  username,
  avatar: null,
  is_following: false,
  follows_you: false,
  ...extra,
});

describe('/friends', () => {
  it('shows the three sections with their empty texts', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/friends': jsonResponse({ following: [], followers: [], suggestions: [] }),
      'GET /api/friends/following': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
      'GET /api/friends/followers': jsonResponse([], { headers: { 'x-has-next-page': 'false' } }),
    });
    renderApp('/friends');
    expect(await screen.findByRole('heading', { name: 'People you follow' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your followers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'People you may know' })).toBeInTheDocument();
    expect(screen.getByText("You're not following anyone yet.")).toBeInTheDocument();
    expect(screen.getByText('No one is following you yet.')).toBeInTheDocument();
    expect(screen.getByText('No suggestions right now.')).toBeInTheDocument();
  });

  it('lists people with name, @username, a profile link and Follow; following moves them', async () => {
    let friends: Friends = {
      following: [
        person('20000000-0000-4000-8000-000000000001', 'Grace Hopper', 'grace', {
          is_following: true,
          follows_you: true,
        }),
      ],
      followers: [
        person('20000000-0000-4000-8000-000000000001', 'Grace Hopper', 'grace', {
          is_following: true,
          follows_you: true,
        }),
      ],
      suggestions: [person('20000000-0000-4000-8000-000000000002', 'Alan Turing', 'alan')],
    };
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/friends': () => jsonResponse(friends),
      'GET /api/friends/following': () => jsonResponse(friends.following),
      'GET /api/friends/followers': () => jsonResponse(friends.followers),
      'POST /api/profiles/20000000-0000-4000-8000-000000000002/follow': () => {
        const alan = { ...friends.suggestions[0]!, is_following: true };
        friends = { ...friends, following: [...friends.following, alan], suggestions: [] };
        return jsonResponse({ is_following: true, followers_count: 1 });
      },
    });
    renderApp('/friends');
    const user = userEvent.setup({ delay: null });

    const suggestions = await screen.findByRole('list', { name: 'People you may know' });
    expect(within(suggestions).getByRole('link', { name: 'Alan Turing' })).toHaveAttribute(
      'href',
      '/profiles/20000000-0000-4000-8000-000000000002',
    );
    expect(within(suggestions).getByText('@alan')).toBeInTheDocument();
    const following = screen.getByRole('list', { name: 'People you follow' });
    expect(within(following).getByRole('button', { name: 'Unfollow Grace Hopper' })).toBeInTheDocument();
    expect(within(following).getByText('Follows you')).toBeInTheDocument();

    await user.click(within(suggestions).getByRole('button', { name: 'Follow Alan Turing' }));
    expect(
      await within(screen.getByRole('list', { name: 'People you follow' })).findByRole('link', {
        name: 'Alan Turing',
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No suggestions right now.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/friends')).toHaveLength(2);
  });
});
