import type { FeatureRoute } from '@web/lib/feature-routes';
import { SearchPage } from './search-page';

export const searchRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/search', element: <SearchPage /> },
];
