import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { findMenuItem } from '@web/test/dialogs';
import { MenuItem, OnDemandDropdown } from '@web/components/menu';
import { onDemandMenu, type MenuOnDemandProps } from './on-demand';

/** What a menu's own chunk draws, as the app's menus do. */
function Dropdown(menu: MenuOnDemandProps) {
  return (
    <OnDemandDropdown {...menu}>
      <MenuItem>First</MenuItem>
      <MenuItem>Second</MenuItem>
    </OnDemandDropdown>
  );
}

/** A menu on demand whose code arrives when the test lets it. */
function heldMenu() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return Dropdown;
  });
  const { Menu, preload } = onDemandMenu(load);
  const view = () => render(<Menu trigger={<button type="button">Options</button>} />);
  return { Menu, preload, load, arrive, view };
}

describe('onDemandMenu', () => {
  it('draws its button alone, as a closed menu button, and loads its code when a pointer reaches it', async () => {
    const { load, view } = heldMenu();
    view();
    const button = screen.getByRole('button', { name: 'Options' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('data-state', 'closed');
    expect(load).not.toHaveBeenCalled();
    await userEvent.setup().hover(button);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('pressed before its code is there, opens once it arrives; Escape gives the focus back to its button', async () => {
    const { arrive, view } = heldMenu();
    view();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('button', { name: 'Options' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    arrive();
    const menu = await screen.findByRole('menu');
    expect(menu).toContainElement(screen.getByRole('menuitem', { name: 'First' }));
    expect(screen.getByRole('button', { name: 'Options', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: 'Options' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('opened with Enter before its code is there, focuses its first item, as Radix does from the keyboard', async () => {
    const { arrive, view } = heldMenu();
    view();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Options' })).toHaveFocus();
    await user.keyboard('{Enter}');
    arrive();
    const first = await findMenuItem({ name: 'First' });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Second' })).toHaveFocus();
  });

  it('keeps the same button while its code arrives unasked, so the focus stays where the keyboard left it', async () => {
    const { load, arrive, view } = heldMenu();
    view();
    const user = userEvent.setup();
    await user.tab();
    const button = screen.getByRole('button', { name: 'Options' });
    expect(load).toHaveBeenCalledTimes(1);
    arrive();
    // Positive control: the code has arrived and been taken.
    await act(() => load.mock.results[0]!.value as Promise<unknown>);
    expect(screen.getByRole('button', { name: 'Options' })).toBe(button);
    expect(button).toHaveFocus();
    // Pressed now, it opens with the code that is there.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('once its code has come, a menu drawn later is Radix’s own from the start and opens on the first press', async () => {
    const { Menu, preload, arrive } = heldMenu();
    arrive();
    await preload();
    render(<Menu trigger={<button type="button">Later</button>} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Later' }));
    // No wait: Radix opened it on the press itself.
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('a code that cannot be loaded closes it again (logged), and the next press tries afresh', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return Dropdown;
    });
    const { Menu } = onDemandMenu(load);
    render(<Menu trigger={<button type="button">Options</button>} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Options' }));
    // After its retries (web/app/resilience/screen-loading.ts) the load gives up.
    await waitFor(() => expect(log).toHaveBeenCalledWith('A menu could not be loaded', expect.anything()));
    expect(screen.getByRole('button', { name: 'Options' })).toHaveAttribute('aria-expanded', 'false');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    log.mockRestore();
    warn.mockRestore();
  });
});
