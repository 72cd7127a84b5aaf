import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Download, X } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** The tallest an inline image is shown (spec section 9). */
const MAX_HEIGHT_PX = 400;

/**
 * An image shown at most 400 px high (spec section 9); a click, Enter or Space opens it at full size
 * in a dialog (Radix: focus kept inside, Escape closes, focus returns to the image).
 */
export function ImageViewer({
  src,
  alt,
  name,
  downloadName,
  size,
  className,
}: {
  src: string;
  alt: string;
  /** The dialog's title, e.g. the file name. */
  name: string;
  /** Offered as the Download link's file name. */
  downloadName?: string | null;
  /** The image's pixel size when known: the page then reserves its box before it arrives. */
  size?: { width: number; height: number } | null;
  className?: string;
}) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={cn(
            'group relative block w-full cursor-zoom-in overflow-hidden rounded-xl bg-stone-100 ring-1 ring-stone-200/70',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
            // Without its size, the image's height is unknown until it arrives: hold a space so the page moves less.
            !loaded && !size && 'min-h-48',
            className,
          )}
        >
          <img
            src={src}
            alt={alt}
            decoding="async"
            onLoad={() => setLoaded(true)}
            {...(size ? reservedBox(size) : null)}
            className={cn('mx-auto max-h-[400px] max-w-full object-contain', size ? 'h-auto' : 'w-auto')}
          />
          <span className="sr-only"> (view full size)</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/95 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3 focus:outline-none sm:p-6"
        >
          <div className="flex w-full max-w-6xl items-center gap-2 text-on-scrim">
            <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium">{name}</Dialog.Title>
            <a
              href={src}
              download={downloadName ?? ''}
              className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-on-scrim/90 hover:bg-on-scrim/10 hover:text-on-scrim focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-scrim"
            >
              <Download className="size-4" aria-hidden="true" />
              Download
            </a>
            <Dialog.Close
              aria-label="Close"
              className="rounded-lg p-2 text-on-scrim/90 hover:bg-on-scrim/10 hover:text-on-scrim focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-scrim"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <img
            src={src}
            alt={alt}
            className="max-h-[calc(100dvh-5rem)] max-w-full rounded-lg object-contain shadow-2xl"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Width and height attributes give the box its aspect ratio before the image loads (`h-auto` keeps
 * the height following the width). Capping the width at the one that makes it 400 px high keeps
 * the 400 px limit without squashing the image, as `max-h` alone would once the width is fixed.
 */
function reservedBox({ width, height }: { width: number; height: number }) {
  const widestAtMaxHeight = Math.floor((width * MAX_HEIGHT_PX) / height);
  return { width, height, style: { maxWidth: `min(100%, ${widestAtMaxHeight}px)` } };
}
