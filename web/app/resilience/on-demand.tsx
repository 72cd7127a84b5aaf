import {
  cloneElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { loadWithRetries } from './screen-loading';

/**
 * A component whose code comes in its own chunk, loaded the first time it is drawn: a frame only
 * members see, a dialog only some visitors open. `preload` starts the load sooner (a browser that was
 * signed in, a pointer or the focus reaching what opens a dialog), so the code is usually there by
 * the click. A load that fails is tried again (./screen-loading.ts), then the error reaches the route
 * error screen, which offers to reload; a later `preload` starts afresh.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | null = null;
  const preload = () => {
    loading ??= loadWithRetries(load).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const Component = lazy(async () => ({ default: await preload() }));
  return { Component, preload };
}

/**
 * True from the first time `open` is: a dialog on demand is drawn once it is wanted and stays drawn
 * after it closes, so it can animate out and keep its place for the next time.
 */
export function useWantedOnce(open: boolean): boolean {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted || open;
}

/**
 * `onDemand` for a dialog (a component with an `open` prop): nothing is drawn, and no code loaded,
 * until it first opens; while its code arrives nothing shows, then it opens. `openerProps`, spread
 * on the control that opens it, start the load when a pointer reaches or presses it or it takes the
 * focus (a failure there is not shown: opening tries again).
 */
export function onDemandDialog<Props extends { open: boolean }>(load: () => Promise<ComponentType<Props>>) {
  const { Component, preload } = onDemand(load);
  function DialogOnDemand(props: Props) {
    const wanted = useWantedOnce(props.open);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  const warm = () => void preload().catch(() => undefined);
  const openerProps = { onPointerEnter: warm, onPointerDown: warm, onFocus: warm };
  return { Dialog: DialogOnDemand, openerProps };
}

/** What a menu's own code (loaded on demand) is given to draw: Radix's DropdownMenu, controlled. */
export interface MenuOnDemandProps {
  /** The button that opens it, for `DropdownMenu.Trigger asChild`. */
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Opened from the keyboard before the menu's code was there: its first item takes the focus, as
   * Radix gives it when it sees the key itself (`MenuContent` in web/components/menu.tsx).
   */
  focusFirstItem: boolean;
}

/** Keys that open a menu from its button, as Radix's DropdownMenu.Trigger reads them. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A dropdown menu whose code (Radix's menu and Floating UI, about 30 KB compressed, and whatever its
 * items need) comes in its own chunk: the frame's and the cards' menus are opened long after the
 * first screen, if at all, so the first screen does not wait for them. Until it is first opened its
 * button is drawn alone, with the ARIA state Radix would give it; a pointer or the focus reaching it
 * starts the load. Pressing it (pointer, Enter, Space or ArrowDown) opens it: at once when its code is
 * there, else as soon as it arrives. The button is swapped for Radix's only then, so the swap never
 * takes the focus from under the keyboard: the open menu takes it, and gives it back to the new
 * button when it closes. A load that fails even after retrying closes it again (logged); the next
 * press tries afresh.
 *
 * `open` and `onOpenChange` make it controlled, as Radix's Root; the trigger must carry no handlers of
 * its own (those of its element are replaced until the code arrives).
 */
export function onDemandMenu<Props extends object>(
  load: () => Promise<ComponentType<Props & MenuOnDemandProps>>,
) {
  type Menu = ComponentType<Props & MenuOnDemandProps>;
  const { preload } = onDemand(load);
  let loaded: Menu | null = null;
  const fetchMenu = () => preload().then((menu) => (loaded = menu));
  const warm = () => void fetchMenu().catch(() => undefined);

  function MenuOnDemand({
    trigger,
    open: controlledOpen,
    onOpenChange,
    ...props
  }: Props &
    Pick<MenuOnDemandProps, 'trigger'> & { open?: boolean; onOpenChange?: (open: boolean) => void }) {
    const [ownOpen, setOwnOpen] = useState(false);
    const open = controlledOpen ?? ownOpen;
    const setOpen = useCallback(
      (next: boolean) => {
        setOwnOpen(next);
        onOpenChange?.(next);
      },
      [onOpenChange],
    );
    // A function in state is a component, so both set it through an updater.
    const [Menu, setMenu] = useState<Menu | null>(() => loaded);
    const [byKeyboard, setByKeyboard] = useState(false);

    useEffect(() => {
      if (!open || Menu) return;
      let current = true;
      fetchMenu().then(
        (menu) => current && setMenu(() => menu),
        (error: unknown) => {
          console.error('A menu could not be loaded', error);
          if (current) setOpen(false);
        },
      );
      return () => {
        current = false;
      };
    }, [open, Menu, setOpen]);

    if (Menu) {
      const change = (next: boolean) => {
        if (!next) setByKeyboard(false);
        setOpen(next);
      };
      return (
        <Menu
          {...(props as Props)}
          trigger={trigger}
          open={open}
          onOpenChange={change}
          focusFirstItem={byKeyboard}
        />
      );
    }

    const press = (keyboard: boolean) => {
      setByKeyboard(keyboard);
      if (loaded) {
        const menu = loaded;
        setMenu(() => menu);
      }
      setOpen(true);
    };
    return cloneElement(trigger, {
      type: 'button',
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'data-state': open ? 'open' : 'closed',
      onPointerEnter: warm,
      onFocus: warm,
      onPointerDown: (event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix: the menu, not its button, takes the focus.
        event.preventDefault();
        press(false);
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        press(true);
      },
      // A click with no pointer before it: assistive technology activating the button.
      onClick: (event: MouseEvent) => {
        if (event.detail === 0) press(true);
      },
    } as HTMLAttributes<HTMLElement>);
  }

  return { Menu: MenuOnDemand, preload: fetchMenu };
}
