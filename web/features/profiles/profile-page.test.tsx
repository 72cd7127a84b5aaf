import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { profileDisplayName } from './display-name';
import { aProfile } from './test-fixtures';

const emptyPage = () => jsonResponse([], { headers: { 'x-has-next-page': 'false' } });

describe('profileDisplayName', () => {
  it('is the first and last name when both exist, else the username', () => {
    expect(profileDisplayName({ username: 'grace', first_name: 'Grace', last_name: 'Hopper' })).toBe(
      'Grace Hopper',
    );
    expect(profileDisplayName({ username: 'grace', first_name: 'Grace', last_name: null })).toBe('grace');
    expect(profileDisplayName({ username: 'grace', first_name: null, last_name: 'Hopper' })).toBe('grace');
    expect(profileDisplayName({ username: 'grace', first_name: '  ', last_name: 'Hopper' })).toBe('grace');
    expect(profileDisplayName({ username: 'grace', first_name: ' Grace ', last_name: ' Hopper' })).toBe(
      'Grace Hopper',
    );
  });
});

describe('/profiles/{id}', () => {
  it('shows the heading Profile, the name, about, location, counts and the Timeline', async () => {
    const grace = aProfile({
      id: '20000000-0000-4000-8000-000000000001',
      username: 'grace',
      first_name: 'Grace',
      last_name: 'Hopper',
      about: 'Compilers and nanoseconds.',
      location: 'Arlington',
      followers_count: 1,
      following_count: 4,
    });
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profiles/20000000-0000-4000-8000-000000000001/': jsonResponse(grace),
      'GET /api/blocks/20000000-0000-4000-8000-000000000001': jsonResponse({
        user_id: '20000000-0000-4000-8000-000000000001',
        blocked: false,
      }),
      'GET /api/profiles/20000000-0000-4000-8000-000000000001/posts': emptyPage(),
    });
    renderApp('/profiles/20000000-0000-4000-8000-000000000001');
    // The first render of the file loads the profile screen's code: give it time on a loaded runner.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('@grace')).toBeInTheDocument();
    expect(screen.getByText('Compilers and nanoseconds.')).toBeInTheDocument();
    expect(screen.getByText('Arlington')).toBeInTheDocument();
    expect(screen.getByText(/follower$/)).toHaveTextContent('1 follower');
    expect(screen.getByText(/following$/)).toHaveTextContent('4 following');
    expect(screen.getByRole('heading', { name: 'Timeline' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.startsWith('/api/profiles/20000000-0000-4000-8000-000000000001/posts')),
      ).toBe(true),
    );
  });

  it('names a member without both names by the username', async () => {
    const alan = aProfile({
      id: '20000000-0000-4000-8000-000000000002',
      username: 'alan',
      first_name: 'Alan',
    });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profiles/20000000-0000-4000-8000-000000000002/': jsonResponse(alan),
      'GET /api/blocks/20000000-0000-4000-8000-000000000002': jsonResponse({
        user_id: '20000000-0000-4000-8000-000000000002',
        blocked: false,
      }),
      'GET /api/profiles/20000000-0000-4000-8000-000000000002/posts': emptyPage(),
    });
    renderApp('/profiles/20000000-0000-4000-8000-000000000002');
    expect(await screen.findByRole('heading', { name: 'alan' })).toBeInTheDocument();
  });

  it('Follow and Unfollow update the button and the follower count', async () => {
    const grace = aProfile({
      id: '20000000-0000-4000-8000-000000000001',
      username: 'grace',
      followers_count: 2,
    });
    // The profile is asked again after each change (whether Ada may now write to Grace): it answers the state then.
    let following = false;
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profiles/20000000-0000-4000-8000-000000000001/': () =>
        jsonResponse({ ...grace, is_following: following, followers_count: following ? 3 : 2 }),
      'GET /api/blocks/20000000-0000-4000-8000-000000000001': jsonResponse({
        user_id: '20000000-0000-4000-8000-000000000001',
        blocked: false,
      }),
      'GET /api/profiles/20000000-0000-4000-8000-000000000001/posts': emptyPage(),
      'POST /api/profiles/20000000-0000-4000-8000-000000000001/follow': () => {
        following = true;
        return jsonResponse({ is_following: true, followers_count: 3 });
      },
      'DELETE /api/profiles/20000000-0000-4000-8000-000000000001/follow': () => {
        following = false;
        return jsonResponse({ is_following: false, followers_count: 2 });
      },
    });
    renderApp('/profiles/20000000-0000-4000-8000-000000000001');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Follow grace' }));
    expect(await screen.findByRole('button', { name: 'Unfollow grace' })).toBeInTheDocument();
    expect(screen.getByText(/followers$/)).toHaveTextContent('3 followers');
    await user.click(screen.getByRole('button', { name: 'Unfollow grace' }));
    expect(await screen.findByRole('button', { name: 'Follow grace' })).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.url === '/api/profiles/20000000-0000-4000-8000-000000000001/follow')
        .map((call) => call.method),
    ).toEqual(['POST', 'DELETE']);
  });

  it('offers no Follow button on my own profile', async () => {
    const me = aProfile({
      id: ada.id,
      username: 'ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_self: true,
    });
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      [`GET /api/profiles/${ada.id}/`]: jsonResponse(me),
      [`GET /api/profiles/${ada.id}/posts`]: emptyPage(),
    });
    renderApp(`/profiles/${ada.id}`);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings');
  });

  it('offers Message only when the server says the member may be written to', async () => {
    const id = '20000000-0000-4000-8000-000000000002';
    for (const canMessage of [true, false]) {
      const grace = aProfile({
        id,
        username: 'grace',
        first_name: 'Grace',
        last_name: 'Hopper',
        can_message: canMessage,
      });
      mockFetch({
        'GET /api/auth': jsonResponse(ada),
        'GET /api/groups': jsonResponse([]),
        [`GET /api/profiles/${id}/`]: jsonResponse(grace),
        [`GET /api/profiles/${id}/posts`]: emptyPage(),
        [`GET /api/blocks/${id}`]: jsonResponse({ user_id: id, blocked: false }),
      });
      const { unmount } = renderApp(`/profiles/${id}`);
      expect(await screen.findByRole('button', { name: 'Follow Grace Hopper' })).toBeInTheDocument();
      expect(screen.queryAllByRole('button', { name: 'Message Grace Hopper' })).toHaveLength(
        canMessage ? 1 : 0,
      );
      unmount();
    }
  });

  it("shows a load failure as 'An error has occurred: {message}'", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profiles/nobody/': jsonResponse({ error: 'Not found' }, { status: 404 }),
    });
    renderApp('/profiles/nobody');
    expect(await screen.findByText('An error has occurred: Not found')).toBeInTheDocument();
    // Not there is no failure another try mends: one heading, the message once, no Try Again.
    expect(screen.getByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
    expect(screen.getAllByText('An error has occurred: Not found')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });
});
