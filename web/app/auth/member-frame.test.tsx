import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accountsRoutes } from '@web/features/accounts/routes';
import { privacyRoutes } from '@web/features/privacy/routes';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { findDialog } from '@web/test/dialogs';
import { heldResponse, jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';

/** GET /api/auth answered when the test says so. */
function deferredAuth() {
  const { route, answer } = heldResponse();
  return { route, answer: (response: Response) => act(async () => answer(response)) };
}

const unauthenticated = () =>
  jsonResponse({ error: 'You need to sign in or sign up before continuing.' }, { status: 401 });

const feedRendered = vi.fn();
function Feed() {
  feedRendered();
  return <h1>Public feed</h1>;
}

const features: FeatureRoute[] = [
  ...accountsRoutes,
  ...privacyRoutes,
  { shell: 'signed-in', path: '/dashboard', element: <h1>Timeline</h1> },
  { shell: 'signed-in', path: '/groups', element: <h1>Groups</h1> },
  { shell: 'adaptive', path: '/', element: <Feed /> },
];

const accountMenu = () => screen.queryByRole('button', { name: 'Account menu' });

describe('the signed-in frame at once, for a browser that was signed in', () => {
  it('draws the frame with "Loading" while the session is checked, and nothing of the member', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    const auth = deferredAuth();
    mockFetch({ 'GET /api/auth': auth.route, 'GET /api/groups': jsonResponse([]) });
    renderApp('/groups', { features });

    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText(/Maria|MO/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Groups' })).toBeNull();

    await auth.answer(jsonResponse(maria));
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    expect(accountMenu()).toHaveTextContent('MO');
  });

  it('a menu opened in the frame while the session is checked stays open when the check answers', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    const auth = deferredAuth();
    mockFetch({ 'GET /api/auth': auth.route, 'GET /api/groups': jsonResponse([]) });
    renderApp('/groups', { features });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(await findDialog()).toBeInTheDocument();

    await auth.answer(jsonResponse(maria));
    // The real frame replaced the placeholder (the member's initials), and the sidebar is still open.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu', hidden: true })).toHaveTextContent('MO'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Groups' })).toBeInTheDocument();
  });

  it('without the hint a protected page shows "Loading" alone, as before', async () => {
    const auth = deferredAuth();
    mockFetch({ 'GET /api/auth': auth.route, 'GET /api/groups': jsonResponse([]) });
    renderApp('/groups', { features });
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(accountMenu()).toBeNull();
    await auth.answer(jsonResponse(maria));
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
  });

  it('a stale hint: the frame while checking, then /signin with the page remembered and no member data', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    const auth = deferredAuth();
    mockFetch({ 'GET /api/auth': auth.route, 'GET /api/groups': unauthenticated() });
    const { router } = renderApp('/groups', { features });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    await auth.answer(unauthenticated());
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByLabelText(/Email/)).toBeInTheDocument();
    expect(accountMenu()).toBeNull();
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/groups');
    await waitFor(() => expect(window.localStorage.getItem('hearthSignedIn')).toBeNull());
  });
});

describe('a session check that cannot reach the server', () => {
  it('keeps the frame and "Loading" under the banner, and checks again when the server is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.localStorage.setItem('hearthSignedIn', '1');
    let serverUp = false;
    const { calls } = mockFetch({
      'GET /api/auth': () =>
        serverUp ? jsonResponse(maria) : Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/health': () =>
        serverUp ? jsonResponse({ status: 'ok' }) : Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/groups': jsonResponse([]),
    });
    const { router } = renderApp('/groups', { features });
    expect(await screen.findByText("Hearth isn't answering. Trying again…")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(accountMenu()).toBeInTheDocument();
    expect(window.localStorage.getItem('hearthSignedIn')).toBe('1');

    serverUp = true;
    expect(await screen.findByRole('heading', { name: 'Groups' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups');
    expect(calls.filter((call) => call.url === '/api/auth').length).toBeGreaterThanOrEqual(2);
  }, 20_000);
});

describe('the doors for visitors send a member on', () => {
  it('/ goes to /dashboard, replacing history, and never draws the public feed for a member', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    feedRendered.mockClear();
    const auth = deferredAuth();
    mockFetch({ 'GET /api/auth': auth.route, 'GET /api/groups': jsonResponse([]) });
    const { router } = renderApp('/', { features });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    await auth.answer(jsonResponse(maria));
    expect(await screen.findByRole('heading', { name: 'Timeline' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(feedRendered).not.toHaveBeenCalled();
  });

  it('/signin shows the frame while checking, then /dashboard', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    const auth = deferredAuth();
    mockFetch({ 'GET /api/auth': auth.route, 'GET /api/groups': jsonResponse([]) });
    const { router } = renderApp('/signin', { features });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    await auth.answer(jsonResponse(maria));
    expect(await screen.findByRole('heading', { name: 'Timeline' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a visitor at / still gets the public feed, with no session check', async () => {
    feedRendered.mockClear();
    const { calls } = mockFetch({});
    renderApp('/', { features });
    expect(await screen.findByRole('heading', { name: 'Public feed' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(calls).toEqual([]);
  });
});

describe('the privacy policy', () => {
  it('shows inside the signed-in frame for a member', async () => {
    window.localStorage.setItem('hearthSignedIn', '1');
    mockFetch({ 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) });
    renderApp('/privacy-policy', { features });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(accountMenu()).toHaveTextContent('MO');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  }, 20_000);
});
