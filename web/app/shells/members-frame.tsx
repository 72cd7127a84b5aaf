import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '@web/components/loading-screen';
import { useAuth } from '../auth/auth-context';
import { RedirectToSignIn } from '../auth/require-auth';
import { loadWithRetries } from '../resilience/screen-loading';

/**
 * The members' frame (./signed-in-shell.tsx) comes in its own chunk: a visitor reading the public
 * face never runs it, nor its menus and dialogs. A browser that was signed in starts loading it at
 * once (`preloadMembersFrame`), alongside the app's own code. A load that fails is tried again, then
 * reaches the route error screen, which offers to reload.
 */
let frame: Promise<typeof import('./signed-in-shell')> | null = null;

export function preloadMembersFrame() {
  frame ??= loadWithRetries(() => import('./signed-in-shell'));
  return frame;
}

const Frame = lazy(async () => ({ default: (await preloadMembersFrame()).SignedInShell }));

/** The members' frame around `children` (or the route's screen); "Loading" while its code arrives. */
export function SignedInShell({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Frame>{children}</Frame>
    </Suspense>
  );
}

/**
 * The layout route of the screens inside the members' frame, guarding them as RequireAuth does. The
 * frame is one element from the session check to the first screen: drawn with "Loading" while a
 * returning member's session is checked, kept when the check answers, and kept while the first
 * screen's code arrives (the router draws that wait inside it). So a menu the member opens early
 * stays open.
 */
export function MembersFrameRoute() {
  const { authenticated, loading, memberExpected } = useAuth();
  if (loading && !memberExpected) return <LoadingScreen />;
  if (!loading && !authenticated) return <RedirectToSignIn />;
  return <SignedInShell>{loading ? <LoadingScreen /> : undefined}</SignedInShell>;
}
