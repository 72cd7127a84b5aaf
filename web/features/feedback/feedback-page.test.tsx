import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog } from '@web/test/dialogs';
import { heldResponse, jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { feedbackRoutes } from './routes';
import { testId } from '@web/test/ids';

const signedIn = { 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) };
const features = [
  ...feedbackRoutes,
  { shell: 'signed-in' as const, path: '/dashboard', element: <p>Timeline here</p> },
];

describe('/share-feedback', () => {
  it('has the spec texts, a 5-row textarea, and Submit disabled while blank after trimming', async () => {
    mockFetch(signedIn);
    renderApp('/share-feedback', { features });
    expect(await screen.findByRole('heading', { name: 'Share Your Feedback' })).toBeInTheDocument();
    const box = screen.getByPlaceholderText("Tell us what's on your mind...");
    expect(box).toHaveAttribute('rows', '5');
    const submit = screen.getByRole('button', { name: 'Submit Feedback' });
    expect(submit).toBeDisabled();
    fireEvent.change(box, { target: { value: '   ' } });
    expect(submit).toBeDisabled();
    fireEvent.change(box, { target: { value: 'Lovely app' } });
    expect(submit).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard');
  });

  it("sends it ('Submitting...'), thanks the member, and goes to /dashboard after 3 seconds", async () => {
    const { route: held, answer } = heldResponse();
    const { calls } = mockFetch({
      ...signedIn,
      'POST /api/feedbacks': held,
    });
    const { router } = renderApp('/share-feedback', { features });
    fireEvent.change(await screen.findByPlaceholderText("Tell us what's on your mind..."), {
      target: { value: '  Dark mode, please!  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      feedback: { content: 'Dark mode, please!' },
    });

    answer(
      jsonResponse(
        { id: testId('f1'), content: 'Dark mode, please!', created_at: '2026-03-22T10:00:00Z' },
        { status: 201 },
      ),
    );
    expect(await screen.findByText('Thank You for Your Feedback!')).toBeInTheDocument();
    const thankedAt = performance.now();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');

    // Real time, so a slow runner can only make the wait longer: never sooner than the 3 seconds.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(performance.now() - thankedAt).toBeGreaterThanOrEqual(2_900);
  });

  it("shows the 'Error Submitting Feedback' dialog when sending fails, keeping the text", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ ...signedIn, 'POST /api/feedbacks': jsonResponse({ error: 'boom' }, { status: 500 }) });
    renderApp('/share-feedback', { features });
    const box = await screen.findByPlaceholderText("Tell us what's on your mind...");
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    const dialog = await findDialog({ name: 'Error Submitting Feedback' });
    expect(dialog).toHaveTextContent('There was an error submitting your feedback. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(box).toHaveValue('Hello');
  });
});
