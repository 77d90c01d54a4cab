import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyRow } from './copy-row';

describe('an address with its Copy button', () => {
  it('gives the address a line of its own on a phone, breaking only between its parts', async () => {
    const onCopy = vi.fn();
    render(
      <CopyRow
        label="Own port"
        text="127.0.0.1:18600"
        copyLabel="Copy the own port address"
        copyText="Copy"
        onCopy={onCopy}
      />,
    );
    const address = screen.getByText('127.0.0.1:18600');
    // Second row, across both columns, below the label and the button; one line with them from `sm`.
    expect(address).toHaveClass('col-span-2', 'row-start-2', 'min-w-0', 'sm:col-span-1', 'sm:row-start-1');
    expect(address).not.toHaveClass('break-all');
    expect(address.querySelectorAll('wbr')).toHaveLength(1);
    // The grid's address column may shrink below its content instead of pushing the button out.
    expect(screen.getByTestId('copy-row').className).toMatch(/grid-cols-\[minmax\(0,1fr\)_auto\]/);
    await userEvent.click(screen.getByRole('button', { name: 'Copy the own port address' }));
    expect(onCopy).toHaveBeenCalledWith('127.0.0.1:18600');
  });
});
