import { Download, FileText } from 'lucide-react';
import type { Post } from '@shared/api/posts';
import { cn } from '@web/lib/cn';

/**
 * A post's file: an image preview (at most 400 px high, spec section 9) when it is an image, else a
 * download link. Nothing while the file has no address yet.
 */
export function PostAttachment({
  post,
  className,
}: {
  post: Pick<Post, 'file_url' | 'file_name' | 'has_image' | 'tldr'>;
  className?: string;
}) {
  if (!post.file_url) return null;
  const name = post.file_name || 'Attachment';
  if (post.has_image) {
    return (
      <div className={cn('overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200/70', className)}>
        <img
          src={post.file_url}
          alt={post.file_name ? `Attachment: ${post.file_name}` : `Image attached to ${post.tldr}`}
          loading="lazy"
          className="mx-auto max-h-[400px] w-auto max-w-full object-contain"
        />
      </div>
    );
  }
  return (
    <a
      href={post.file_url}
      download={post.file_name ?? true}
      rel="noopener noreferrer"
      className={cn(
        'flex max-w-full items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 px-3.5 py-2.5 text-sm',
        'transition-colors hover:border-stone-300 hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2',
        'focus-visible:ring-brand-500',
        className,
      )}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 ring-1 ring-stone-200">
        <FileText className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1 truncate font-medium text-stone-800">{name}</span>
      <span className="inline-flex shrink-0 items-center gap-1 font-medium text-brand-700">
        <Download className="size-4" aria-hidden="true" />
        Download
      </span>
    </a>
  );
}
