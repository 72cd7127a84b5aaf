/**
 * True for an absolute http(s) address on another origin. Apart from the Markdown renderer
 * (web/components/markdown.tsx re-exports it) so screens that only need this check do not load it.
 */
export function isExternalUrl(url: string, origin: string = window.location.origin): boolean {
  try {
    const parsed = new URL(url, origin);
    return /^https?:$/.test(parsed.protocol) && parsed.origin !== origin;
  } catch {
    return false;
  }
}
