import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/resilience/service-worker';
import { watchPreloadErrors } from './app/resilience/screen-loading';
import { followThemeChanges } from './lib/theme';
import './styles.css';

followThemeChanges();
watchPreloadErrors();
// The mode, not PROD: PROD follows NODE_ENV, and the end-to-end build runs with NODE_ENV=test.
if (import.meta.env.MODE === 'production') registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
