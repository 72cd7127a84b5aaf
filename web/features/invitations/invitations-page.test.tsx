import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Invitation } from '@shared/api/invitations';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { testId } from '@web/test/ids';

function invitation(overrides: Partial<Invitation>): Invitation {
  return {
    id: testId('i1'),
    email: 'sam@example.com',
    // As GET /api/invitations lists them: the code was shown once, in POST's answer.
    code: null,
    url: null,
    created_at: '2026-03-22T10:00:00.000Z',
    expires_at: '2026-04-21T10:00:00.000Z',
    redeemed: false,
    recipient_id: null,
    ...overrides,
  };
}

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };

describe('/invitations', () => {
  it('shows the empty text when there are none', async () => {
    mockFetch({ ...signedIn, 'GET /api/invitations': jsonResponse([]) });
    renderApp('/invitations');
    expect(await screen.findByText("You haven't created any invitations yet.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create New Invitation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Invitations' })).toBeInTheDocument();
    const email = screen.getByLabelText("Friend's email");
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
  });

  it("lists each invitation with its date and 'Invitation redeemed' or 'Link sent by email'", async () => {
    // Listed invitations carry no code (the server keeps only its hash), so no link to copy.
    mockFetch({
      ...signedIn,
      'GET /api/invitations': jsonResponse([
        invitation({ id: testId('i1'), email: 'sam@example.com' }),
        invitation({
          id: testId('i2'),
          email: 'lee@example.com',
          redeemed: true,
          recipient_id: testId('u2'),
          created_at: '2026-03-20T10:00:00Z',
        }),
      ]),
    });
    renderApp('/invitations');
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('sam@example.com')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(/Created on \w+ \d+, 2026/);
    expect(within(rows[0]!).getByText('Link sent by email')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invitation redeemed')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
  });

  it('copies the {origin}/invitation?code= link of one made in this visit; the toast clears after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn(async () => {});
    let list = [] as Invitation[];
    mockFetch({
      ...signedIn,
      'GET /api/invitations': () => jsonResponse(list),
      'POST /api/invitations': () => {
        list = [invitation({})];
        const url = 'http://localhost:3000/invitation?code=CODE1';
        return jsonResponse(invitation({ code: 'CODE1', url }), { status: 201 });
      },
    });
    renderApp('/invitations');
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    // After setup: user-event installs a clipboard stub of its own.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.type(await screen.findByLabelText("Friend's email"), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    await act(() => vi.advanceTimersByTimeAsync(3000)); // the 'created' toast goes
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Invitation link copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invitation?code=CODE1`);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByText('Invitation link copied to clipboard!')).not.toBeInTheDocument();
  });

  it('creates an invitation, confirms it, clears the field and reloads the list', async () => {
    let list = [] as Invitation[];
    const { calls } = mockFetch({
      ...signedIn,
      'GET /api/invitations': () => jsonResponse(list),
      'POST /api/invitations': () => {
        list = [invitation({ email: 'new@example.com' })];
        return jsonResponse(list[0], { status: 201 });
      },
    });
    renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    await screen.findByText("You haven't created any invitations yet.");
    await user.type(screen.getByLabelText("Friend's email"), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    expect(await screen.findByText('Invitation created successfully!')).toBeInTheDocument();
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText("Friend's email")).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      invitation: { email: 'new@example.com' },
    });
  });

  it('does nothing when the email is empty', async () => {
    const { calls } = mockFetch({ ...signedIn, 'GET /api/invitations': jsonResponse([]) });
    renderApp('/invitations');
    await screen.findByText("You haven't created any invitations yet.");
    fireEvent.submit(screen.getByRole('button', { name: 'Create Invitation' }).closest('form')!);
    fireEvent.change(screen.getByLabelText("Friend's email"), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Create Invitation' }).closest('form')!);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a 403's reason (inviting switched off, or not yet) in a red box", async () => {
    mockFetch({
      ...signedIn,
      'GET /api/invitations': jsonResponse([]),
      'POST /api/invitations': jsonResponse(
        { error: 'New members can invite 7 days after joining: you can from 2026-04-01.' },
        { status: 403 },
      ),
    });
    renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText("Friend's email"), 'x@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New members can invite 7 days after joining: you can from 2026-04-01.',
    );
  });

  it("shows a refused creation's message in a red box", async () => {
    mockFetch({
      ...signedIn,
      'GET /api/invitations': jsonResponse([]),
      'POST /api/invitations': jsonResponse(
        { errors: { base: ['You can hold at most 10 unredeemed invitations.'] } },
        { status: 422 },
      ),
    });
    renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText("Friend's email"), 'x@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can hold at most 10 unredeemed invitations.',
    );
  });

  it("a 401 becomes 'Authentication required' (and sends the member to sign in)", async () => {
    mockFetch({
      ...signedIn,
      'GET /api/invitations': jsonResponse([]),
      'POST /api/invitations': jsonResponse(
        { error: 'You need to sign in or sign up before continuing.' },
        { status: 401 },
      ),
    });
    const { router } = renderApp('/invitations');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText("Friend's email"), 'x@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('redirectAfterLogin')).toBe('/invitations');
  });
});

describe('invitationErrorText', () => {
  it("maps 401 to 'Authentication required'", async () => {
    const { invitationErrorText } = await import('./invitations-page');
    const { httpError } = await import('@web/lib/api-errors');
    expect(invitationErrorText(httpError(401, { error: 'x' }))).toBe('Authentication required');
    expect(invitationErrorText(httpError(500, null))).toBe('Server error. Please try again later.');
  });
});
