import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Download, X } from 'lucide-react';
import { cn } from '@web/lib/cn';

/**
 * An image shown at most 400 px high (spec section 9); a click, Enter or Space opens it at full size
 * in a dialog (Radix: focus kept inside, Escape closes, focus returns to the image).
 */
export function ImageViewer({
  src,
  alt,
  name,
  downloadName,
  className,
}: {
  src: string;
  alt: string;
  /** The dialog's title, e.g. the file name. */
  name: string;
  /** Offered as the Download link's file name. */
  downloadName?: string | null;
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
            // Until the image arrives its height is unknown: hold a space so the page moves less.
            !loaded && 'min-h-48',
            className,
          )}
        >
          <img
            src={src}
            alt={alt}
            decoding="async"
            onLoad={() => setLoaded(true)}
            className="mx-auto max-h-[400px] w-auto max-w-full object-contain"
          />
          <span className="sr-only"> (view full size)</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/95 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3 focus:outline-none sm:p-6"
        >
          <div className="flex w-full max-w-6xl items-center gap-2 text-white">
            <Dialog.Title className="min-w-0 flex-1 truncate text-sm font-medium">{name}</Dialog.Title>
            <a
              href={src}
              download={downloadName ?? ''}
              className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              <Download className="size-4" aria-hidden="true" />
              Download
            </a>
            <Dialog.Close
              aria-label="Close"
              className="rounded-lg p-2 text-white/90 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
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
