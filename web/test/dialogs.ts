import { screen, waitFor, type ByRoleOptions, type waitForOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Resolves once a pointer may reach `element` (a menu's entry; a menu may be modal or not): the
 * nearest `pointer-events` set on it or an ancestor is not `none`. Radix's modal layers (dialogs,
 * menus) register in an effect after they first draw, turning the page's pointer events off, and
 * only the render that follows gives the layer its own `pointer-events: auto`: a click that lands
 * in between is refused ("pointer-events: none"), which a slow machine makes happen.
 */
async function untilPointerReaches(element: HTMLElement, options?: waitForOptions): Promise<void> {
  await waitFor(() => {
    for (let at: HTMLElement | null = element; at; at = at.parentElement) {
      const declared = at.style.pointerEvents;
      if (declared === 'none') throw new Error(`pointer events are off at <${at.tagName.toLowerCase()}>`);
      if (declared) return;
    }
  }, options);
}

/**
 * The open modal dialog `query` names, once it takes pointer input: a modal dialog always turns the
 * page's pointer events off, so it is ready when it carries its own `pointer-events: auto`.
 */
export async function findDialog(query?: ByRoleOptions, options?: waitForOptions): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', query, options);
  await waitFor(() => expect(dialog).toHaveStyle({ pointerEvents: 'auto' }), options);
  return dialog;
}

/** The menu entry `query` names in an open menu, once it takes pointer input. */
export async function findMenuItem(query?: ByRoleOptions, options?: waitForOptions): Promise<HTMLElement> {
  const item = await screen.findByRole('menuitem', query, options);
  await untilPointerReaches(item, options);
  return item;
}
