import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A page that opens the dialog from state, as every screen of the app does. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Manage
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Proxy 3" closeLabel="Close">
        <button type="button">Inside</button>
      </Dialog>
    </>
  );
}

describe('dialog focus', () => {
  it('gives focus back to the button that opened it after Escape', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const manage = screen.getByRole('button', { name: 'Manage' });
    await user.tab();
    await user.tab();
    expect(manage).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Proxy 3' })).toBeInTheDocument();
    expect(manage).not.toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(manage).toHaveFocus();
  });

  it('gives focus back after the × is pressed from the keyboard, and again on a second opening', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const manage = screen.getByRole('button', { name: 'Manage' });
    for (let round = 0; round < 2; round += 1) {
      manage.focus();
      await user.keyboard(' ');
      const dialog = await screen.findByRole('dialog', { name: 'Proxy 3' });
      screen.getByRole('button', { name: 'Close' }).focus();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(manage).toHaveFocus();
    }
  });
});
