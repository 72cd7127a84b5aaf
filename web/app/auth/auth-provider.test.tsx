import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@shared/api/auth';
import { accountsRoutes } from '@web/features/accounts/routes';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { findMenuItem } from '@web/test/dialogs';
import { heldResponse, jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { useAuth } from './auth-context';

const unauthenticated = () =>
  jsonResponse({ error: 'You need to sign in or sign up before continuing.' }, { status: 401 });

describe('session check', () => {
  it.each([
    '/signin',
    '/signup',
    '/',
    '/invitation',
    '/password-reset',
    '/privacy-policy',
    '/landing',
    '/explore/post/1',
  ])('makes no session check on the public path %s', async (path) => {
    // The public face reads published posts; nothing asks who is signed in.
    const { calls } = mockFetch({
      'GET /api/published_posts': jsonResponse([]),
      'GET /api/published_posts/1': jsonResponse({ error: 'Not found.' }, { status: 404 }),
    });
    renderApp(path);
    // The public face's screens are route-lazy: the first one may take a moment to load.
    await screen.findAllByRole('main', {}, { timeout: 5000 });
    expect(calls.filter((call) => !call.url.startsWith('/api/published_posts'))).toEqual([]);
  });

  it('checks a returning member on a public path, who then sees their own frame', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/published_posts': jsonResponse([]),
    });
    renderApp('/feed');
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/auth')).toHaveLength(1);
  });

  it('a stale hint costs one check, answered 401 silently, and is then forgotten', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem('hearthSignedIn', '1');
    mockFetch({ 'GET /api/auth': unauthenticated(), 'GET /api/published_posts': jsonResponse([]) });
    const { router } = renderApp('/');
    // Meanwhile the members' frame shows "Loading"; the 401 then brings the public frame.
    const signIn = await screen.findByRole('link', { name: 'Sign In' }, { timeout: 5000 });
    expect(screen.getByRole('banner')).toContainElement(signIn);
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(window.localStorage.getItem('hearthSignedIn')).toBeNull());
    expect(log).not.toHaveBeenCalled();
  });

  it('/signin sends a member who is already signed in to /dashboard', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': jsonResponse([]),
    });
    const { router } = renderApp('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('so does following a link to /signin while signed in', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/invitations': jsonResponse([]),
      'GET /api/posts': jsonResponse([]),
    });
    const { router } = renderApp('/invitations');
    await screen.findByRole('heading', { name: 'Invitations' });
    await router.navigate('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows Loading on a protected screen while the check runs, then the screen', async () => {
    const { route: held, answer } = heldResponse();
    mockFetch({
      'GET /api/auth': held,
      'GET /api/invitations': jsonResponse([]),
      'GET /api/groups': jsonResponse([]),
    });
    renderApp('/invitations');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    answer(jsonResponse(maria));
    expect(await screen.findByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('MO');
  });

  it('a 401 from the check sends the visitor to /signin and remembers the page (silently)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/auth': unauthenticated() });
    const { router } = renderApp('/invitations?from=mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/invitations?from=mail');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
  });

  it('other check failures are logged and count as signed out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/auth': jsonResponse({ error: 'boom' }, { status: 500 }) });
    const { router } = renderApp('/invitations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(log).toHaveBeenCalledWith('Session check failed', expect.anything());
  });

  it('any later 401 on a protected page remembers the page and goes to /signin', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/invitations': unauthenticated(),
    });
    const { router } = renderApp('/invitations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/invitations');
  });
});

describe('sign in and out', () => {
  it('after sign-in goes to the remembered page, clears it, and prefetches the groups', async () => {
    window.localStorage.setItem('redirectAfterLogin', '/invitations');
    const { calls } = mockFetch({
      'POST /api/users/sign_in': jsonResponse(maria),
      'GET /api/groups': jsonResponse([
        {
          id: '10000000-0000-4000-8000-000000000001',
          name: 'Book Club',
          avatar: 'BC',
          is_owner: true,
          is_member: true,
        },
      ]),
      'GET /api/invitations': jsonResponse([]),
    });
    const { router } = renderApp('/signin');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitations'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(window.localStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(calls.find((call) => call.url === '/api/users/sign_in')?.body).toEqual({
      user: { email: 'maria@example.com', password: 'correct horse' },
    });
    expect(calls.some((call) => call.url.startsWith('/api/groups?'))).toBe(true);
    // No session check needed: the sign-in answer already says who is signed in.
    expect(calls.some((call) => call.url === '/api/auth')).toBe(false);
  });

  it('without a remembered page, sign-in goes to /dashboard', async () => {
    mockFetch({ 'POST /api/users/sign_in': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) });
    const { router } = renderApp('/signin');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // Remembered, so a public page later shows this member their own frame.
    expect(window.localStorage.getItem('hearthSignedIn')).toBe('1');
  });

  it('sign-out ends the session, forgets the member and goes to /signin', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/invitations': jsonResponse([]),
      'DELETE /api/users/sign_out': new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    // The real frame, not the placeholder shown while the session is checked.
    await screen.findByRole('heading', { level: 1, name: 'Invitations' });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await findMenuItem({ name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/users/sign_out')).toBe(true);
    // Forgotten by an effect, which may run after the sign-in screen's code has arrived.
    await waitFor(() => expect(window.localStorage.getItem('hearthSignedIn')).toBeNull());
    // Signed out now: a protected page goes straight back to sign-in without asking the server again.
    await router.navigate('/invitations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(calls.filter((call) => call.url === '/api/auth')).toHaveLength(1);
  });
});

