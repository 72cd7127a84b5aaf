import { useMemo } from 'react';
import { createBrowserRouter, matchRoutes, useLocation, type RouteObject } from 'react-router';
import { listenBeforeRouter } from '@web/lib/history-returns';
import { accountsRoutes } from '@web/features/accounts/routes';
import { adminRoutes } from '@web/features/admin/routes';
import { safetyRoutes } from '@web/features/safety/routes';
import { exploreRoutes } from '@web/features/explore/routes';
import { feedbackRoutes } from '@web/features/feedback/routes';
import { filesRoutes } from '@web/features/files/routes';
import { friendsRoutes } from '@web/features/friends/routes';
import { conversationsRoutes } from '@web/features/conversations/routes';
import { gatheringsRoutes } from '@web/features/gatherings/routes';
import { groupsRoutes } from '@web/features/groups/routes';
import { inboxRoutes } from '@web/features/inbox/routes';
import { invitationsRoutes } from '@web/features/invitations/routes';
import { linksRoutes } from '@web/features/links/routes';
import { postsRoutes } from '@web/features/posts/routes';
import { privacyRoutes } from '@web/features/privacy/routes';
import { publishedRoutes } from '@web/features/published/routes';
import { profilesRoutes } from '@web/features/profiles/routes';
import { searchRoutes } from '@web/features/search/routes';
import { settingsRoutes } from '@web/features/settings/routes';
import { timelineRoutes } from '@web/features/timeline/routes';
import type { FeatureRoute, ShellName } from '@web/lib/feature-routes';
import { isPublicPath } from '@web/lib/auth-paths';
import { LoadingScreen } from '@web/components/loading-screen';
import { MembersFrameRoute, RequireAuth } from './auth/require-auth';
import { RootLayout } from './root-layout';
import { AdaptiveShell } from './shells/adaptive-shell';
import { AuthShell } from './shells/auth-shell';
import { FirstScreenFallback } from './shells/member-frame-loading';
import { NotFound } from './shells/not-found';
import { PublicShell } from './shells/public-shell';
import { retryingLazy } from './resilience/screen-loading';
import { RouteError } from './shells/route-error';
import { SignedInShell } from './shells/members-frame';

/**
 * Every feature's screens, assembled. A feature exports `FeatureRoute[]` from
 * `web/features/<name>/routes.tsx` and is added to this list; nothing else changes.
 *
 * Code splitting: the shells, the auth provider and the sign-in screen are in the main bundle so they
 * paint at once; the other screens are route-`lazy`, each loaded the first time it is visited (the
 * members' frame too, ./shells/members-frame.tsx). While one loads, React Router keeps the current
 * screen up (with the bar of ./navigation-progress.tsx if it is slow); on the first page load the
 * shell route's `hydrateFallbackElement` draws "Loading", as the session check does, while
 * RootLayout (and so the check) already runs (or, for a browser that was signed in, the members'
 * frame with placeholder content). A screen whose code fails to load is tried again, then
 * RouteError offers to reload.
 */
export const FEATURE_ROUTES: readonly FeatureRoute[] = [
  ...accountsRoutes,
  ...friendsRoutes,
  ...groupsRoutes,
  ...invitationsRoutes,
  ...privacyRoutes,
  ...profilesRoutes,
  ...settingsRoutes,
  ...safetyRoutes,
  ...timelineRoutes,
  ...postsRoutes,
  ...searchRoutes,
  ...feedbackRoutes,
  ...adminRoutes,
  ...filesRoutes,
  ...exploreRoutes,
  ...publishedRoutes,
  ...linksRoutes,
  ...inboxRoutes,
  ...gatheringsRoutes,
  ...conversationsRoutes,
];

function routesOf(features: readonly FeatureRoute[], shell: ShellName): RouteObject[] {
  return features
    .filter((route) => route.shell === shell)
    .map(({ shell: _shell, lazy, ...route }) =>
      // Each loader is retried when its chunk fails (./resilience/screen-loading.ts). React Router
      // clears the entries of an object `lazy` as it loads them: each router gets its own copy, so a
      // second router (StrictMode, tests) still finds the loaders.
      lazy === undefined ? route : { ...route, lazy: retryingLazy(lazy) },
    );
}

/** Candidates for a member's "home", best first: the timeline once it is built (labels are message ids). */
const SIGNED_IN_HOMES = [
  { to: '/dashboard', label: 'app.notFound.backToTimeline' },
  { to: '/invitations', label: 'app.notFound.toInvitations' },
];

/** The first home candidate that has a screen, so Not Found never links to another Not Found. */
export function signedInHome(features: readonly FeatureRoute[]): { to: string; label: string } {
  const signedIn = routesOf(features, 'signed-in');
  return (
    SIGNED_IN_HOMES.find((home) => matchRoutes(signedIn, home.to)) ?? {
      to: '/',
      label: 'app.notFound.goHome',
    }
  );
}

/**
 * Unknown addresses: Not Found in the public shell on public paths, else in the (protected) signed-in
 * shell. Its home link is worked out here, when an unknown address is drawn, not as the routes are
 * built: matching the members' routes costs a page's start as much as the router's own first match.
 */
function UnknownRoute({ features }: { features: readonly FeatureRoute[] }) {
  const { pathname } = useLocation();
  const home = useMemo(() => signedInHome(features), [features]);
  if (isPublicPath(pathname)) {
    return (
      <PublicShell>
        <NotFound homeTo="/" homeLabel="app.notFound.toHomePage" />
      </PublicShell>
    );
  }
  return (
    <RequireAuth>
      <SignedInShell>
        <NotFound homeTo={home.to} homeLabel={home.label} />
      </SignedInShell>
    </RequireAuth>
  );
}

/**
 * What a shell route draws while the first screen's code loads: the same "Loading" as the session
 * check, inside the members' frame for a member or a browser that was signed in.
 */
const loadingFirstScreen = <FirstScreenFallback />;

export function buildRoutes(features: readonly FeatureRoute[] = FEATURE_ROUTES): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          element: <AuthShell />,
          hydrateFallbackElement: loadingFirstScreen,
          children: routesOf(features, 'auth'),
        },
        {
          element: <PublicShell />,
          hydrateFallbackElement: loadingFirstScreen,
          children: routesOf(features, 'public'),
        },
        {
          element: <AdaptiveShell />,
          hydrateFallbackElement: loadingFirstScreen,
          children: routesOf(features, 'adaptive'),
        },
        {
          element: <MembersFrameRoute />,
          // The first screen's wait is drawn inside the frame, which stays mounted (see MembersFrameRoute).
          children: [
            { hydrateFallbackElement: <LoadingScreen />, children: routesOf(features, 'signed-in') },
          ],
        },
        {
          element: <RequireAuth />,
          hydrateFallbackElement: loadingFirstScreen,
          children: routesOf(features, 'signed-in-bare'),
        },
        { path: '*', element: <UnknownRoute features={features} /> },
      ],
    },
  ];
}

export function createAppRouter() {
  // Screens' own history entries (the photo viewer's) are theirs to take before the router's turn.
  listenBeforeRouter();
  return createBrowserRouter(buildRoutes());
}
