import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstScreen } from './app/first-screen';
import { registerServiceWorker } from './app/resilience/service-worker';
import { watchPreloadErrors } from './app/resilience/screen-loading';
import { SOURCE_LOCALE } from '@shared/domain/locales';
import { activateLocale, servedLocale } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { followThemeChanges } from './lib/theme';
import './styles.css';

followThemeChanges();
watchPreloadErrors();
const queryClient = createQueryClient();
startFirstScreen(window.location.pathname, queryClient);
// Only the built app has a service worker (not the dev server, nor tests).
if (import.meta.env.MODE === 'production') registerServiceWorker();

// The page names the language the server chose for this browser (its saved choice, else its
// languages); English is in the bundle, another language's words load before the first render.
// Should they fail to load (the connection dropped), the app opens in English.
void activateLocale(servedLocale())
  .catch(() => activateLocale(SOURCE_LOCALE))
  .finally(() => {
    // The first render is a transition: React draws in slices and lets the browser answer input
    // between them, instead of holding the page in one long task on a slow phone.
    startTransition(() => {
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
