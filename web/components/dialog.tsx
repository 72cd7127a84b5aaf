import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useT } from '@web/i18n/i18n';
import { cn } from '@web/lib/cn';
import { useFocusReturn } from '@web/lib/focus-return';

/**
 * A centred modal dialog on Radix Dialog (focus trap, Escape, scroll lock). Control it with
 * `open`/`onOpenChange`; pass `dismissible={false}` while an action is pending so it cannot close.
 * On closing, focus returns to what opened it (a button, a menu's trigger, the page for a shortcut).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
  focusOnClose,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  dismissible?: boolean;
  /** Where focus goes on closing instead of the opener (e.g. the field a reminder asked about). */
  focusOnClose?: () => HTMLElement | null | undefined;
  className?: string;
}) {
  const t = useT();
  const focusReturn = useFocusReturn(open);
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          ref={focusReturn.contentRef}
          onCloseAutoFocus={(event) => {
            const target = focusOnClose?.();
            if (!target) return focusReturn.onCloseAutoFocus(event);
            event.preventDefault();
            target.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={(event) => (dismissible ? undefined : event.preventDefault())}
          onPointerDownOutside={(event) => (dismissible ? undefined : event.preventDefault())}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2',
            '-translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl shadow-stone-900/20',
            'focus:outline-none data-[state=open]:animate-pop-in',
            className,
          )}
        >
          <div className="mb-4 pe-8">
            <RadixDialog.Title className="text-lg font-semibold tracking-tight text-stone-900">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-stone-600">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {children}
          {dismissible ? (
            <RadixDialog.Close
              aria-label={t('components.dialog.close')}
              className="absolute top-4 end-4 rounded-lg p-1.5 text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
