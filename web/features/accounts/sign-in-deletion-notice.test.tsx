import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';

const NOTICE = 'Welcome back. Your account will not be deleted.';

async function signIn() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('a sign-in that calls off a pending account deletion', { timeout: 20_000 }, () => {
  it('tells the member on the page sign-in leads to', async () => {
    mockFetch({
      'POST /api/users/sign_in': jsonResponse({ ...maria, deletion_cancelled: true }),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': jsonResponse([]),
    });
    const { router } = renderApp('/signin');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(await screen.findByText(NOTICE, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('tells them after the two-factor code step too', async () => {
    mockFetch({
      'POST /api/users/sign_in': jsonResponse({ two_factor_required: true, sign_in_token: 'pending-token' }),
      'POST /api/users/sign_in/two_factor': jsonResponse({ ...maria, deletion_cancelled: true }),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': jsonResponse([]),
    });
    const { router } = renderApp('/signin');
    const user = await signIn();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(await screen.findByText(NOTICE, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('says nothing after an ordinary sign-in', async () => {
    mockFetch({
      'POST /api/users/sign_in': jsonResponse({ ...maria, deletion_cancelled: false }),
      'GET /api/groups': jsonResponse([]),
      'GET /api/posts': jsonResponse([]),
    });
    const { router } = renderApp('/signin');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Timeline' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
