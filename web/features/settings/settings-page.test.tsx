import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ada } from '@web/features/groups/test-fixtures';
import { aProfile } from '@web/features/profiles/test-fixtures';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';

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
    // No picture upload until the files feature arrives.
    expect(document.querySelector('input[type="file"]')).toBeNull();
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
