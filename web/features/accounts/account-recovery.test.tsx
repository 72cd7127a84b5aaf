import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';

const submitOf = (name: string) => fireEvent.submit(screen.getByRole('button', { name }).closest('form')!);

describe('/invitation', () => {
  it("shows the invite-only title, the code from ?code and a 'Sign in now!' link", async () => {
    mockFetch({});
    renderApp('/invitation?code=ABC');
    expect(
      await screen.findByRole('heading', { name: 'Hearth is currently invite-only.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation Code')).toHaveValue('ABC');
    expect(screen.getByRole('link', { name: 'Sign in now!' })).toHaveAttribute('href', '/signin');
  });

  it("requires a code: 'Invitation code is required'", async () => {
    const { fetchMock } = mockFetch({});
    renderApp('/invitation');
    await screen.findByLabelText('Invitation Code');
    submitOf('Join');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation code is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Validating...' and continues to sign-up with a valid code", async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch({
      'POST /api/check_invitation': () => new Promise<Response>((r) => (answer = r)),
    });
    const { router } = renderApp('/invitation?code=ABC%2F1');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('button', { name: 'Validating...' })).toBeDisabled();
    expect(calls[0]!.body).toEqual({ invitation: { code: 'ABC/1' } });
    answer(jsonResponse({ valid: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(router.state.location.search).toBe('?code=ABC%2F1');
  });

  it("says 'Invalid invitation code' for an unknown code", async () => {
    mockFetch({
      'POST /api/check_invitation': jsonResponse(
        { valid: false, error: 'Invalid invitation code' },
        { status: 404 },
      ),
    });
    renderApp('/invitation?code=nope');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid invitation code');
  });

  it("shows other server errors, else 'Failed to validate invitation code'", async () => {
    mockFetch({
      'POST /api/check_invitation': jsonResponse(
        { error: 'Too many requests. Please try again later.' },
        { status: 429 },
      ),
    });
    renderApp('/invitation?code=x');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });

  it("falls back to 'Failed to validate invitation code'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderApp('/invitation?code=x');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to validate invitation code');
  });
});

describe('/email-confirmation', () => {
  it("requires a code: 'Confirmation code is required'", async () => {
    mockFetch({});
    renderApp('/email-confirmation');
    await screen.findByLabelText('Confirmation Code');
    submitOf('Confirm Email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirmation code is required');
    expect(screen.getByRole('link', { name: 'Request a new code' })).toHaveAttribute(
      'href',
      '/resend-confirmation',
    );
  });

  it('confirms the code from ?code, says so, and goes to /signin after 2 seconds', async () => {
    const { calls } = mockFetch({ 'GET /api/users/confirmation': jsonResponse({ message: 'ok' }) });
    const { router } = renderApp('/email-confirmation?code=C0DE');
    expect(await screen.findByLabelText('Confirmation Code')).toHaveValue('C0DE');
    submitOf('Confirm Email');
    expect(await screen.findByText('Your email has been confirmed successfully!')).toBeInTheDocument();
    const confirmedAt = performance.now();
    expect(calls[0]!.url).toBe('/api/users/confirmation?confirmation_token=C0DE');
    // Real time, so a slow runner can only make the wait longer: never sooner than the 2 seconds.
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'), { timeout: 10_000 });
    expect(performance.now() - confirmedAt).toBeGreaterThanOrEqual(1_900);
  });

  it("shows the server error, else 'Failed to confirm email. Please check your code and try again.'", async () => {
    mockFetch({
      'GET /api/users/confirmation': jsonResponse(
        { error: 'Confirmation token is invalid' },
        { status: 422 },
      ),
    });
    renderApp('/email-confirmation?code=bad');
    await screen.findByLabelText('Confirmation Code');
    submitOf('Confirm Email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirmation token is invalid');
  });

  it('uses the fallback text without a server error', async () => {
    mockFetch({ 'GET /api/users/confirmation': new Response('', { status: 422 }) });
    renderApp('/email-confirmation?code=bad');
    await screen.findByLabelText('Confirmation Code');
    submitOf('Confirm Email');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to confirm email. Please check your code and try again.',
    );
  });
});

