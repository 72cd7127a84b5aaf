import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from '@web/app/providers';
import { buildRoutes } from '@web/app/router';
import type { FeatureRoute } from '@web/lib/feature-routes';

/**
 * Renders the whole app (router, auth, shells) at `path`. A browser router on jsdom's history keeps
 * `window.location` in step, as the API client's 401 handling expects.
 */
export function renderApp(
  path: string,
  {
    features,
    queryClient = createTestQueryClient(),
  }: { features?: readonly FeatureRoute[]; queryClient?: QueryClient } = {},
) {
  window.history.replaceState(null, '', path);
  const router = createBrowserRouter(buildRoutes(features));
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** No retries, nothing stale: a test sees exactly the calls its screen makes. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}