describe('refreshUser', () => {
  // Console spies of earlier tests would otherwise still be counting.
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.restoreAllMocks());

  /** Every refresh the probe started, so a test can wait until a late answer has been handled. */
  let refreshes: Promise<void>[] = [];
  beforeEach(() => {
    refreshes = [];
  });

  /** A signed-in screen whose button asks the auth context to refresh the member. */
  function RefreshProbe() {
    const { refreshUser, user } = useAuth();
    return (
      <div>
        <h1>Probe</h1>
        <p>{user ? `Signed in as ${user.username}` : 'Nobody'}</p>
        <button
          type="button"
          onClick={() => {
            refreshes.push(refreshUser());
          }}
        >
          Refresh me
        </button>
      </div>
    );
  }
  const probe: FeatureRoute[] = [
    ...accountsRoutes,
    { shell: 'signed-in', path: '/probe', element: <RefreshProbe /> },
  ];
  const renamed: CurrentUser = {
    ...maria,
    username: 'mia',
    first_name: 'Mia',
    last_name: 'Adeyemi',
    name: 'Mia Adeyemi',
    initials: 'MA',
  };

  async function openMenu(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    return screen.findByRole('menu');
  }

  it("asks GET /api/auth again and shows the member's new name, username and initials", async () => {
    let current = maria;
    const { calls } = mockFetch({
      'GET /api/auth': () => jsonResponse(current),
      'GET /api/groups': jsonResponse([]),
    });
    renderApp('/probe', { features: probe });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Signed in as maria')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('MO');

    current = renamed;
    await user.click(screen.getByRole('button', { name: 'Refresh me' }));
    expect(await screen.findByText('Signed in as mia')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('MA');
    const menu = await openMenu(user);
    expect(within(menu).getByText('Mia Adeyemi')).toBeInTheDocument();
    expect(within(menu).getByText('@mia')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/auth')).toHaveLength(2);
  });

  it("records an unknown zone as this browser's once, and does not fetch the member again for it", async () => {
    const { route: patched, answer } = heldResponse();
    const { calls } = mockFetch({
      'GET /api/auth': () => jsonResponse({ ...maria, time_zone: null }),
      'GET /api/groups': jsonResponse([]),
      'PATCH /api/profile': patched,
    });
    renderApp('/probe', { features: probe });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('Signed in as maria')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      profile: { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
    answer(jsonResponse({ ...maria, time_zone: 'UTC' }));
    // Positive control: a refresh asked for after the zone was answered reaches the server.
    await user.click(screen.getByRole('button', { name: 'Refresh me' }));
    await act(() => refreshes[0]!);
    const afterPatch = calls.slice(calls.findIndex((call) => call.method === 'PATCH') + 1);
    expect(afterPatch.filter((call) => call.url === '/api/auth')).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });

  it('applies only the latest answer when refreshes overlap', async () => {
    const answers: ((response: Response) => void)[] = [];
    let checked = false;
    mockFetch({
      'GET /api/auth': () => {
        if (!checked) {
          checked = true;
          return jsonResponse(maria);
        }
        return new Promise<Response>((resolve) => answers.push(resolve));
      },
      'GET /api/groups': jsonResponse([]),
    });
    renderApp('/probe', { features: probe });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Refresh me' }));
    await user.click(screen.getByRole('button', { name: 'Refresh me' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(jsonResponse(renamed));
    expect(await screen.findByText('Signed in as mia')).toBeInTheDocument();
    // The older refresh answers last, with what was true before: it must not undo the newer one.
    answers[0]!(jsonResponse(maria));
    // Positive control: the older refresh has finished handling its answer.
    await act(() => refreshes[0]!);
    expect(screen.getByText('Signed in as mia')).toBeInTheDocument();
  });

  it('a 401 signs the member out and goes to /signin, remembering the page (silently)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let signedIn = true;
    mockFetch({
      'GET /api/auth': () => (signedIn ? jsonResponse(maria) : unauthenticated()),
      'GET /api/groups': jsonResponse([]),
    });
    const { router } = renderApp('/probe', { features: probe });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Refresh me' }));
    expect(router.state.location.pathname).toBe('/probe');
    signedIn = false;
    await user.click(screen.getByRole('button', { name: 'Refresh me' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/probe');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();
  });

  it('other failures are logged and keep the member signed in as they were', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = false;
    mockFetch({
      'GET /api/auth': () =>
        failing ? jsonResponse({ error: 'boom' }, { status: 500 }) : jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
    });
    const { router } = renderApp('/probe', { features: probe });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Signed in as maria');
    failing = true;
    await user.click(screen.getByRole('button', { name: 'Refresh me' }));
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Refreshing the signed-in member failed', expect.anything()),
    );
    expect(router.state.location.pathname).toBe('/probe');
    expect(screen.getByText('Signed in as maria')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('MO');
  });

  it('an answer that lands after sign-out does not sign the member back in', async () => {
    const { route: held, answer } = heldResponse();
    let checked = false;
    mockFetch({
      'GET /api/auth': () => {
        if (checked) return held();
        checked = true;
        return jsonResponse(maria);
      },
      'GET /api/groups': jsonResponse([]),
      'DELETE /api/users/sign_out': new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/probe', { features: probe });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Refresh me' }));
    await openMenu(user);
    await user.click(await findMenuItem({ name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    answer(jsonResponse(maria));
    // Positive control: the refresh has finished handling the late answer.
    expect(refreshes).toHaveLength(1);
    await act(() => refreshes[0]!);
    await router.navigate('/probe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
