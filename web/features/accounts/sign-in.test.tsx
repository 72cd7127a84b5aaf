import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findDialog } from '@web/test/dialogs';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';

function submitButton() {
  return screen.getByRole('button', { name: 'Sign In' });
}

describe('/signin', () => {
  it('has accessible, required email and password fields and the spec links', async () => {
    mockFetch({});
    renderApp('/signin');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('autocomplete', 'email');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/password-request',
    );
    expect(screen.getByRole('link', { name: 'Feed' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Timeline' })).toHaveAttribute('href', '/explore');
    expect(screen.getByRole('link', { name: 'Have an invitation?' })).toHaveAttribute('href', '/invitation');
  });

  it("requires both fields: 'Email and password are required'", async () => {
    const { fetchMock } = mockFetch({});
    renderApp('/signin');
    const user = userEvent.setup({ delay: null });
    // The sign-in screen arrives with its own code (the route is lazy).
    fireEvent.submit((await screen.findByRole('button', { name: 'Sign In' })).closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email and password are required');
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    fireEvent.submit(submitButton().closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server answer directly on failure', async () => {
    mockFetch({
      'POST /api/users/sign_in': jsonResponse({ error: 'Invalid email or password.' }, { status: 401 }),
    });
    renderApp('/signin');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
  });

  it('offers the confirmation page when the email is not confirmed yet', async () => {
    mockFetch({
      'POST /api/users/sign_in': jsonResponse(
        { error: 'You have to confirm your email address before continuing.' },
        { status: 403 },
      ),
    });
    renderApp('/signin');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have to confirm your email address before continuing.',
    );
    expect(screen.getByRole('link', { name: 'Enter your confirmation code' })).toHaveAttribute(
      'href',
      '/email-confirmation',
    );
  });

  it("falls back to 'Sign in failed'", async () => {
    mockFetch({ 'POST /api/users/sign_in': new Response('', { status: 500 }) });
    renderApp('/signin');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in failed');
  });

  it("shows 'Signing in...' and disables the button while busy", async () => {
    mockFetch({ 'POST /api/users/sign_in': () => new Promise<Response>(() => {}) });
    renderApp('/signin');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });
});

describe('sign-in dialog of the public shell', () => {
  it('opens from the sidebar, validates, and clears its fields when closed', async () => {
    mockFetch({ 'GET /api/published_posts': jsonResponse([]) });
    renderApp('/');
    const user = userEvent.setup({ delay: null });
    const [sidebarSignIn] = await screen.findAllByRole('button', { name: 'Sign In' });
    await user.click(sidebarSignIn!);
    const dialog = await findDialog({ name: 'Sign in to Hearth' });
    expect(dialog).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'maria@example.com');
    fireEvent.submit(screen.getByLabelText('Email').closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email and password are required');
    expect(screen.getByRole('link', { name: 'Have an invitation?' })).toHaveAttribute('href', '/invitation');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Asked for again: the shell may have drawn its sidebar anew while the dialog was open.
    const [signInAgain] = screen.getAllByRole('button', { name: 'Sign In' });
    await user.click(signInAgain!);
    await findDialog({ name: 'Sign in to Hearth' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it("'Forgot password?' opens the reset dialog", async () => {
    mockFetch({ 'GET /api/published_posts': jsonResponse([]) });
    renderApp('/');
    const user = userEvent.setup({ delay: null });
    const [sidebarSignIn] = await screen.findAllByRole('button', { name: 'Sign In' });
    await user.click(sidebarSignIn!);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await findDialog({ name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Reset Link' })).toBeInTheDocument();
  });
});
