import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { hasSessionHint } from './app/auth/session-hint';
import { startFirstScreen } from './app/first-screen';
import { registerServiceWorker } from './app/resilience/service-worker';
import { watchPreloadErrors } from './app/resilience/screen-loading';
import { preloadMembersFrame } from './app/shells/members-frame';
import { createQueryClient } from './lib/query-client';
import { followThemeChanges } from './lib/theme';
import './styles.css';

followThemeChanges();
watchPreloadErrors();
// A browser that was signed in will draw the members' frame first: its code starts now. A failure
// shows when the frame is drawn (the route error screen offers to reload).
if (hasSessionHint()) preloadMembersFrame().catch(() => undefined);
const queryClient = createQueryClient();
startFirstScreen(window.location.pathname, queryClient);
// Only the built app has a service worker (not the dev server, nor tests).
if (import.meta.env.MODE === 'production') registerServiceWorker();

// The first render is a transition: React draws in slices and lets the browser answer input between
// them, instead of holding the page in one long task on a slow phone.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
