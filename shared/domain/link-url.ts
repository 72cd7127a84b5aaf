import { LIMITS } from './constants';

/**
 * Links: the one check that a shared URL is acceptable, and the one spelling used to find earlier
 * shares of the same page. The server validates and normalises with these; the add-link form uses
 * the same check, so both refuse the same input.
 *
 * Normalisation (decided here, once):
 * - the scheme and host are lower-cased (the URL parser does it; an internationalised host becomes
 *   its punycode form); `http` and `https` stay distinct, as they may serve different pages;
 * - a leading `www.` is dropped: in practice `www.example.com` and `example.com` are one site, and a
 *   missed duplicate is worse than a rare false match (the earlier share is only shown, never merged);
 * - the default port (80 for http, 443 for https) and the fragment are dropped;
 * - a trailing slash on the path is dropped (`/a/` and `/a` are one page; `/` becomes empty);
 * - tracking parameters (`utm_*`, `fbclid`, `gclid` and the like) are removed, and the remaining
 *   query parameters are sorted by name, then value (their order never changes the page).
 */

export type LinkUrlProblem = 'blank' | 'invalid' | 'scheme' | 'credentials' | 'too_long';

export type LinkUrlCheck = { ok: true; url: URL } | { ok: false; problem: LinkUrlProblem };

/** Query parameters that only say where a click came from. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'mkt_tok',
]);

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/** Parses what a member typed: an absolute http(s) URL with a host and no user name or password. */
export function checkLinkUrl(input: string): LinkUrlCheck {
  const value = input.trim();
  if (!value) return { ok: false, problem: 'blank' };
  if (value.length > LIMITS.urlMax) return { ok: false, problem: 'too_long' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme' };
  if (!url.hostname) return { ok: false, problem: 'invalid' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  return { ok: true, url };
}

/** The host a link is shown under: lower-case, without a leading `www.`. */
export function linkDomain(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/** The canonical spelling of a checked URL (the rules are in this file's header). */
export function normalizeLinkUrl(url: URL): string {
  const host = linkDomain(url);
  // The URL parser already leaves the port empty when it is the scheme's default.
  const port = url.port ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  const params = [...url.searchParams.entries()]
    .filter(([name]) => !isTrackingParam(name))
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  return `${url.protocol}//${host}${port}${path}${query}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