describe('/resend-confirmation', () => {
  it("requires an email: 'Email address is required'", async () => {
    mockFetch({});
    renderApp('/resend-confirmation');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    submitOf('Send New Code');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is required');
  });

  it('confirms the request and offers the code page and sign-in', async () => {
    const { calls } = mockFetch({ 'POST /api/users/confirmation': jsonResponse({ message: 'sent' }) });
    renderApp('/resend-confirmation');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send New Code' }));
    expect(
      await screen.findByText('A new confirmation code has been sent to your email address.'),
    ).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ user: { email: 'maria@example.com' } });
    expect(screen.getByRole('link', { name: 'Enter Confirmation Code' })).toHaveAttribute(
      'href',
      '/email-confirmation',
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });

  it("falls back to 'Failed to request a new confirmation code. Please try again.'", async () => {
    mockFetch({ 'POST /api/users/confirmation': new Response('', { status: 500 }) });
    renderApp('/resend-confirmation');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Send New Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to request a new confirmation code. Please try again.',
    );
  });
});

describe('/password-request', () => {
  it("requires an email: 'Email address is required'", async () => {
    mockFetch({});
    renderApp('/password-request');
    await screen.findByLabelText('Email');
    submitOf('Request Reset Link');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address is required');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
  });

  it("shows 'Sending...', then the notice, and goes to /password-reset after 5 seconds", async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch({ 'POST /api/users/password': () => new Promise<Response>((r) => (answer = r)) });
    const { router } = renderApp('/password-request');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'maria@example.com' } });
    submitOf('Request Reset Link');
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(jsonResponse({ message: 'ok' }));
    expect(
      await screen.findByText(
        "If your email exists in our system, you'll receive password reset instructions shortly.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('You will be redirected to the password reset page in 5 seconds.'),
    ).toBeInTheDocument();
    const noticeAt = performance.now();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    // Real time, so a slow runner can only make the wait longer: never sooner than the 5 seconds.
    await waitFor(() => expect(router.state.location.pathname).toBe('/password-reset'), { timeout: 15_000 });
    expect(performance.now() - noticeAt).toBeGreaterThanOrEqual(4_900);
  });

  it("shows the body, else 'Password reset request failed', and field errors under the input", async () => {
    mockFetch({
      'POST /api/users/password': jsonResponse(
        { errors: { email: ['is invalid', 'is too long'] } },
        { status: 422 },
      ),
    });
    renderApp('/password-request');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'x@y.z');
    await user.click(screen.getByRole('button', { name: 'Request Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password reset request failed');
    expect(screen.getByText('is invalid, is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/password-reset', () => {
  it("takes the code from the mail's link without showing it, and asks for a 'Reset code' typed by hand", async () => {
    mockFetch({});
    const { unmount } = renderApp('/password-reset?token=T0K');
    expect(await screen.findByLabelText('New Password')).toBeRequired();
    expect(screen.getByLabelText('Confirm New Password')).toBeRequired();
    expect(screen.queryByLabelText(/reset (token|code)/i)).not.toBeInTheDocument();
    expect(document.querySelector('input[name="reset_password_token"]')).toHaveValue('T0K');
    unmount();

    renderApp('/password-reset');
    const typed = await screen.findByLabelText('Reset code');
    expect(typed).toHaveAttribute('name', 'reset_password_token');
    expect(typed).toBeRequired();
  });

  it("requires every field: 'All fields are required'", async () => {
    mockFetch({});
    renderApp('/password-reset?token=T0K');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'new password' } });
    submitOf('Reset Password');
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required');
  });

  it("checks the match: 'Passwords do not match'", async () => {
    mockFetch({});
    renderApp('/password-reset?token=T0K');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'new password' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'new passwordd' } });
    submitOf('Reset Password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
  });

  it('shows field errors under the inputs, joined by commas', async () => {
    mockFetch({
      'PATCH /api/users/password': jsonResponse(
        {
          errors: {
            reset_password_token: ['is invalid or has expired'],
            password: ['is too short', 'is weak'],
          },
        },
        { status: 422 },
      ),
    });
    renderApp('/password-reset?token=old');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'abc' } });
    submitOf('Reset Password');
    expect(await screen.findByText('is invalid or has expired')).toBeInTheDocument();
    // The link's code was refused: the field appears, so another can be typed.
    expect(screen.getByLabelText('Reset code')).toHaveAccessibleDescription(/is invalid or has expired/);
    expect(screen.getByText('is too short, is weak')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Password reset failed');
  });

  it("sends the reset, shows 'Resetting...', then the notice, and goes to /signin after 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch({
      'PATCH /api/users/password': () => new Promise<Response>((r) => (answer = r)),
    });
    const { router } = renderApp('/password-reset?token=T0K');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'new password' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'new password' } });
    submitOf('Reset Password');
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
    expect(calls[0]!.body).toEqual({
      user: { reset_password_token: 'T0K', password: 'new password', password_confirmation: 'new password' },
    });
    answer(jsonResponse({ message: 'ok' }));
    expect(
      await screen.findByText('Password successfully reset! Redirecting to login...'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(router.state.location.pathname).toBe('/signin');
  });
});
