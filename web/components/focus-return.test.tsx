import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenu } from 'radix-ui';
import { describe, expect, it } from 'vitest';
import { findDialog, findMenuItem } from '@web/test/dialogs';
import { Dialog } from './dialog';
import { MenuContent, MenuItem } from './menu';

/** A button that opens a controlled Dialog (no Radix Trigger), as most of Hearth's dialogs are. */
function ButtonAndDialog() {
  const [open, setOpen] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Delete this post?">
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Dialog>
    </main>
  );
}

/** A "…" menu whose item opens a dialog: the item is gone once the menu closes. */
function MenuAndDialog({ modal }: { modal: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      {gone ? null : (
        <DropdownMenu.Root modal={modal}>
          <DropdownMenu.Trigger>Post options</DropdownMenu.Trigger>
          <MenuContent>
            <MenuItem onSelect={() => setOpen(true)}>Report</MenuItem>
          </MenuContent>
        </DropdownMenu.Root>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Report this post">
        <button type="button" onClick={() => setGone(true)}>
          Remove the post
        </button>
      </Dialog>
    </main>
  );
}

describe('focus returns to what opened it', () => {
  it('a Dialog closed with Escape gives focus back to its button', async () => {
    const user = userEvent.setup();
    render(<ButtonAndDialog />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await findDialog({ name: 'Delete this post?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());
  });

  it('a Dialog closed by its own Cancel button, opened from the keyboard, does the same', async () => {
    const user = userEvent.setup();
    render(<ButtonAndDialog />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus());
  });

  it('a menu closed with Escape gives focus back to its trigger', async () => {
    const user = userEvent.setup();
    render(<MenuAndDialog modal={false} />);
    screen.getByRole('button', { name: 'Post options' }).focus();
    await user.keyboard('{Enter}');
    expect(await findMenuItem({ name: 'Report' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus());
  });

  it.each([false, true])(
    'a dialog opened from a menu item (modal menu: %s) gives focus back to the menu trigger',
    async (modal) => {
      const user = userEvent.setup();
      render(<MenuAndDialog modal={modal} />);
      screen.getByRole('button', { name: 'Post options' }).focus();
      await user.keyboard('{Enter}');
      await user.click(await findMenuItem({ name: 'Report' }));
      const dialog = await findDialog({ name: 'Report this post' });
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus());
    },
  );

  it('when the opener has gone meanwhile, focus goes to the main area rather than nowhere', async () => {
    const user = userEvent.setup();
    render(<MenuAndDialog modal={false} />);
    screen.getByRole('button', { name: 'Post options' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await findMenuItem({ name: 'Report' }));
    await user.click(await screen.findByRole('button', { name: 'Remove the post' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
