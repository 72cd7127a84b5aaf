import { Play } from 'lucide-react';
import { formatDuration } from '@shared/domain/format-duration';
import { onDemandDialog } from '@web/app/resilience/on-demand';
import { localSpokenDuration } from '@web/features/files/local-units';
import { t, useLocale, useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { exportOf } from '@web/app/resilience/screen-loading';
import { useViewerAddress } from './photo-address';
import {
  FIRST_SCREEN_ROWS,
  gridRowsOf,
  isVideo,
  ratioOf,
  srcSetOf,
  tileSizes,
  type Photo,
} from './photo-layout';

/** The full-size view (a Radix Dialog) loads the first time a reader may open it. */
const { Dialog: FullSizeImage, openerProps: fullSizeOpener } = onDemandDialog(
  exportOf(() => import('./full-size-image'), 'FullSizeImage'),
);

/** "8 photos", "3 photos and 1 video", "1 video", in the member's language. */
export function photosLabel(photos: readonly Photo[]): string {
  const videos = photos.filter(isVideo).length;
  const images = photos.length - videos;
  if (videos === 0) return t('posts.grid.photos', { images });
  if (images === 0) return t('posts.grid.videos', { videos });
  return t('posts.grid.photosAndVideos', { images, videos });
}

/** What a photo is called when its author gave no description; a video is called by its name. */
export function photoAlt(photo: Photo, index: number, count: number, postTitle: string): string {
  if (isVideo(photo)) return t('posts.grid.videoAlt', { number: index + 1, count, name: photo.name });
  return photo.alt.trim() || t('posts.grid.photoAlt', { number: index + 1, count, title: postTitle });
}

/**
 * A post's photos shown whole (ADR 048): each row is one justified strip in which every photo keeps
 * its own proportions (its share of the width is its aspect ratio, so all in a row are equally high
 * and none is cropped). The box of each is known from its width and height before it loads, so
 * nothing moves. Cards show the first four, "+N" on the last; the post page shows all, three a row.
 * A photo opens at full size (./full-size-image.tsx), at its own address when `addressOf` gives one
 * (./photo-address.ts).
 */
export function PhotoGrid({
  photos,
  postTitle,
  variant,
  addressOf,
  initialOpen,
  home,
  className,
}: {
  photos: Photo[];
  postTitle: string;
  variant: 'card' | 'full';
  /** The address of the photo at this index (/post/{id}/photo/{n}); none for published posts. */
  addressOf?: (index: number) => string;
  /** The photo the address asked for, open from the start. */
  initialOpen?: number | null;
  /** Where closing goes when the page was reached at a photo's address. */
  home?: string;
  className?: string;
}) {
  const t = useT();
  const { open, show, close } = useViewerAddress({ addressOf, initial: initialOpen, home });
  const rows = gridRowsOf(photos, variant);
  const shown = rows.flat();
  const more = photos.length - shown.length;
  const current = open === null ? null : photos[open];

  return (
    <div className={cn('space-y-1', className)} role="group" aria-label={photosLabel(photos)}>
      {rows.map((row, r) => (
        <div key={r} className="flex gap-1">
          {row.map((photo, i) => {
            const index = rows.slice(0, r).flat().length + i;
            const last = index === shown.length - 1 && more > 0;
            const ratio = ratioOf(photo);
            return (
              <button
                key={photo.id}
                type="button"
                aria-haspopup="dialog"
                onClick={() => show(index)}
                {...fullSizeOpener}
                style={{ flex: `${ratio} 1 0%`, aspectRatio: `${ratio}` }}
                className="group relative min-w-0 cursor-zoom-in overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                {isVideo(photo) ? (
                  <VideoTile photo={photo} alt={photoAlt(photo, index, photos.length, postTitle)} />
                ) : (
                  <img
                    src={photo.thumbnail_url!}
                    srcSet={srcSetOf(photo)}
                    sizes={tileSizes(row, photo)}
                    alt={photoAlt(photo, index, photos.length, postTitle)}
                    width={photo.width ?? undefined}
                    height={photo.height ?? undefined}
                    loading={variant === 'card' ? 'lazy' : undefined}
                    // A post page's first rows hold its largest paint: asked for before the rest,
                    // as the first screen's preload asks for them (../photo-preload.ts).
                    fetchPriority={variant === 'full' && r < FIRST_SCREEN_ROWS ? 'high' : undefined}
                    decoding="async"
                    className="size-full object-contain"
                  />
                )}
                {last ? (
                  <span
                    className="absolute inset-0 flex items-center justify-center bg-scrim/55 text-2xl font-semibold text-on-scrim"
                    aria-hidden="true"
                  >
                    +{more}
                  </span>
                ) : null}
                <span className="sr-only"> {openWords(isVideo(photo), last ? more : 0)}</span>
              </button>
            );
          })}
        </div>
      ))}
      {current ? (
        <FullSizeImage
          open={open !== null}
          onOpenChange={(next) => (next ? undefined : close())}
          src={current.url}
          srcSet={srcSetOf(current)}
          alt={photoAlt(current, open!, photos.length, postTitle)}
          name={t('posts.grid.viewerTitle', { name: current.name, number: open! + 1, count: photos.length })}
          downloadName={current.name}
          video={
            isVideo(current)
              ? {
                  posterSrc: current.poster_url,
                  durationMs: current.duration_ms,
                  size:
                    current.width && current.height ? { width: current.width, height: current.height } : null,
                }
              : undefined
          }
          onStep={(delta) => show((open! + delta + photos.length) % photos.length)}
        />
      ) : null}
    </div>
  );
}

/**
 * A video in the grid: its poster (a dark tile while it has none), a play badge and its length; it
 * plays in the viewer (ADR 050).
 */
function VideoTile({ photo, alt }: { photo: Photo; alt: string }) {
  const locale = useLocale();
  return (
    <>
      {photo.poster_url ? (
        <img
          src={photo.poster_url}
          alt={alt}
          width={photo.width ?? undefined}
          height={photo.height ?? undefined}
          loading="lazy"
          decoding="async"
          className="size-full bg-stone-900 object-contain"
        />
      ) : (
        <span role="img" aria-label={alt} className="block size-full bg-stone-900" />
      )}
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
        <span className="rounded-full bg-black/65 p-3 text-white shadow-lg">
          <Play className="size-6 fill-current" />
        </span>
      </span>
      {photo.duration_ms != null ? (
        <>
          <span
            aria-hidden="true"
            data-testid="video-duration-badge"
            className="absolute end-1.5 bottom-1.5 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums"
          >
            {formatDuration(photo.duration_ms)}
          </span>
          <span className="sr-only">{`, ${localSpokenDuration(photo.duration_ms, locale)}`}</span>
        </>
      ) : null}
    </>
  );
}

/** What a tile's button does, after its picture's name: "(view full size; 2 more)". */
function openWords(video: boolean, more: number): string {
  if (more > 0)
    return video ? t('posts.grid.playVideoMore', { more }) : t('posts.grid.viewFullSizeMore', { more });
  return video ? t('posts.grid.playVideo') : t('posts.viewer.viewFullSize');
}
