import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { jsonResponse, mockFetch } from '@web/test/fetch-mock';
import { renderApp } from '@web/test/render-app';
import { maria } from '@web/test/users';
import { buildRoutes, FEATURE_ROUTES } from './router';

/** A route-lazy screen whose code "arrives" when the test says so. */
function deferredScreen(path: string, heading: string) {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const route: FeatureRoute = {
    shell: 'signed-in',
    path,
    lazy: {
      Component: async () => {
        await arrived;
        return () => <h1>{heading}</h1>;
      },
    },
  };
  return { route, arrive: () => act(arrive) };
}

describe('lazy screens', () => {
  it('every feature screen outside the account screens (auth shell and the landing page) is route-lazy', () => {
    const eager = FEATURE_ROUTES.filter((route) => !route.lazy).map(
      (route) => `${route.shell} ${route.path}`,
    );
    expect(eager.every((entry) => entry.startsWith('auth ') || entry === 'public /')).toBe(true);
    expect(FEATURE_ROUTES.filter((route) => route.lazy).length).toBeGreaterThan(10);
  });

  it("gives each router its own copy of a screen's lazy loaders (React Router clears them as they load)", async () => {
    const load = async () => () => null;
    const features: FeatureRoute[] = [{ shell: 'signed-in', path: '/x', lazy: { Component: load } }];
    const lazyOf = () => buildRoutes(features)[0]!.children![3]!.children![0]!.children![0]!.lazy;
    const [first, second] = [lazyOf(), lazyOf()] as { Component: typeof load }[];
    expect(Object.keys(first!)).toEqual(['Component']);
    expect(Object.keys(second!)).toEqual(['Component']);
    expect(first).not.toBe(second);
    expect(first).not.toBe(features[0]!.lazy);
    // Each copy still loads the screen's code (through the retrying wrapper).
    expect(await first!.Component()).toBeTypeOf('function');
  });

  it('on the first load shows "Loading" while the code arrives, checking the session meanwhile', async () => {
    const { route, arrive } = deferredScreen('/later', 'Later');
    const { calls } = mockFetch({
      'GET /api/auth': jsonResponse(maria),
      'GET /api/groups': jsonResponse([]),
    });
    renderApp('/later', { features: [route] });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/auth')).toBe(true));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await arrive();
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('MO');
  });

  it('keeps the current screen up while the next one loads, with a progress bar only if it is slow', async () => {
    const { route, arrive } = deferredScreen('/later', 'Later');
    const now: FeatureRoute = { shell: 'signed-in', path: '/now', element: <h1>Now</h1> };
    mockFetch({ 'GET /api/auth': jsonResponse(maria), 'GET /api/groups': jsonResponse([]) });
    const { router } = renderApp('/now', { features: [now, route] });
    expect(await screen.findByRole('heading', { name: 'Now' })).toBeInTheDocument();

    void router.navigate('/later');
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    expect(screen.getByRole('heading', { name: 'Now' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Now' })).toBeInTheDocument();

    await arrive();
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Now' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
