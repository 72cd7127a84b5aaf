import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog, findMenuItem } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';

const signedIn = {
  'GET /api/auth': jsonResponse(maria),
  'GET /api/groups': jsonResponse([]),
  'GET /api/invitations': jsonResponse([]),
};

describe('skip link', { timeout: 15_000 }, () => {
  it.each([
    ['signed-in', '/invitations', 'Invitations'],
    ['public', '/explore/no-such-page', 'Page not found'],
    ['sign-in', '/signin', 'Welcome back'],
  ])(
    'is the first thing Tab reaches in the %s frame and moves focus to <main id="main">',
    async (_f, path, h1) => {
      mockFetch({
        ...signedIn,
        ...(path === '/invitations' ? {} : { 'GET /api/auth': jsonResponse({}, { status: 401 }) }),
        'GET /api/published_posts': jsonResponse([]),
      });
      renderApp(path);
      await screen.findByRole('heading', { level: 1, name: h1 });
      const user = userEvent.setup({ delay: null });
      // From the start of the page (the sign-in screen puts focus in its first field).
      (document.activeElement as HTMLElement | null)?.blur();
      await user.tab();
      const skip = screen.getByRole('link', { name: 'Skip to main content' });
      expect(skip).toHaveFocus();
      expect(skip).toHaveAttribute('href', '#main');
      await user.keyboard('{Enter}');
      const main = screen.getByRole('main');
      expect(main).toHaveAttribute('id', 'main');
      expect(main).toHaveFocus();
    },
  );
});

describe('after a route change', { timeout: 15_000 }, () => {
  it("focuses the new page's h1 and announces its title, but leaves focus alone on the first load", async () => {
    mockFetch(signedIn);
    const { router } = renderApp('/invitations');
    await screen.findByRole('heading', { level: 1, name: 'Invitations' });
    // The first screen: the page is just loaded, and focus stays at its start.
    expect(document.body).toHaveFocus();

    await act(() => router.navigate('/no/such/page'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByTestId('route-announcer')).toHaveTextContent('Page not found');
  });
});

describe('keyboard shortcuts', { timeout: 15_000 }, () => {
  it('? lists every shortcut in a dialog; Escape closes it and focus goes back', async () => {
    mockFetch(signedIn);
    renderApp('/invitations');
    await screen.findByRole('heading', { level: 1, name: 'Invitations' });
    const user = userEvent.setup({ delay: null });
    const menuButton = screen.getByRole('button', { name: 'Account menu' });
    menuButton.focus();
    await user.keyboard('?');
    const dialog = await findDialog({ name: 'Keyboard shortcuts' });
    const rows = within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Next post', 'j'],
      ['Previous post', 'k'],
      ['New post', 'n'],
      ['Search', '/'],
      ['Show keyboard shortcuts', '?'],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('the account menu offers the same list, and closing it returns to the menu button', async () => {
    mockFetch(signedIn);
    renderApp('/invitations');
    // The real frame, not the placeholder shown while the session is checked.
    await screen.findByRole('heading', { level: 1, name: 'Invitations' });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const item = await findMenuItem({ name: /^Keyboard shortcuts/ });
    expect(item).toHaveAttribute('aria-keyshortcuts', '?');
    await user.click(item);
    expect(await findDialog({ name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus());
  });

  it('n opens the new-post screen, but not while typing in a field', async () => {
    mockFetch(signedIn);
    const { router } = renderApp('/invitations');
    await screen.findByRole('heading', { level: 1, name: 'Invitations' });
    const user = userEvent.setup({ delay: null });
    const field = document.createElement('input');
    document.querySelector('main')!.append(field);
    field.focus();
    await user.keyboard('n');
    expect(field).toHaveValue('n');
    field.blur();
    await user.keyboard('{Control>}n{/Control}');
    // The positive control: a plain n on the page goes to /posts/new, and nothing went before it.
    await user.keyboard('n');
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/new'));
    expect(router.state.historyAction).toBe('PUSH');
    expect(window.history.length).toBeGreaterThan(0);
  });

  it('/ opens the search page with its field focused', async () => {
    mockFetch(signedIn);
    const { router } = renderApp('/invitations');
    await screen.findByRole('heading', { level: 1, name: 'Invitations' });
    const user = userEvent.setup({ delay: null });
    await user.keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveFocus());
  });
});
