import { STORAGE_KEYS } from '@shared/domain/constants';

/**
 * Paths where no session is needed (spec section 2, "Access rules"): the session check is skipped
 * there and a 401 is swallowed instead of sending the visitor to /signin.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/signin',
  '/signup',
  '/email-confirmation',
  '/invitation',
  '/resend-confirmation',
  '/password-request',
  '/password-reset',
  '/feed',
  '/landing',
  '/privacy-policy',
  // Opened from a notification mail: the signed token is the authority, no session needed.
  '/unsubscribe',
  // Where a member lands, signed out, after asking for their account to be deleted.
  '/account-deletion',
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname) || pathname.startsWith('/explore');
}

export const SIGN_IN_PATH = '/signin';
/** Where a member goes after signing in when no page asked for it (spec section 2). */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/**
 * Doors for visitors that send a signed-in member on to their Timeline (replacing history): the
 * sign-in screen and the bare address. The public feed stays open to members at /feed.
 */
const MEMBER_DOORS: readonly string[] = ['/', SIGN_IN_PATH];

export function sendsMembersHome(pathname: string): boolean {
  return MEMBER_DOORS.includes(pathname);
}

/** Remember the page a signed-out visitor asked for, so sign-in can return there. */
export function rememberRedirectAfterLogin(location: { pathname: string; search?: string }) {
  try {
    window.localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, location.pathname + (location.search ?? ''));
  } catch {
    // Storage can be unavailable (private mode, quota); sign-in then lands on the default page.
  }
}

/**
 * The remembered page, removed from storage as it is read. Only same-site paths are honoured, so a
 * crafted value cannot send the member elsewhere.
 */
export function takeRedirectAfterLogin(): string | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin);
    window.localStorage.removeItem(STORAGE_KEYS.redirectAfterLogin);
    if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
    const pathname = value.split(/[?#]/)[0] ?? value;
    if (pathname === SIGN_IN_PATH) return null;
    return value;
  } catch {
    return null;
  }
}
