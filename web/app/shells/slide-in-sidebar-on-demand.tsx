import { onDemandDialog } from '../resilience/on-demand';

/**
 * The small-screen sidebar (./slide-in-sidebar.tsx, a Radix Dialog) loads the first time it opens:
 * wide screens never need it. The menu button (./top-bar.tsx) starts the load when a pointer or the
 * focus reaches it.
 */
export const { Dialog: SlideInSidebar, openerProps: slideInSidebarOpener } = onDemandDialog(
  async () => (await import('./slide-in-sidebar')).SlideInSidebar,
);
