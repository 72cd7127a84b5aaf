import { useRef } from 'react';
import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { useFocusReturn } from '@web/lib/focus-return';

/**
 * An image at full size over the page, with its name, a Download link and Close (Radix Dialog:
 * focus kept inside, Escape closes, focus returns to the image that opened it). Opened by
 * ./image-viewer.tsx. Given `onStep` (a post's several photos, ./photo-grid.tsx), the arrow keys,
 * a horizontal swipe of 50 px or more, and Previous / Next buttons move between them.
 */
export function FullSizeImage({
  open,
  onOpenChange,
  src,
  alt,
  name,
  downloadName,
  onStep,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  alt: string;
  /** The dialog's title, e.g. the file name. */
  name: string;
  /** Offered as the Download link's file name. */
  downloadName?: string | null;
  /** Moves to the previous (-1) or next (+1) photo. */
  onStep?: (delta: -1 | 1) => void;
}) {
  const focusReturn = useFocusReturn(open);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/95 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          ref={focusReturn.contentRef}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          onKeyDown={(event) => {
            if (!onStep) return;
            if (event.key === 'ArrowLeft') onStep(-1);
            if (event.key === 'ArrowRight') onStep(1);
          }}
          onPointerDown={(event) => (swipeStart.current = { x: event.clientX, y: event.clientY })}
          onPointerUp={(event) => {
            const start = swipeStart.current;
            swipeStart.current = null;
            if (!onStep || !start) return;
            const dx = event.clientX - start.x;
            // Spec section 9's swipe: 50 px, more across than down.
            if (Math.abs(dx) >= 50 && Math.abs(dx) > Math.abs(event.clientY - start.y))
              onStep(dx < 0 ? 1 : -1);
          }}
          className="fixed inset-0 z-50 flex touch-pan-y flex-col items-center justify-center gap-3 p-3 focus:outline-none sm:p-6"
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
            {onStep ? (
              <>
                <button
                  type="button"
                  aria-label="Previous photo"
                  onClick={() => onStep(-1)}
                  className="rounded-lg p-2 text-on-scrim/90 hover:bg-on-scrim/10 hover:text-on-scrim focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-scrim"
                >
                  <ChevronLeft className="size-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label="Next photo"
                  onClick={() => onStep(1)}
                  className="rounded-lg p-2 text-on-scrim/90 hover:bg-on-scrim/10 hover:text-on-scrim focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-scrim"
                >
                  <ChevronRight className="size-5" aria-hidden="true" />
                </button>
              </>
            ) : null}
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
