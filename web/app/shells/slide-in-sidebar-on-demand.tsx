import { onDemandDialog } from '../resilience/on-demand';
import { exportOf } from '@web/app/resilience/screen-loading';

/**
 * The small-screen sidebar (./slide-in-sidebar.tsx, a Radix Dialog) loads the first time it opens:
 * wide screens never need it. The menu button (./top-bar.tsx) starts the load when a pointer or the
 * focus reaches it.
 */
export const { Dialog: SlideInSidebar, openerProps: slideInSidebarOpener } = onDemandDialog(
  exportOf(() => import('./slide-in-sidebar'), 'SlideInSidebar'),
);
