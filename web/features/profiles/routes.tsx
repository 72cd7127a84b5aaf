import type { FeatureRoute } from '@web/lib/feature-routes';
import { ProfilePage } from './profile-page';

export const profilesRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/profiles/:id', element: <ProfilePage /> },
];
