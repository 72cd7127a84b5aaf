import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useLocation } from 'react-router';
import { APP_NAME } from '@shared/domain/constants';
import { Logo } from '@web/components/logo';
import { useT } from '@web/i18n/i18n';
import { useFocusReturn } from '@web/lib/focus-return';

/**
 * The small-screen sidebar: a panel sliding in from the start side, the left (the right in Arabic)
 * (Radix Dialog); closes on navigation.
 * Closed by Escape or its Close button, focus returns to the menu button; after a navigation it is
 * the new page that takes focus (RouteFocus).
 */
export function SlideInSidebar({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const lastPath = useRef(pathname);
  const navigatedAway = useRef(false);
  // Open as last drawn: an owner whose state belongs to one page may already say closed after a move.
  const wasOpen = useRef(open);
  const focusReturn = useFocusReturn(open);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    navigatedAway.current = open || wasOpen.current;
    onOpenChange(false);
  }, [pathname, onOpenChange, open]);
  useEffect(() => {
    wasOpen.current = open;
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          ref={focusReturn.contentRef}
          onCloseAutoFocus={(event) => {
            if (!navigatedAway.current) return focusReturn.onCloseAutoFocus(event);
            navigatedAway.current = false;
            event.preventDefault();
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-2xl focus:outline-none data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left rtl:data-[state=closed]:animate-slide-out-right rtl:data-[state=open]:animate-slide-in-right lg:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-stone-200 px-4">
            <Dialog.Title asChild>
              <span>
                <span aria-hidden="true">
                  <Logo />
                </span>
                <span className="sr-only">{t('app.shell.menuTitle', { app: APP_NAME })}</span>
              </span>
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('app.shell.closeMenu')}
              className="rounded-lg p-2 text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-3 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
