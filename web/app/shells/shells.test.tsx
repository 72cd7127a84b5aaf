import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { accountsRoutes } from '@web/features/accounts/routes';
import { invitationsRoutes } from '@web/features/invitations/routes';
import { findDialog } from '@web/test/dialogs';
import { heldResponse, jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { setSessionHint } from '../auth/session-hint';

const group = (id: string, name: string, is_member: boolean) => ({
  id,
  name,
  avatar: name.slice(0, 2).toUpperCase(),
  is_owner: false,
  is_member,
});

describe('signed-in shell', () => {
  it('shows the navigation entries, search, messages and inbox icons', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/invitations': jsonResponse([]),
    });
    renderApp('/invitations');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Post', '/posts/new'],
      ['Timeline', '/dashboard'],
      ['Links', '/links'],
      ['Groups', '/groups'],
      ['Friends', '/friends'],
      ['Published', '/published'],
      ['Messages', '/messages'],
    ]);
    expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    // On narrow screens the sidebar is folded away: the top bar carries Messages too.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/inbox');
  });

  it('draws neither the wide sidebar nor the group switcher on a phone, and both once the window widens', async () => {
    // A window whose width the test sets, answering the frame's min-width queries as a browser does.
    let width = 412;
    const listeners = new Set<() => void>();
    const original = window.matchMedia;
    window.matchMedia = (query: string) => {
      const minRem = Number(/min-width:\s*([\d.]+)rem/.exec(query)?.[1] ?? 0);
      return {
        media: query,
        get matches() {
          return width >= minRem * 16;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      } as unknown as MediaQueryList;
    };
    try {
      mockFetch({
        'GET /api/auth': jsonResponse(maria),
        'GET /api/groups': jsonResponse([group('10000000-0000-4000-8000-000000000001', 'Book Club', true)]),
        'GET /api/invitations': jsonResponse([]),
      });
      renderApp('/invitations');
      // Positive control: the frame is drawn, with what a phone shows.
      expect(await screen.findByRole('link', { name: 'Inbox' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Your groups/ })).not.toBeInTheDocument();

      width = 1280;
      act(() => listeners.forEach((listener) => listener()));
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: /Your groups/ })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it("lists the member's groups in the switcher, plus 'New group…'", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([
        group('10000000-0000-4000-8000-000000000001', 'Book Club', true),
        group('10000000-0000-4000-8000-000000000002', 'Chess', false),
      ]),
      'GET /api/invitations': jsonResponse([]),
    });
    renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Your groups/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Book Club/ })).toHaveAttribute(
      'href',
      '/group/10000000-0000-4000-8000-000000000001',
    );
    expect(within(menu).queryByText('Chess')).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'New group…' })).toHaveAttribute('href', '/groups/new');
  });

  it("keeps the members' frame, and a menu opened in it, from the session check to the first screen", async () => {
    // A returning member: the frame is drawn at once while the session is checked.
    setSessionHint(true);
    try {
      const { route: held, answer } = heldResponse();
      mockFetch({
        'GET /api/auth': held,
        'GET /api/groups': jsonResponse([group('10000000-0000-4000-8000-000000000001', 'Book Club', true)]),
        'GET /api/invitations': jsonResponse([]),
      });
      renderApp('/invitations');
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: /Your groups/ }));
      const menu = await screen.findByRole('menu');
      expect(
        screen.queryByRole('heading', { level: 1, name: 'Invitations', hidden: true }),
      ).not.toBeInTheDocument();

      answer(jsonResponse(maria));
      // The open menu hides the rest of the page from assistive technology, hence `hidden`.
      await screen.findByRole('heading', { level: 1, name: 'Invitations', hidden: true });
      // The same menu, still open: the frame was not drawn again.
      expect(menu).toBeInTheDocument();
      expect(await within(menu).findByRole('menuitem', { name: /Book Club/ })).toBeInTheDocument();
    } finally {
      setSessionHint(false);
    }
  });

  it('has the avatar menu entries', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
      'GET /api/invitations': jsonResponse([]),
    });
    renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    const entries = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(entries).toEqual([
      ['My profile', '/settings'],
      ['Invitations', '/invitations'],
      ['Privacy policy', '/privacy-policy'],
      ['Share feedback', '/share-feedback'],
      ['Keyboard shortcuts?', null],
      ['Sign out', null],
    ]);
  });

  it('the slide-in sidebar holds the same entries', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([group('10000000-0000-4000-8000-000000000001', 'Book Club', true)]),
      'GET /api/invitations': jsonResponse([]),
    });
    renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const panel = await findDialog();
    for (const name of [
      'Post',
      'Timeline',
      'Links',
      'Groups',
      'Friends',
      'Published',
      'My profile',
      'Invitations',
      'Privacy policy',
      'Share feedback',
      'New group…',
    ]) {
      expect(within(panel).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(panel).getByRole('link', { name: /Book Club/ })).toHaveAttribute(
      'href',
      '/group/10000000-0000-4000-8000-000000000001',
    );
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows every badge from GET /api/me/counts (the badges asking together share a request), never asking the single-badge endpoints', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([
        {
          ...group('10000000-0000-4000-8000-000000000001', 'Book Club', true),
          is_owner: true,
          role: 'Owner',
          can_answer_requests: true,
        },
      ]),
      'GET /api/invitations': jsonResponse([]),
      'GET /api/me/counts': jsonResponse({
        unread_notifications: 4,
        pending_group_requests: 2,
        reports: { can_review: true, open_count: 3 },
      }),
    });
    renderApp('/invitations');
    expect(await screen.findByRole('link', { name: 'Inbox, 4 unread' })).toHaveAttribute('href', '/inbox');
    expect(await screen.findByRole('link', { name: 'Reports, 3 open' })).toHaveAttribute('href', '/admin');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText(/2 requests waiting/)).toBeInTheDocument();
    const paths = calls.map((call) => call.url.split('?')[0]);
    // The Inbox asks at once; the group and report badges once the groups say they apply: two calls.
    expect(paths.filter((path) => path === '/api/me/counts')).toHaveLength(2);
    for (const single of [
      '/api/notifications/unread_count',
      '/api/group_requests/pending_count',
      '/api/reports/summary',
    ]) {
      expect(paths).not.toContain(single);
    }
  });

  it('shows Not Found inside the signed-in shell for unknown routes, with a link home', async () => {
    mockFetch({ 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) });
    // Before the timeline exists, home is the invitations screen.
    renderApp('/no/such/page', { features: [...accountsRoutes, ...invitationsRoutes] });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Invitations' })).toHaveAttribute('href', '/invitations');
  });

  it('unknown protected routes still require sign-in', async () => {
    mockFetch({ 'GET /api/auth': jsonResponse({ error: 'x' }, { status: 401 }) });
    const { router } = renderApp('/no/such/page?x=1');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/no/such/page?x=1');
  });
});

describe('public shell', () => {
  it('has a Sign In button and the sidebar with Feed, Timeline, Links, Sign In, Refresh and the version', async () => {
    mockFetch({ 'GET /api/published_posts': jsonResponse([]) });
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/');
    expect(within(sidebar).getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', '/explore');
    expect(within(sidebar).getByRole('link', { name: 'Links' })).toHaveAttribute('href', '/explore/links');
    expect(within(sidebar).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(within(sidebar).getByText(`v${packageJson.version}`)).toBeInTheDocument();
  });

  it('shows Not Found inside the public shell for unknown addresses under /explore', async () => {
    const { fetchMock } = mockFetch({});
    renderApp('/explore/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/privacy-policy', () => {
  it('needs no session and shows every section', async () => {
    const { fetchMock } = mockFetch({});
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/March 22nd 2025/)).toBeInTheDocument();
    for (const name of [
      'Information We Collect',
      'How We Use Your Information',
      'Data Security',
      'Data Sharing',
      'Your Rights',
      'Contact Us',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'privacy@hearth.local' })).toHaveAttribute(
      'href',
      'mailto:privacy@hearth.local',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
