import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDeletionState } from '@shared/api/account-deletion';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch, type RecordedCall } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

const DUE_AT = '2026-12-07T19:00:00.000Z';
const state: AccountDeletionState = {
  scheduled: null,
  grace_days: 14,
  two_factor_required: false,
  blocked_reason: null,
};

const base = {
  'GET /api/auth': jsonResponse(ada),
  'GET /api/groups': jsonResponse([]),
  // The export section on the same page: no export asked for yet.
  'GET /api/account/exports': jsonResponse([]),
};

describe('/settings/data: delete your account', { timeout: 20_000 }, () => {
  beforeEach(() => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => logged.mockRestore();
  });

  it('explains what goes and what stays, asks for the password, then shows the date signed out', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/deletion': jsonResponse(state),
      'POST /api/account/deletion': (call: RecordedCall) =>
        (call.body as { user: { current_password: string } }).user.current_password === 'right one'
          ? jsonResponse({ ...state, scheduled: { requested_at: DUE_AT, due_at: DUE_AT } }, { status: 202 })
          : jsonResponse({ errors: { current_password: ['is incorrect'] } }, { status: 422 }),
    });
    const { router } = renderApp('/settings/data');
    expect(await screen.findByRole('heading', { level: 2, name: 'Delete your account' })).toBeInTheDocument();
    expect(await screen.findByText('Members you invited keep their accounts.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await findDialog({ name: 'Delete your account?' });
    expect(within(dialog).queryByLabelText(/Code/)).toBeNull();
    const password = within(dialog).getByLabelText('Current password');
    await user.type(password, 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your account will be deleted' },
        // A lazy screen: its code loads first.
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account-deletion');
    expect(new URLSearchParams(router.state.location.search).get('on')).toBe(DUE_AT);
    expect(screen.getByRole('link', { name: 'Sign in and keep my account' })).toHaveAttribute(
      'href',
      '/signin',
    );
    // Forgotten here too: Sign in shows the sign-in form instead of sending a member to the timeline.
    await user.click(screen.getByRole('link', { name: 'Sign in and keep my account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    const posted = calls.filter(
      (call) => call.method === 'POST' && call.url.includes('/api/account/deletion'),
    );
    expect(posted.map((call) => call.body)).toEqual([
      { user: { current_password: 'wrong one' } },
      { user: { current_password: 'right one' } },
    ]);
  });

  it('asks for a code too when two-factor sign-in is on', async () => {
    const { calls } = mockFetch({
      ...base,
      'GET /api/account/deletion': jsonResponse({ ...state, two_factor_required: true }),
      'POST /api/account/deletion': jsonResponse(
        { errors: { code: ['is incorrect or has already been used'] } },
        { status: 422 },
      ),
    });
    renderApp('/settings/data');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await findDialog({ name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Current password'), 'right one');
    await user.type(within(dialog).getByLabelText('Code'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Code is incorrect or has already been used')).toBeInTheDocument();
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({ user: { current_password: 'right one', code: '123 456' } });
  });

  it('explains why the only admin cannot delete their account', async () => {
    const soleAdmin = 'You are the only admin. Make another member an admin before you delete your account.';
    mockFetch({
      ...base,
      'GET /api/account/deletion': jsonResponse({ ...state, blocked_reason: soleAdmin }),
    });
    renderApp('/settings/data');
    expect(await screen.findByText(soleAdmin)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  });
});
