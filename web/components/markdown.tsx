import { Suspense } from 'react';
import { cn } from '@web/lib/cn';
import { safeUrl } from '@web/lib/safe-url';
import { LazyMarkdown, loadedMarkdown } from './markdown-loader';
import { MARKDOWN_CLASS, type MarkdownProps } from './markdown-styles';

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
