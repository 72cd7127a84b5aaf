import type { FeatureRoute } from '@web/lib/feature-routes';
import { FriendsPage } from './friends-page';

export const friendsRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/friends', element: <FriendsPage /> },
];
