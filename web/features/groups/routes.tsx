import type { FeatureRoute } from '@web/lib/feature-routes';
import { EditGroupPage } from './edit-group-page';
import { GroupPage } from './group-page';
import { GroupRequestsPage } from './group-requests-page';
import { GroupsPage } from './groups-page';
import { NewGroupPage } from './new-group-page';

export const groupsRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/groups', element: <GroupsPage /> },
  { shell: 'signed-in', path: '/groups/new', element: <NewGroupPage /> },
  { shell: 'signed-in', path: '/groups/edit/:id', element: <EditGroupPage /> },
  { shell: 'signed-in', path: '/group/:id', element: <GroupPage /> },
  { shell: 'signed-in', path: '/group-requests', element: <GroupRequestsPage /> },
];
