import { useMemo, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@web/lib/cn';
import { rewriteMarkdownHtml } from './markdown-html';
import { MARKDOWN_CLASS, type MarkdownProps, NO_MENTION_REFS } from './markdown-styles';
import { useScrollableCodeBlocks } from './use-scrollable-code-blocks';

/**
 * Members' Markdown as ./markdown.tsx draws it, from the HTML the server rendered (a published
 * post's `content_html`, any post's `content_preview_html` on its card) and the rules of
 * ./markdown-html.ts (same elements, classes and link rules): the public pages and the timelines
 * need no Markdown parser. A mention opens the member's profile inside the app, as ./markdown.tsx's router
 * links do; other links are plain links there too.
 */
export function RenderedMarkdown({
  html: rendered,
  variant = 'full',
  className,
  mentions = NO_MENTION_REFS,
  titleLevel = 1,
}: Omit<MarkdownProps, 'children'> & { html: string }) {
  const navigate = useNavigate();
  const html = useMemo(
    () => rewriteMarkdownHtml(rendered, { variant, mentions, titleLevel }),
    [rendered, variant, mentions, titleLevel],
  );
  const root = useRef<HTMLDivElement>(null);
  useScrollableCodeBlocks(root, html);

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const mention = (event.target as Element).closest?.('a[data-mention]');
    const href = mention?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    // The links inside are the interactive elements; this only lets mentions navigate in the app.
    <div
      ref={root}
      className={cn(MARKDOWN_CLASS.root, className)}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
