import type { NonIndexRouteObject } from 'react-router';

/**
 * Which frame a screen is drawn in:
 * - `auth`: the narrow centred card of the account screens (/signin, /signup …);
 * - `public`: navbar with Sign In and the sidebar with Feed, Timeline, Sign In, Refresh, version;
 * - `signed-in`: protected, inside the top bar / sidebar shell of members;
 * - `signed-in-bare`: protected, no shell (e.g. the /upload test page);
 * - `adaptive`: unprotected, drawn in the signed-in shell for members and the public shell otherwise
 *   (e.g. /privacy-policy).
 */
export type ShellName = 'auth' | 'public' | 'signed-in' | 'signed-in-bare' | 'adaptive';

/**
 * One screen of a feature. Each feature exports an array of these from `web/features/<name>/routes.tsx`;
 * `web/app/router.tsx` places them in their shell. Everything a React Router route object takes
 * (element, lazy, loader, children, handle …) may be given.
 */
export type FeatureRoute = Omit<NonIndexRouteObject, 'path' | 'index'> & {
  path: string;
  shell: ShellName;
};
