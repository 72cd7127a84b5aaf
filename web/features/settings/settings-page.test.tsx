import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

const me = aProfile({
  id: ada.id,
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  location: 'London',
  about: 'Notes on the engine.',
  is_self: true,
});

describe('/settings (My Profile)', () => {
  beforeEach(() => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('edits about, location, username, first and last name, and says so', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profile': jsonResponse(me),
      'PATCH /api/profile': (call) => {
        const changes = (call.body as { profile: Record<string, string> }).profile;
        return jsonResponse({ ...me, ...changes });
      },
    });
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    const location = await screen.findByLabelText('Location');
    expect(location).toHaveValue('London');
    await user.clear(location);
    await user.type(location, 'Marylebone ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      profile: {
        username: 'ada',
        first_name: 'Ada',
        last_name: 'Lovelace',
        location: 'Marylebone',
        about: 'Notes on the engine.',
      },
    });
  });

  it('after saving a new username and name, the account menu shows them and the new initials', async () => {
    let signedIn = ada;
    let profile = me;
    const { calls } = mockFetch({
      'GET /api/auth': () => jsonResponse(signedIn),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profile': () => jsonResponse(profile),
      'PATCH /api/profile': (call) => {
        const changes = (call.body as { profile: Record<string, string> }).profile;
        profile = { ...profile, ...changes, name: `${changes.first_name} ${changes.last_name}` };
        signedIn = {
          ...ada,
          username: profile.username,
          first_name: profile.first_name,
          last_name: profile.last_name,
          name: profile.name,
          initials: 'GH',
        };
        return jsonResponse(profile);
      },
    });
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    // The real frame, not the placeholder shown while the session is checked.
    const username = await screen.findByLabelText('Username');
    const menuButton = screen.getByRole('button', { name: 'Account menu' });
    expect(menuButton).toHaveTextContent('AL');

    await user.clear(username);
    await user.type(screen.getByLabelText('Username'), 'grace');
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Grace');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();

    await waitFor(() => expect(menuButton).toHaveTextContent('GH'));
    await user.click(menuButton);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(menu).getByText('@grace')).toBeInTheDocument();
    // The session check, then the refresh after the save.
    expect(calls.filter((call) => call.url === '/api/auth')).toHaveLength(2);
  });

  it('a failed save leaves the signed-in member as they were (no refresh)', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profile': jsonResponse(me),
      'PATCH /api/profile': jsonResponse({ error: 'boom' }, { status: 500 }),
    });
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/auth')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('AL');
  });

  it('shows 422 field errors under their fields', async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profile': jsonResponse(me),
      'PATCH /api/profile': jsonResponse(
        { errors: { username: ['has already been taken'] } },
        { status: 422 },
      ),
    });
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'grace');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Username has already been taken')).toBeInTheDocument();
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
  });

  it("shows 'Saving...' and disables the button while busy", async () => {
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'GET /api/profile': jsonResponse(me),
      'PATCH /api/profile': () => new Promise<Response>(() => {}),
    });
    renderApp('/settings');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  });
});
