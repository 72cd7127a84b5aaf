import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus';
import { MAIN_ID } from './skip-link';

/** Lets a test draw the late page's heading when it chooses (its data "arrives"). */
let showHeading: () => void = () => undefined;

function LatePage() {
  const [ready, setReady] = useState(false);
  showHeading = () => setReady(true);
  return ready ? <h1>Late page</h1> : <p>Loading…</p>;
}

function Frame() {
  return (
    <>
      <title>Late page</title>
      <RouteFocus />
      <button type="button">Your groups</button>
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function renderFrame() {
  const router = createMemoryRouter(
    [
      {
        element: <Frame />,
        children: [
          { path: '/', element: <h1>First page</h1> },
          { path: '/late', element: <LatePage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('focus after a route change whose heading arrives late', () => {
  it('goes to the heading once it is drawn', async () => {
    const router = renderFrame();
    await act(() => router.navigate('/late'));
    await screen.findByText('Loading…');
    // Past the first look for the heading: it is not there yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    act(() => showHeading());
    const heading = await screen.findByRole('heading', { name: 'Late page' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('stays where the member moved it while the heading was on its way', async () => {
    const router = renderFrame();
    await act(() => router.navigate('/late'));
    await screen.findByText('Loading…');
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    const switcher = screen.getByRole('button', { name: 'Your groups' });
    act(() => switcher.focus());
    act(() => showHeading());
    await screen.findByRole('heading', { name: 'Late page' });
    // The page has settled (its title announced) and left the member's focus where it was.
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent('Late page'));
    expect(switcher).toHaveFocus();
  });
});
