import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { MenuOnDemandProps } from '@web/app/resilience/on-demand';
import { cn } from '@web/lib/cn';

/** Styled pieces for Radix DropdownMenu; Root and Trigger come from `radix-ui` directly. */

/**
 * The menu's panel. `focusFirstItem`: its first item takes the focus when the panel first does, as
 * Radix does for a menu opened from the keyboard; for a menu whose code arrived after the key was
 * pressed, so Radix never saw it (web/app/resilience/on-demand.tsx).
 */
export function MenuContent({
  className,
  align = 'end',
  sideOffset = 8,
  focusFirstItem = false,
  onFocus,
  ...props
}: DropdownMenu.DropdownMenuContentProps & { focusFirstItem?: boolean }) {
  const firstFocus = useRef(focusFirstItem);
  useEffect(() => {
    firstFocus.current = focusFirstItem;
  }, [focusFirstItem]);
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={12}
        onFocus={(event) => {
          onFocus?.(event);
          if (!firstFocus.current || event.target !== event.currentTarget) return;
          firstFocus.current = false;
          event.currentTarget
            .querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')
            ?.focus({ preventScroll: true });
        }}
        className={cn(
          'z-50 min-w-56 overflow-hidden rounded-xl border border-stone-200 bg-white p-1.5 text-sm shadow-lg',
          'shadow-stone-900/10 data-[state=open]:animate-pop-in',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

/**
 * What a menu loaded on demand draws (`onDemandMenu`, web/app/resilience/on-demand.tsx): Radix's
 * menu, controlled, with the button it was given as its trigger and `MenuContent` as its panel.
 */
export function OnDemandDropdown({
  trigger,
  open,
  onOpenChange,
  focusFirstItem,
  modal,
  ...content
}: MenuOnDemandProps & { modal?: boolean } & DropdownMenu.DropdownMenuContentProps) {
  return (
    <DropdownMenu.Root modal={modal} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <MenuContent focusFirstItem={focusFirstItem} {...content} />
    </DropdownMenu.Root>
  );
}

const itemClasses =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-stone-700 outline-none select-none ' +
  'data-[highlighted]:bg-stone-100 data-[highlighted]:text-stone-900 data-[disabled]:pointer-events-none ' +
  'data-[disabled]:opacity-50';

export function MenuItem({ className, ...props }: DropdownMenu.DropdownMenuItemProps) {
  return <DropdownMenu.Item className={cn(itemClasses, className)} {...props} />;
}

/** A menu entry that navigates. */
export function MenuLinkItem({
  to,
  children,
  className,
  ...props
}: { to: string; children: ReactNode; className?: string } & Omit<
  ComponentProps<typeof Link>,
  'to' | 'className'
>) {
  return (
    <DropdownMenu.Item asChild className={cn(itemClasses, className)}>
      <Link to={to} {...props}>
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="-mx-1.5 my-1.5 h-px bg-stone-200" />;
}

export function MenuLabel({ className, ...props }: DropdownMenu.DropdownMenuLabelProps) {
  return (
    <DropdownMenu.Label
      className={cn(
        'px-2.5 pt-1.5 pb-1 text-xs font-medium tracking-wide text-stone-500 uppercase',
        className,
      )}
      {...props}
    />
  );
}
