import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { listenBeforeRouter } from '@web/lib/history-returns';
import { photoIndexOf, photoPath, useViewerAddress } from './photo-address';

describe("a photo's address", () => {
  it('counts from 1 in the address and from 0 in the grid', () => {
    expect(photoPath('p1', 0)).toBe('/post/p1/photo/1');
    expect(photoPath('a b', 4)).toBe('/post/a%20b/photo/5');
    expect(photoIndexOf('1', 3)).toBe(0);
    expect(photoIndexOf('3', 3)).toBe(2);
  });

  it('names no photo past the last, before the first, or with anything but digits', () => {
    for (const n of ['4', '0', '-1', '01', '1.5', 'x', '', '99999', undefined])
      expect(photoIndexOf(n, 3)).toBeNull();
  });
});

function wrapper({ children }: { children: ReactNode }) {
  const router = createMemoryRouter([{ path: '*', element: children }], { initialEntries: ['/dashboard'] });
  return <RouterProvider router={router} />;
}

describe('the viewer in the address bar', () => {
  const start = window.location.pathname;
  afterEach(() => window.history.replaceState(null, '', start));

  it('opening adds an entry at the photo, moving replaces it, Back closes', async () => {
    const before = window.history.length;
    const { result } = renderHook(() => useViewerAddress({ addressOf: (i) => photoPath('p1', i) }), {
      wrapper,
    });
    act(() => result.current.show(1));
    expect(result.current.open).toBe(1);
    expect(window.location.pathname).toBe('/post/p1/photo/2');
    expect(window.history.length).toBe(before + 1);
    act(() => result.current.show(2));
    expect(window.location.pathname).toBe('/post/p1/photo/3');
    expect(window.history.length).toBe(before + 1);
    // Closing goes back, and the page's own Back (popstate) is what closes it.
    act(() => result.current.close());
    await act(() => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true })));
    expect(result.current.open).toBeNull();
    expect(window.location.pathname).toBe(start);
  });

  it('Back closes it and Forward reopens it over the same screen, not as the photo’s route', async () => {
    window.history.replaceState(null, '', '/dashboard');
    listenBeforeRouter();
    const viewer: { current?: ReturnType<typeof useViewerAddress> } = {};
    function Timeline() {
      viewer.current = useViewerAddress({ addressOf: (i) => photoPath('p1', i) });
      return (
        <p>{viewer.current.open === null ? 'Timeline' : `Timeline under photo ${viewer.current.open + 1}`}</p>
      );
    }
    const router = createBrowserRouter([
      { path: '/dashboard', element: <Timeline /> },
      { path: '/post/:id/photo/:n', element: <p>Post page</p> },
    ]);
    render(<RouterProvider router={router} />);
    const popped = () =>
      act(() => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true })));

    act(() => viewer.current!.show(0));
    act(() => viewer.current!.show(1));
    expect(screen.getByText('Timeline under photo 2')).toBeInTheDocument();
    window.history.back();
    await popped();
    expect(screen.getByText('Timeline')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');

    // The viewer's entry keeps its `popstate` from the router (and from any later listener).
    window.history.forward();
    expect(await screen.findByText('Timeline under photo 2')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/post/p1/photo/2');
    expect(screen.queryByText('Post page')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    // Reopened, closing goes back again.
    act(() => viewer.current!.close());
    await popped();
    expect(screen.getByText('Timeline')).toBeInTheDocument();
    router.dispose();
  });

  it('reached at the address, it starts open and closing shows the post', async () => {
    const { result } = renderHook(
      () => useViewerAddress({ addressOf: (i) => photoPath('p1', i), initial: 2, home: '/post/p1' }),
      { wrapper },
    );
    expect(result.current.open).toBe(2);
    act(() => result.current.close());
    expect(result.current.open).toBeNull();
  });

  it('without an address it only opens and closes', () => {
    const { result } = renderHook(() => useViewerAddress({}), { wrapper });
    act(() => result.current.show(0));
    expect(result.current.open).toBe(0);
    expect(window.location.pathname).toBe(start);
    act(() => result.current.close());
    expect(result.current.open).toBeNull();
  });
});
