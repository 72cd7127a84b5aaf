import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatDuration } from '@shared/domain/format-duration';
import { localBytes, localSpokenDuration } from '@web/features/files/local-units';
import { useLocale, useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';

/** The tallest a video is shown inline, like an image (spec section 9). */
const MAX_HEIGHT_PX = 400;

/**
 * A video attachment that plays in the page: the browser's own controls (keyboard and screen-reader
 * friendly), `preload="metadata"` so a timeline fetches only the start of each file (the server
 * answers byte ranges, so seeking fetches only what is watched), the poster frame the worker took,
 * and the box reserved from the stored size so nothing moves as it loads. Its length shows on the
 * picture until it plays, and beside the name (in words for screen readers), with a Download link.
 */
export function VideoPlayer({
  src,
  posterSrc,
  name,
  downloadName,
  size,
  durationMs,
  fileSize,
  className,
}: {
  src: string;
  /** The poster frame; none while the worker has not taken one (or could not). */
  posterSrc?: string | null;
  /** The file's name: the player's accessible name. */
  name: string;
  downloadName?: string | null;
  /** The picture's size as shown, when known. */
  size?: { width: number; height: number } | null;
  durationMs?: number | null;
  fileSize?: number | null;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [started, setStarted] = useState(false);
  const duration = durationMs != null ? formatDuration(durationMs) : '';
  const box = size
    ? {
        aspectRatio: `${size.width} / ${size.height}`,
        maxWidth: `min(100%, ${Math.round((MAX_HEIGHT_PX * size.width) / size.height)}px)`,
      }
    : undefined;
  return (
    <figure className={cn('space-y-2', className)}>
      <div
        className={cn(
          'relative w-full overflow-hidden rounded-xl bg-stone-900 ring-1 ring-stone-200/70',
          !size && 'aspect-video max-h-[400px]',
        )}
        style={box}
      >
        <video
          controls
          preload="metadata"
          playsInline
          src={src}
          poster={posterSrc ?? undefined}
          width={size?.width}
          height={size?.height}
          aria-label={t('posts.video.label', { name })}
          onPlay={() => setStarted(true)}
          className="block size-full max-h-[400px] object-contain focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        />
        {duration && !started ? (
          <span
            aria-hidden="true"
            data-testid="video-duration-badge"
            className="pointer-events-none absolute end-2 top-2 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums"
          >
            {duration}
          </span>
        ) : null}
      </div>
      <figcaption className="flex items-center gap-3 text-xs text-stone-500">
        <span className="min-w-0 flex-1 truncate">
          {name}
          {duration ? (
            <>
              {' · '}
              <span aria-hidden="true" className="tabular-nums">
                {duration}
              </span>
              <span className="sr-only">{localSpokenDuration(durationMs!, locale)}</span>
            </>
          ) : null}
          {fileSize != null ? ` · ${localBytes(fileSize, locale)}` : null}
        </span>
        <a
          href={src}
          download={downloadName ?? ''}
          aria-label={t('posts.video.downloadLabel', { name })}
          className="inline-flex shrink-0 items-center gap-1 rounded-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <Download className="size-3.5" aria-hidden="true" />
          {t('posts.video.download')}
        </a>
      </figcaption>
    </figure>
  );
}
