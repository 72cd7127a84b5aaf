import { Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '@web/components/loading-screen';
import { onDemand } from '../resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';

/**
 * The members' frame (./signed-in-shell.tsx) comes in its own chunk: a visitor reading the public
 * face never runs it, nor its menus and dialogs. A browser that was signed in starts loading it at
 * once (`preloadMembersFrame`), alongside the app's own code.
 */
const frame = onDemand(exportOf(() => import('./signed-in-shell'), 'SignedInShell'));

export const preloadMembersFrame = frame.preload;

/** The members' frame around `children` (or the route's screen); "Loading" while its code arrives. */
export function SignedInShell({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <frame.Component>{children}</frame.Component>
    </Suspense>
  );
}
