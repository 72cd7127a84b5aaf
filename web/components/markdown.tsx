import { Suspense } from 'react';
import { cn } from '@web/lib/cn';
import { safeUrl } from '@web/lib/safe-url';
import { LazyMarkdown, loadedMarkdown } from './markdown-loader';
import { MARKDOWN_CLASS, type MarkdownProps } from './markdown-styles';
import { RenderedMarkdown } from './rendered-markdown';

export { safeUrl };

/**
 * Members' Markdown (posts, comments …), drawn by ./markdown-renderer.tsx, whose code loads on
 * demand (./markdown-loader.ts). A screen that draws Markdown at once loads it with its route
 * (`withMarkdown`), so it is there when the screen first shows. Anywhere else, until it arrives,
 * the text shows as written, in the same place.
 */
export function Markdown(props: MarkdownProps) {
  const Loaded = loadedMarkdown();
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense
      fallback={
        <div className={cn(MARKDOWN_CLASS.root, props.className)}>
          <p className="whitespace-pre-line">{props.children}</p>
        </div>
      }
    >
      <LazyMarkdown {...props} />
    </Suspense>
  );
}

/**
 * Members' Markdown from the HTML the server rendered when the answer carries it (a post's and its
 * comments' `content_html`: no parser needed), else drawn by the parser from `children`.
 */
export function MemberMarkdown({ html, children, ...props }: MarkdownProps & { html: string | undefined }) {
  if (html !== undefined) return <RenderedMarkdown html={html} {...props} />;
  return <Markdown {...props}>{children}</Markdown>;
}
