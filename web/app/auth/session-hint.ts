/**
 * Whether this browser was signed in when it last knew. The session cookie is HttpOnly, so the app
 * cannot see it; this flag lets a public page (/, /explore …) check the session of a returning
 * member, who then sees their own frame, while visitors' public pages still make no session call.
 * A stale flag costs one GET /api/auth, answered 401 and then forgotten. See docs/decisions (session hint).
 */
const SESSION_HINT_KEY = 'hearthSignedIn';

export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSessionHint(signedIn: boolean) {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_HINT_KEY, '1');
    else window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage can be unavailable (private mode, quota): public pages then show the public frame.
  }
}
