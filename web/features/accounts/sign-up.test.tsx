import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldResponse, jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { testId } from '@web/test/ids';

async function fill(user: UserEvent, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label, { exact: true }), value);
  }
}

const complete = {
  Username: 'maria',
  'First name': 'Maria',
  'Last name': 'Okafor',
  Email: 'maria@example.com',
  Password: 'correct horse',
  'Confirm password': 'correct horse',
};

function submit() {
  fireEvent.submit(screen.getByRole('button', { name: 'Sign up' }).closest('form')!);
}

describe('/signup', () => {
  it('has the Identity and Credentials sections with required markers and the code from ?code', async () => {
    mockFetch({});
    renderApp('/signup?code=INV-123');
    expect(await screen.findByRole('group', { name: 'Identity' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Credentials' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('First name')).not.toBeRequired();
    expect(screen.getByLabelText('Last name')).not.toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password', { exact: true })).toBeRequired();
    expect(screen.getByLabelText('Confirm password')).toBeRequired();
    expect(screen.getByLabelText('Invitation code')).not.toBeRequired();
    expect(screen.getByLabelText('Invitation code')).toHaveValue('INV-123');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it("requires username, email and password: 'Username, email, and password are required'", async () => {
    const { fetchMock } = mockFetch({});
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Username');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Username, email, and password are required');
    await fill(user, { Username: 'maria', Email: 'maria@example.com' });
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Username, email, and password are required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the confirmation: "Passwords don\'t match"', async () => {
    const { fetchMock } = mockFetch({});
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Username');
    await fill(user, { ...complete, 'Confirm password': 'correct horsE' });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the first field error prefixed by the capitalised field name', async () => {
    mockFetch({
      'POST /api/users': jsonResponse(
        { errors: { email: ['has already been taken'], username: ['has already been taken'] } },
        { status: 422 },
      ),
    });
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Username');
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email has already been taken$/);
  });

  it('humanises multi-word field names', async () => {
    mockFetch({
      'POST /api/users': jsonResponse({ errors: { invitation_code: ['is invalid'] } }, { status: 422 }),
    });
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Username');
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation code is invalid');
  });

  it("otherwise: 'An unexpected error occurred. Please try again.'", async () => {
    mockFetch({ 'POST /api/users': jsonResponse({ error: 'boom' }, { status: 500 }) });
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Username');
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
  });

  it("sends the payload, shows 'Signing up...', and goes to /email-confirmation replacing history", async () => {
    const { route: held, answer } = heldResponse();
    const { calls } = mockFetch({
      'POST /api/users': held,
    });
    const { router } = renderApp('/signup?code=INV-123');
    const user = userEvent.setup({ delay: null });
    await screen.findByLabelText('Username');
    await fill(user, complete);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
    expect(calls[0]!.body).toEqual({
      user: {
        username: 'maria',
        email: 'maria@example.com',
        password: 'correct horse',
        first_name: 'Maria',
        last_name: 'Okafor',
        invitation_code: 'INV-123',
      },
    });
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    answer(
      jsonResponse(
        { id: testId('u1'), username: 'maria', email: 'maria@example.com', message: 'ok' },
        { status: 201 },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-confirmation'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('maria@example.com')).toBeInTheDocument();
  });
});
