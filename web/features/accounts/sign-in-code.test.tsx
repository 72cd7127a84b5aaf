import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';

const CHALLENGE = { two_factor_required: true, sign_in_token: 'pending-token' };
const WRONG = { errors: { code: ['is incorrect or has already been used'] } };

async function passPasswordStep() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('two-factor sign-in in the web app', { timeout: 20_000 }, () => {
  it('asks for the code after the password, shows a wrong one, and signs in with the right one', async () => {
    const { calls } = mockFetch({
      'POST /api/users/sign_in': jsonResponse(CHALLENGE),
      'POST /api/users/sign_in/two_factor': (call: RecordedCall) =>
        (call.body as { user: { code?: string } }).user.code === '123456'
          ? jsonResponse(maria)
          : jsonResponse(WRONG, { status: 422 }),
      'GET /api/groups': jsonResponse([]),
    });
    const { router } = renderApp('/signin');
    const user = await passPasswordStep();
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    // The password alone signed nobody in.
    expect(router.state.location.pathname).toBe('/signin');
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is incorrect or has already been used')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.filter((call) => call.url === '/api/users/sign_in/two_factor').at(-1)?.body).toEqual({
      user: { sign_in_token: 'pending-token', code: '123456' },
    });
  });

  it('"Use a recovery code" sends a recovery code instead', async () => {
    const { calls } = mockFetch({
      'POST /api/users/sign_in': jsonResponse(CHALLENGE),
      'POST /api/users/sign_in/two_factor': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
    });
    const { router } = renderApp('/signin');
    const user = await passPasswordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((call) => call.url === '/api/users/sign_in/two_factor')?.body).toEqual({
      user: { sign_in_token: 'pending-token', recovery_code: 'abcde-fghjk' },
    });
  });

  it('an expired pending sign-in goes back to the password', async () => {
    mockFetch({
      'POST /api/users/sign_in': jsonResponse(CHALLENGE),
      'POST /api/users/sign_in/two_factor': jsonResponse(
        { errors: { sign_in_token: ['has expired; sign in again'] } },
        { status: 422 },
      ),
    });
    renderApp('/signin');
    const user = await passPasswordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your sign-in has expired. Please sign in again.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByLabelText('Password')).toHaveValue('');
  });
});
