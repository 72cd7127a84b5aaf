import type { FeatureRoute } from '@web/lib/feature-routes';
import { SettingsPage } from './settings-page';

export const settingsRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/settings', element: <SettingsPage /> },
];
