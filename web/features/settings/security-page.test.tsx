import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountSecurity, AccountSession } from '@shared/api/account';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

// Times on screen are worked out against the clock (<Time>): this file's clock starts at a set time.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-23T10:05:00Z'), toFake: ['Date'], shouldAdvanceTime: true });
});

const security: AccountSecurity = {
  email: 'ada@example.com',
  pending_email: null,
  pending_email_expires_at: null,
  two_factor_enabled: false,
  recovery_codes_left: 0,
};

function aSession(overrides: Partial<AccountSession>): AccountSession {
  return {
    id: 'session-1',
    current: false,
    browser: 'Firefox 120',
    os: 'Linux',
    network: '203.0.113.0/24',
    created_at: '2026-11-01T10:00:00.000Z',
    created_ago: '22 days ago',
    last_seen_at: '2026-11-23T10:00:00.000Z',
    last_seen_ago: '5 minutes ago',
    ...overrides,
  };
}

const base = {
  'GET /api/auth': jsonResponse(ada),
  'GET /api/groups': jsonResponse([]),
  'GET /api/account/security': jsonResponse(security),
  'GET /api/account/sessions': jsonResponse([aSession({ id: 'here', current: true })]),
};

describe('/settings/security', { timeout: 20_000 }, () => {
  beforeEach(() => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('has one heading, a section per concern and a way back to My Profile', async () => {
    mockFetch({ ...base, 'GET /api/profile': jsonResponse({}) });
    const { router } = renderApp('/settings/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    for (const name of ['Password', 'Email address', 'Two-factor sign-in', "Where you're signed in"]) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/settings');
    expect(router.state.location.pathname).toBe('/settings/security');
  });

  it('changes the password and shows a wrong current password under its field', async () => {
    const { calls } = mockFetch({
      ...base,
      'PATCH /api/account/password': (call: RecordedCall) =>
        (call.body as { user: { current_password: string } }).user.current_password === 'right one'
          ? jsonResponse({ message: 'Your password has been changed. Every other device was signed out.' })
          : jsonResponse({ errors: { current_password: ['is incorrect'] } }, { status: 422 }),
    });
    renderApp('/settings/security');
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Change password' });
    const current = within(form).getByLabelText('Current password');
    await user.type(current, 'wrong one');
    await user.type(within(form).getByLabelText('New password'), 'a new long secret');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a new long secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');

    await user.clear(current);
    await user.type(current, 'right one');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(
      await within(form).findByText('Your password has been changed. Every other device was signed out.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({
      user: {
        current_password: 'right one',
        password: 'a new long secret',
        password_confirmation: 'a new long secret',
      },
    });
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });

  it('requests an email change, shows it pending, and cancels it', async () => {
    let current = security;
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/security': () => jsonResponse(current),
      'POST /api/account/email': (call: RecordedCall) => {
        const { email } = (call.body as { user: { email: string } }).user;
        current = { ...security, pending_email: email, pending_email_expires_at: '2026-11-24T10:00:00.000Z' };
        return jsonResponse(current, { status: 202 });
      },
      'DELETE /api/account/email': () => {
        current = security;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/settings/security');
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Change email address' });
    await user.type(within(form).getByLabelText('New email address'), 'ada@new.example');
    await user.type(within(form).getByLabelText('Current password'), 'my password');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Waiting for confirmation')).toBeInTheDocument();
    expect(screen.getByText('ada@new.example')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      user: { email: 'ada@new.example', current_password: 'my password' },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.queryByText('Waiting for confirmation')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/account/email')).toBe(true);
  });

  it('lists sessions with This device, and signs out another one and all others', async () => {
    let sessions = [
      aSession({ id: 'here', current: true, last_seen_ago: 'just now' }),
      aSession({ id: 'phone', browser: 'Safari 17', os: 'iOS 17.1', network: '2001:db8:1:2::/64' }),
      aSession({ id: 'laptop', browser: 'Chrome 131', os: 'Windows 10' }),
    ];
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/sessions': () => jsonResponse(sessions),
      'DELETE /api/account/sessions/phone': () => {
        sessions = sessions.filter((session) => session.id !== 'phone');
        return new Response(null, { status: 204 });
      },
      'DELETE /api/account/sessions': () => {
        sessions = sessions.filter((session) => session.current);
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/settings/security');
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox 120 on Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Safari 17 on iOS 17.1');
    expect(items[1]).toHaveTextContent('Network 2001:db8:1:2::/64');
    expect(items[1]).toHaveTextContent('Signed in Nov 1 · Last seen 5 minutes ago');

    await user.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17.1' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/account/sessions/phone',
      '/api/account/sessions',
    ]);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('sets up two-factor sign-in: QR code and key, a code to confirm, then the recovery codes once', async () => {
    let current = security;
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/security': () => jsonResponse(current),
      'POST /api/account/two_factor': (call) =>
        (call.body as { user: { current_password: string } }).user.current_password === 'my password'
          ? jsonResponse({
              secret: 'JBSWY3DPEHPK3PXP',
              otpauth_url: 'otpauth://totp/Hearth:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
              qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
            })
          : jsonResponse({ errors: { current_password: ['is incorrect'] } }, { status: 422 }),
      'POST /api/account/two_factor/confirmation': () => {
        current = { ...security, two_factor_enabled: true, recovery_codes_left: 10 };
        return jsonResponse({ recovery_codes: codes });
      },
    });
    renderApp('/settings/security');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    // Enrolment starts only with the current password; a wrong one is said beside the field.
    const start = screen.getByRole('form', { name: 'Set up two-factor sign-in' });
    await user.type(within(start).getByLabelText('Current password'), 'not it');
    await user.click(within(start).getByRole('button', { name: 'Continue' }));
    expect(await within(start).findByText('Current password is incorrect')).toBeInTheDocument();
    await user.clear(within(start).getByLabelText('Current password'));
    await user.type(within(start).getByLabelText('Current password'), 'my password');
    await user.click(within(start).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.filter((call) => call.url === '/api/account/two_factor').map((call) => call.body)).toEqual([
      { user: { current_password: 'not it' } },
      { user: { current_password: 'my password' } },
    ]);
    expect(calls.find((call) => call.url === '/api/account/two_factor/confirmation')?.body).toEqual({
      user: { code: '123456' },
    });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        /On: signing in asks for a code from your authenticator app. 10 recovery codes left./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeInTheDocument();
  });

  it('turning two-factor sign-in off asks for the password and a code', async () => {
    let current = { ...security, two_factor_enabled: true, recovery_codes_left: 7 };
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/security': () => jsonResponse(current),
      'DELETE /api/account/two_factor': () => {
        current = security;
        return jsonResponse({ message: 'Two-factor sign-in is off.' });
      },
    });
    renderApp('/settings/security');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await user.type(within(form).getByLabelText('Current password'), 'my password');
    await user.type(within(form).getByLabelText('Code from your app or a recovery code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
      user: { current_password: 'my password', code: '654321' },
    });
  });
});

describe('/settings/email-confirmation', { timeout: 20_000 }, () => {
  it('confirms the new address from the mailed link', async () => {
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'POST /api/account/email/confirmation': jsonResponse({ ...security, email: 'ada@new.example' }),
    });
    renderApp('/settings/email-confirmation?token=the-token');
    expect(await screen.findByText('Your email address is now ada@new.example.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/account/email/confirmation')).toHaveLength(1);
    expect(calls.find((call) => call.url === '/api/account/email/confirmation')?.body).toEqual({
      user: { token: 'the-token' },
    });
  });

  it('says so when the link is spent or expired', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/auth': jsonResponse(ada),
      'GET /api/groups': jsonResponse([]),
      'POST /api/account/email/confirmation': jsonResponse(
        { error: 'This confirmation link is invalid or has expired.' },
        { status: 422 },
      ),
    });
    renderApp('/settings/email-confirmation?token=spent');
    expect(await screen.findByText('This confirmation link is invalid or has expired.')).toBeInTheDocument();
  });
});
