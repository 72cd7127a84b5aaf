import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountDeletionState } from '@shared/api/account-deletion';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { ada } from '@web/test/users';

const DUE_AT = '2026-12-07T19:00:00.000Z';
const nothingPending: AccountDeletionState = {
  scheduled: null,
  grace_days: 14,
  two_factor_required: false,
  blocked_reason: null,
};
const signInFirst = jsonResponse(
  { error: 'You need to sign in or sign up before continuing.' },
  { status: 401 },
);
const beingDeleted = /will be deleted/;

describe(
  '/account-deletion opened by someone who did not just ask for a deletion',
  { timeout: 20_000 },
  () => {
    it('sends a signed-in member with nothing pending on to where deleting is done, saying nothing is being deleted', async () => {
      mockFetch({
        'GET /api/auth': jsonResponse(ada),
        'GET /api/groups': jsonResponse([]),
        'GET /api/account/deletion': jsonResponse(nothingPending),
        // The data page it lands on lists the member's exports beside account deletion.
        'GET /api/account/exports': jsonResponse([]),
      });
      const { router } = renderApp('/account-deletion?on=2026-12-07');
      // Positive control first: the page for deleting an account is reached.
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Delete your account' }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/settings/data');
      expect(screen.queryByText(beingDeleted)).toBeNull();
    });

    it('tells a visitor what the page is for, not that an account is being deleted', async () => {
      mockFetch({ 'GET /api/auth': signInFirst, 'GET /api/account/deletion': signInFirst });
      renderApp('/account-deletion?on=2026-12-07');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Deleting an account' }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Your account will be deleted' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    });

    it('shows the date when the server says a deletion is pending', async () => {
      mockFetch({
        'GET /api/auth': jsonResponse(ada),
        'GET /api/groups': jsonResponse([]),
        'GET /api/account/deletion': jsonResponse({
          ...nothingPending,
          scheduled: { requested_at: DUE_AT, due_at: DUE_AT },
        }),
      });
      renderApp('/account-deletion');
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Your account will be deleted' },
          { timeout: 10_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(/will be deleted on/)).toHaveTextContent('2026');
    });
  },
);
