import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';
import { aGroup, emptyPostsPage } from './test-fixtures';
import { levelOptionLabel } from './components/notification-level-select';

/** Knowing when a group speaks (ADR 045): the level select, the unread badges and notice. */

const ID = '10000000-0000-4000-8000-000000000001';
const climbing = aGroup({
  id: ID,
  name: 'Climbing Club',
  role: 'Poster',
  notification_level: null,
  notification_level_default: 'all',
  unread_count: 3,
});
const chess = aGroup({
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Chess Friends',
  role: 'Commentor',
  notification_level: 'nothing',
  notification_level_default: 'mentions',
  unread_count: 0,
});

/** The group page's calls, with `group` as the server answers it. */
function groupPageRoutes(group = climbing) {
  return {
    'GET /api/auth': jsonResponse(ada),
    'GET /api/groups': jsonResponse([group, chess]),
    [`GET /api/groups/${group.id}`]: jsonResponse(group),
    [`GET /api/groups/${group.id}/group_roles`]: jsonResponse([], {
      headers: { 'x-has-next-page': 'false' },
    }),
    'GET /api/posts': emptyPostsPage(),
    'GET /api/links': emptyPostsPage(),
    [`GET /api/groups/${group.id}/pins`]: jsonResponse([]),
    [`GET /api/groups/${group.id}/events`]: jsonResponse([]),
    [`GET /api/groups/${group.id}/date_polls`]: jsonResponse([]),
  };
}

describe('group notifications', () => {
  beforeEach(() => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('marks the default among the levels', () => {
    expect(levelOptionLabel('all', 'all')).toBe('All posts (default)');
    expect(levelOptionLabel('mentions', 'all')).toBe('Mentions only');
    expect(levelOptionLabel('mentions', 'mentions')).toBe('Mentions only (default)');
    expect(levelOptionLabel('nothing', 'all')).toBe('Nothing');
  });

  it('shows the level that applies, the default marked, and saves a new choice', async () => {
    const { calls } = mockFetch({
      ...groupPageRoutes(),
      [`POST /api/groups/${ID}/read`]: jsonResponse({ ...climbing, unread_count: 0 }),
      [`PUT /api/groups/${ID}/notification_level`]: jsonResponse({
        ...climbing,
        unread_count: 0,
        notification_level: 'mentions',
      }),
    });
    renderApp(`/group/${ID}`);
    const select = await screen.findByRole('combobox', { name: 'Notifications' });
    expect(select).toHaveValue('all');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All posts (default)', 'Mentions only', 'Nothing']);
    expect(select).toHaveAccessibleDescription('Choose what reaches your inbox and mail from this group.');

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(select, 'mentions');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        notification_level: { level: 'mentions' },
      }),
    );
    expect(select).toHaveValue('mentions');
  });

  it('puts the old level back when the server refuses the new one', async () => {
    mockFetch({
      ...groupPageRoutes(),
      [`POST /api/groups/${ID}/read`]: jsonResponse({ ...climbing, unread_count: 0 }),
      [`PUT /api/groups/${ID}/notification_level`]: jsonResponse(
        { errors: { level: ['must be one of all, mentions, nothing'] } },
        { status: 422 },
      ),
    });
    renderApp(`/group/${ID}`);
    const select = await screen.findByRole('combobox', { name: 'Notifications' });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(select, 'nothing');
    expect(await screen.findByText(/Couldn't change how you hear of this group/)).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('all'));
  });

  it('says what was unread on opening, marks the group read at once, and clears the badges', async () => {
    const { calls } = mockFetch({
      ...groupPageRoutes(),
      [`POST /api/groups/${ID}/read`]: jsonResponse({ ...climbing, unread_count: 0 }),
    });
    renderApp(`/group/${ID}`);
    expect(await screen.findByText('3 new posts since your last visit, newest first.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.url === `/api/groups/${ID}/read`)).toBe(
        true,
      ),
    );

    // The switcher's menu shows no unread count for the group any more.
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: /Climbing Club/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Climbing Club/ })).not.toHaveTextContent('3');
    // The notice stays while the member reads.
    expect(screen.getByText('3 new posts since your last visit, newest first.')).toBeInTheDocument();
  });

  it('writes nothing when nothing was unread, and says the default of a big group', async () => {
    const quiet = { ...chess, notification_level: null };
    const { calls } = mockFetch(groupPageRoutes(quiet));
    renderApp(`/group/${quiet.id}`);
    const select = await screen.findByRole('combobox', { name: 'Notifications' });
    expect(select).toHaveValue('mentions');
    expect(within(select).getByRole('option', { name: 'Mentions only (default)' })).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription(/Groups of 50 or more members tell you of mentions only/);
    await screen.findByText('No posts in this group yet');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.queryByText(/since your last visit/)).not.toBeInTheDocument();
  });

  it('shows unread counts in the switcher (99+ past 99) and the groups list', async () => {
    const busy = { ...climbing, unread_count: 100 };
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([busy, { ...chess, unread_count: 1 }]),
      'GET /api/invitations': jsonResponse([]),
    });
    renderApp('/groups');
    const row = (await screen.findByRole('link', { name: 'Climbing Club' })).closest('li')!;
    expect(within(row).getByText('99+')).toBeInTheDocument();
    expect(within(row).getByText(', 99+ new posts')).toBeInTheDocument();
    const chessRow = screen.getByRole('link', { name: 'Chess Friends' }).closest('li')!;
    expect(within(chessRow).getByText(', 1 new post')).toBeInTheDocument();

    const trigger = screen.getByRole('button', { name: /Your groups/ });
    expect(trigger).toHaveAccessibleName(/new posts in your groups/);
    const user = userEvent.setup({ delay: null });
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Climbing Club, 99\+ new posts/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Chess Friends, 1 new post/ })).toBeInTheDocument();
  });
});
