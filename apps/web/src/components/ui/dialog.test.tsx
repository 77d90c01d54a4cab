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

/**
 * A list whose Refund button goes once its dialog confirms, as after a refund; with `wholeList`,
 * the confirmation takes the whole list away, as when the screen changes.
 */
function RefundList({ wholeList = false }: { wholeList?: boolean }) {
  const [open, setOpen] = useState(false);
  const [refunded, setRefunded] = useState(false);
  return (
    <main>
      <button type="button">Top of the page</button>
      {!(wholeList && refunded) && (
        <ul aria-label="Rentals">
          <li>Proxy 3 {!refunded && <button onClick={() => setOpen(true)}>Refund</button>}</li>
        </ul>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Refund proxy 3?" closeLabel="Close">
        <button
          type="button"
          onClick={() => {
            setRefunded(true);
            setOpen(false);
          }}
        >
          Request refund
        </button>
      </Dialog>
    </main>
  );
}

describe('dialog focus', () => {
  it('gives focus to the row of an opener its action removed, not to the page', async () => {
    const user = userEvent.setup();
    render(<RefundList />);
    screen.getByRole('button', { name: 'Refund' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Refund proxy 3?' });
    await user.click(screen.getByRole('button', { name: 'Request refund' }));
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    const row = screen.getByRole('listitem');
    expect(row).toHaveFocus();
    // Reachable by script only: the row did not join the Tab order, and leaves no trace.
    expect(row).toHaveAttribute('tabindex', '-1');
    // Going on goes on from the row: back a step is the control before it.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Top of the page' })).toHaveFocus();
    expect(row).not.toHaveAttribute('tabindex');
  });

  it('leaves focus to the page when nothing around the opener is left', async () => {
    const user = userEvent.setup();
    render(<RefundList wholeList />);
    screen.getByRole('button', { name: 'Refund' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Request refund' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(document.body).toHaveFocus();
    expect(screen.getByRole('main')).not.toHaveAttribute('tabindex');
  });

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
