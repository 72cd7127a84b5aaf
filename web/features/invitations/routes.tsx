import type { FeatureRoute } from '@web/lib/feature-routes';
import { InvitationsPage } from './invitations-page';

export const invitationsRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/invitations', element: <InvitationsPage /> },
];
