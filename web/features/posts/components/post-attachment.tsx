import { Download, FileText } from 'lucide-react';
import type { Post } from '@shared/api/posts';
import { localBytes } from '@web/features/files/local-units';
import { useLocale, useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { ImageViewer } from './image-viewer';
import { VideoPlayer } from './video-player';
import { PhotoGrid } from './photo-grid';
import { photosOf, srcSetOf } from './photo-layout';
import { photoPath } from './photo-address';

/** What an attachment needs of a post (or a published post); sizes, thumbnail and files are optional. */
export type AttachmentPost = Pick<Post, 'file_url' | 'file_name' | 'has_image' | 'tldr'> &
  Partial<
    Pick<
      Post,
      | 'file_size'
      | 'file_width'
      | 'file_height'
      | 'thumbnail_url'
      | 'has_video'
      | 'file_duration_ms'
      | 'file_poster_url'
      | 'files'
    >
  >;

/** A member's post's photos have addresses (ADR 050); `open` is the one the address asked for. */
export interface PhotoAddress {
  postId: string;
  open?: number | null;
}

/**
 * A post's files (ADR 048): with two or more, its photos in a grid that keeps their proportions
 * (./photo-grid.tsx) and its other files as download links; with one, `PostAttachment` as before.
 * Given `address`, each photo opens at /post/{id}/photo/{n} (./photo-address.ts).
 */
export function PostFiles({
  post,
  variant = 'full',
  address,
  className,
}: {
  post: AttachmentPost;
  variant?: 'card' | 'full';
  address?: PhotoAddress;
  className?: string;
}) {
  const files = post.files ?? [];
  if (files.length < 2)
    return <PostAttachment post={post} variant={variant} address={address} className={className} />;
  const photos = photosOf(files);
  const others = files.filter((file) => !photos.includes(file as (typeof photos)[number]));
  return (
    <div className={cn('space-y-2', className)}>
      {photos.length > 0 ? (
        <PhotoGrid
          photos={photos}
          postTitle={post.tldr}
          variant={variant}
          addressOf={address ? (index) => photoPath(address.postId, index) : undefined}
          initialOpen={address?.open}
          home={address ? `/post/${encodeURIComponent(address.postId)}` : undefined}
        />
      ) : null}
      {others.map((file) => (
        <DownloadLink
          key={file.id}
          post={{ ...post, file_name: file.name, file_size: file.size }}
          url={file.url}
          name={file.name}
        />
      ))}
    </div>
  );
}

/**
 * A post's file. Images are shown whole, in their own proportions, at most 400 px high (spec section
 * 9; letterboxed when narrower than the column), their box reserved from the stored width and height
 * so nothing moves as they arrive; a tap opens them full screen (./image-viewer.tsx). Cards
 * (`variant="card"`) show the lighter thumbnail and nothing else, the post itself (`variant="full"`,
 * the default) adds the name, size and a Download link. Videos play in the page, card or post
 * (./video-player.tsx). Other files: a download link with the name and size. Nothing while the file
 * has no address yet.
 */
export function PostAttachment({
  post,
  variant = 'full',
  address,
  className,
}: {
  post: AttachmentPost;
  variant?: 'card' | 'full';
  address?: PhotoAddress;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  if (!post.file_url) return null;
  const name = post.file_name || t('posts.attachment.name');
  if (post.has_video)
    return (
      <VideoPlayer
        src={post.file_url}
        posterSrc={post.file_poster_url}
        name={name}
        downloadName={post.file_name}
        size={
          post.file_width && post.file_height ? { width: post.file_width, height: post.file_height } : null
        }
        durationMs={post.file_duration_ms}
        fileSize={post.file_size}
        className={className}
      />
    );
  if (!post.has_image)
    return <DownloadLink post={post} url={post.file_url} name={name} className={className} />;

  const described = post.files?.[0]?.alt.trim();
  const alt =
    described ||
    (post.file_name
      ? t('posts.attachment.alt', { name: post.file_name })
      : t('posts.attachment.imageOf', { title: post.tldr }));
  const viewer = (
    <ImageViewer
      src={post.file_url}
      previewSrc={variant === 'card' ? post.thumbnail_url || post.file_url : post.file_url}
      srcSet={post.files?.[0] ? srcSetOf(post.files[0]) : undefined}
      alt={alt}
      name={name}
      downloadName={post.file_name}
      size={post.file_width && post.file_height ? { width: post.file_width, height: post.file_height } : null}
      loading={variant === 'card' ? 'lazy' : undefined}
      address={
        address
          ? {
              path: photoPath(address.postId, 0),
              open: address.open === 0,
              home: `/post/${encodeURIComponent(address.postId)}`,
            }
          : undefined
      }
      className={variant === 'card' ? className : undefined}
    />
  );
  if (variant === 'card') return viewer;

  return (
    <figure className={cn('space-y-2', className)}>
      {viewer}
      <figcaption className="flex items-center gap-3 text-xs text-stone-500">
        <span className="min-w-0 flex-1 truncate">
          {name}
          {post.file_size != null ? ` · ${localBytes(post.file_size, locale)}` : null}
        </span>
        <a
          href={post.file_url}
          download={post.file_name ?? ''}
          className="inline-flex shrink-0 items-center gap-1 rounded-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Download className="size-3.5" aria-hidden="true" />
          {t('posts.attachment.download')}
        </a>
      </figcaption>
    </figure>
  );
}

function DownloadLink({
  post,
  url,
  name,
  className,
}: {
  post: AttachmentPost;
  url: string;
  name: string;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <a
      href={url}
      download={post.file_name ?? ''}
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
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 font-medium wrap-anywhere text-stone-800">{name}</span>
        {post.file_size != null ? (
          <span className="block text-xs text-stone-500">{localBytes(post.file_size, locale)}</span>
        ) : null}
      </span>
      <span className="inline-flex shrink-0 items-center gap-1 font-medium text-brand-700">
        <Download className="size-4" aria-hidden="true" />
        {t('posts.attachment.download')}
      </span>
    </a>
  );
}
