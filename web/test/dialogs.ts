import { screen, waitFor, type ByRoleOptions, type waitForOptions } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open modal dialog `query` names, once it takes pointer input. Radix registers a modal's layer
 * in an effect after the dialog first draws, and only the render that follows gives the dialog its
 * own `pointer-events: auto` over the page's `none`: a click that lands in between is refused
 * ("pointer-events: none"), which a slow machine makes happen.
 */
export async function findDialog(query?: ByRoleOptions, options?: waitForOptions): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', query, options);
  await waitFor(() => expect(dialog).toHaveStyle({ pointerEvents: 'auto' }), options);
  return dialog;
}
