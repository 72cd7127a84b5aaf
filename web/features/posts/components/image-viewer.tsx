import { useState } from 'react';
import { useViewerAddress } from './photo-address';
import { onDemandDialog } from '@web/app/resilience/on-demand';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { exportOf } from '@web/app/resilience/screen-loading';

/** The full-size view (a Radix Dialog) loads the first time a reader may open it. */
const { Dialog: FullSizeImage, openerProps: fullSizeOpener } = onDemandDialog(
  exportOf(() => import('./full-size-image'), 'FullSizeImage'),
);

/** The tallest an inline image is shown (spec section 9). */
const MAX_HEIGHT_PX = 400;

/**
 * An image shown at most 400 px high (spec section 9); a click, Enter or Space opens it at full size
 * in a dialog (./full-size-image.tsx: focus kept inside, Escape closes, focus returns to the image).
 */
export function ImageViewer({
  src,
  previewSrc = src,
  srcSet,
  alt,
  name,
  downloadName,
  size,
  loading,
  address,
  className,
}: {
  /** The image at full size, shown in the dialog. */
  src: string;
  /** What the page shows inline (a lighter thumbnail on cards); the image itself by default. */
  previewSrc?: string;
  /** The image's WebP widths (ADR 050), offered inline and full size. */
  srcSet?: string;
  alt: string;
  /** The dialog's title, e.g. the file name. */
  name: string;
  /** Offered as the Download link's file name. */
  downloadName?: string | null;
  /** The image's pixel size when known: the page then reserves its box before it arrives. */
  size?: { width: number; height: number } | null;
  /** `lazy` where many may be drawn at once below the fold (cards). */
  loading?: 'lazy' | 'eager';
  /** The photo's own address (./photo-address.ts), whether the page was reached at it, and the post's. */
  address?: { path: string; open: boolean; home: string };
  className?: string;
}) {
  const t = useT();
  const [loaded, setLoaded] = useState(false);
  const viewer = useViewerAddress({
    addressOf: address ? () => address.path : undefined,
    initial: address?.open ? 0 : null,
    home: address?.home,
  });
  const open = viewer.open !== null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => viewer.show(0)}
        {...fullSizeOpener}
        className={cn(
          'group relative block w-full cursor-zoom-in overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200/70',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
          // Without its size, the image's height is unknown until it arrives: hold a space so the page moves less.
          !loaded && !size && 'min-h-48',
          className,
        )}
      >
        <img
          src={previewSrc}
          srcSet={srcSet}
          sizes={srcSet ? '(min-width: 768px) 730px, 100vw' : undefined}
          alt={alt}
          loading={loading}
          decoding="async"
          onLoad={() => setLoaded(true)}
          {...(size ? reservedBox(size) : null)}
          className={cn('mx-auto max-h-[400px] max-w-full object-contain', size ? 'h-auto' : 'w-auto')}
        />
        <span className="sr-only"> {t('posts.viewer.viewFullSize')}</span>
      </button>
      <FullSizeImage
        open={open}
        onOpenChange={(next) => (next ? undefined : viewer.close())}
        src={src}
        srcSet={srcSet}
        alt={alt}
        name={name}
        downloadName={downloadName}
      />
    </>
  );
}

/**
 * Width and height attributes give the box its aspect ratio before the image loads (`h-auto` keeps
 * the height following the width). Capping the width at the one that makes it 400 px high keeps
 * the 400 px limit without squashing the image, as `max-h` alone would once the width is fixed.
 */
function reservedBox({ width, height }: { width: number; height: number }) {
  const widestAtMaxHeight = Math.floor((width * MAX_HEIGHT_PX) / height);
  return {
    width,
    height,
    style: { aspectRatio: `${width} / ${height}`, maxWidth: `min(100%, ${widestAtMaxHeight}px)` },
  };
}
