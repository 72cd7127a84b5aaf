import { LRUCache } from 'lru-cache';
import { contentPreview } from '../../../shared/domain/content-preview';
import { renderMarkdownHtml } from '../../../shared/domain/markdown-html';

/**
 * Posts' Markdown as HTML (shared/domain/markdown-html.ts), kept by their Markdown: rendering one
 * takes 0.1 to 2 ms of the event loop (micromark), a look-up microseconds, and timelines and the
 * public feed show the same posts again and again. An edited post has new text, so a new entry;
 * the old one ages out. At most about 8 MB of text.
 */
const rendered = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (html, markdown) => html.length + markdown.length + 1,
});

/** The whole content as HTML (a published post's `content_html`). */
export function contentHtml(markdown: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderMarkdownHtml(markdown);
    rendered.set(markdown, html);
  }
  return html;
}

/** A card's preview (the first 200 characters and an ellipsis) as HTML: `content_preview_html`. */
export function contentPreviewHtml(content: string): string {
  return content.trim() ? contentHtml(contentPreview(content)) : '';
}
