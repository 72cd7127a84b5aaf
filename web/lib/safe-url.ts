/**
 * The one rule for addresses in members' Markdown (web/components/markdown.tsx and the lighter
 * renderer of the public pages, web/components/markdown-html.ts): only http(s), mailto and same-site
 * addresses survive (so no `javascript:` URLs, no protocol-relative `//host` links).
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Schemes a Markdown renderer may keep before the stricter check below (CommonMark's safe list). */
const RENDERER_PROTOCOLS = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * '' for an address with a scheme outside the renderer's safe list: a colon before any '/', '?' or
 * '#' starts a scheme ("javascript:…"); after one of those it is part of a path or query.
 */
function rendererUrl(value: string): string {
  const colon = value.indexOf(':');
  if (colon === -1) return value;
  for (const mark of ['/', '?', '#']) {
    const at = value.indexOf(mark);
    if (at !== -1 && colon > at) return value;
  }
  return RENDERER_PROTOCOLS.test(value.slice(0, colon)) ? value : '';
}

/** The URL if it is safe to link to, else '' (the renderers then drop it). */
export function safeUrl(url: string): string {
  const value = rendererUrl(url.trim());
  if (!value) return '';
  // Relative addresses ("/post/1", "#top", "page") stay on this site.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return value.startsWith('//') ? '' : value;
  try {
    return SAFE_PROTOCOLS.has(new URL(value).protocol) ? value : '';
  } catch {
    return '';
  }
}
