import { useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, Download, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useT } from '@web/i18n/i18n';
import { useFocusReturn } from '@web/lib/focus-return';
import { isZoomed, MAX_SCALE, STEP_SCALE, UNZOOMED, zoomAbout, type Zoom } from './zoom';
import { ZoomablePhoto } from './zoomable-photo';
import { VideoPlayer } from './video-player';

const CONTROL_CLASS =
  'rounded-lg p-2 text-on-scrim/90 hover:bg-on-scrim/10 hover:text-on-scrim focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-scrim disabled:opacity-40';

/**
 * An image at full size over the page, with its name, a Download link and Close (Radix Dialog:
 * focus kept inside, Escape closes, focus returns to the image that opened it). Opened by
 * ./image-viewer.tsx. Given `onStep` (a post's several photos, ./photo-grid.tsx), the arrow keys,
 * a horizontal swipe of 50 px or more, and Previous / Next buttons move between them. The photo
 * zooms (./zoomable-photo.tsx, ADR 050): pinch, double tap, Ctrl+wheel, the `+`, `-` and `0` keys
 * and the Zoom in / Zoom out buttons; a swipe moves on only unzoomed, and each photo opens unzoomed.
 * Given `video` (a video among a post's files), it plays there instead (./video-player.tsx: byte
 * ranges, poster, length), and the arrow keys pressed on the player seek rather than move on.
 */
export function FullSizeImage({
  open,
  onOpenChange,
  src,
  srcSet,
  alt,
  name,
  downloadName,
  onStep,
  video,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  /** The photo's WebP widths (ADR 050): the browser takes the one the screen needs. */
  srcSet?: string;
  alt: string;
  /** The dialog's title, e.g. the file name. */
  name: string;
  /** Offered as the Download link's file name. */
  downloadName?: string | null;
  /** Moves to the previous (-1) or next (+1) photo. */
  onStep?: (delta: -1 | 1) => void;
  /** `src` is a video: its poster, length and picture size. */
  video?: {
    posterSrc: string | null;
    durationMs: number | null;
    size: { width: number; height: number } | null;
  };
}) {
  const t = useT();
  const focusReturn = useFocusReturn(open);
  // The zoom belongs to one photo: another src (or reopening) starts unzoomed.
  const [zoomOf, setZoomOf] = useState<{ src: string; zoom: Zoom }>({ src, zoom: UNZOOMED });
  const zoom = open && zoomOf.src === src ? zoomOf.zoom : UNZOOMED;
  const setZoom = (next: Zoom) => setZoomOf({ src, zoom: next });
  const photo = useRef<HTMLImageElement>(null);
  // Keys and buttons zoom about the photo's centre; its unzoomed box bounds the shift.
  const zoomBy = (factor: number) =>
    setZoom(
      zoomAbout(
        zoom,
        zoom.scale * factor,
        { x: 0, y: 0 },
        {
          width: photo.current?.offsetWidth ?? 0,
          height: photo.current?.offsetHeight ?? 0,
        },
      ),
    );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/95 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          ref={focusReturn.contentRef}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          onKeyDown={(event) => {
            if (video && event.target instanceof HTMLVideoElement) return;
            // Right to left, Previous and Next trade sides: the arrow keys follow the buttons.
            const rtl = document.documentElement.dir === 'rtl';
            if (!video && (event.key === '+' || event.key === '=')) zoomBy(STEP_SCALE);
            else if (!video && event.key === '-') zoomBy(1 / STEP_SCALE);
            else if (!video && event.key === '0') setZoom(UNZOOMED);
            else if (onStep && event.key === 'ArrowLeft') onStep(rtl ? 1 : -1);
            else if (onStep && event.key === 'ArrowRight') onStep(rtl ? -1 : 1);
          }}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3 focus:outline-none sm:p-6"
        >
          <div className="flex w-full max-w-6xl items-center gap-2 text-on-scrim">
            <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium">{name}</Dialog.Title>
            {/* A video's player offers its own Download link. */}
            {video ? null : (
              <a
                href={src}
                download={downloadName ?? ''}
                className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-on-scrim/90 hover:bg-on-scrim/10 hover:text-on-scrim focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-scrim"
              >
                <Download className="size-4" aria-hidden="true" />
                {t('posts.viewer.download')}
              </a>
            )}
            {video ? null : (
              <>
                <button
                  type="button"
                  aria-label={t('posts.viewer.zoomOut')}
                  disabled={!isZoomed(zoom)}
                  onClick={() => zoomBy(1 / STEP_SCALE)}
                  className={CONTROL_CLASS}
                >
                  <ZoomOut className="size-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={t('posts.viewer.zoomIn')}
                  disabled={zoom.scale >= MAX_SCALE}
                  onClick={() => zoomBy(STEP_SCALE)}
                  className={CONTROL_CLASS}
                >
                  <ZoomIn className="size-5" aria-hidden="true" />
                </button>
                <span className="sr-only" role="status" data-testid="photo-zoom">
                  {isZoomed(zoom)
                    ? t('posts.viewer.zoomed', { percent: Math.round(zoom.scale * 100) })
                    : t('posts.viewer.notZoomed')}
                </span>
              </>
            )}
            {onStep ? (
              <>
                <button
                  type="button"
                  aria-label={t('posts.viewer.previous')}
                  onClick={() => onStep(-1)}
                  className={CONTROL_CLASS}
                >
                  <ChevronLeft className="size-5 rtl:-scale-x-100" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={t('posts.viewer.next')}
                  onClick={() => onStep(1)}
                  className={CONTROL_CLASS}
                >
                  <ChevronRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
                </button>
              </>
            ) : null}
            <Dialog.Close aria-label={t('posts.viewer.close')} className={CONTROL_CLASS}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {video ? (
            <div className="w-full max-w-3xl rounded-xl bg-white p-3">
              <VideoPlayer
                src={src}
                posterSrc={video.posterSrc}
                name={downloadName ?? name}
                downloadName={downloadName}
                size={video.size}
                durationMs={video.durationMs}
              />
            </div>
          ) : (
            <ZoomablePhoto
              srcSet={srcSet}
              photoRef={photo}
              src={src}
              alt={alt}
              zoom={zoom}
              onZoom={setZoom}
              onSwipe={onStep}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
