import { Dialog } from 'radix-ui';
import { Download, X } from 'lucide-react';
import { useFocusReturn } from '@web/lib/focus-return';

/**
 * An image at full size over the page, with its name, a Download link and Close (Radix Dialog:
 * focus kept inside, Escape closes, focus returns to the image that opened it). Opened by
 * ./image-viewer.tsx.
 */
export function FullSizeImage({
  open,
  onOpenChange,
  src,
  alt,
  name,
  downloadName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  src: string;
  alt: string;
  /** The dialog's title, e.g. the file name. */
  name: string;
  /** Offered as the Download link's file name. */
  downloadName?: string | null;
}) {
  const focusReturn = useFocusReturn(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/95 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          ref={focusReturn.contentRef}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
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
