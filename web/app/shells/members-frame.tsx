import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '@web/components/loading-screen';
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
