import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { catalogueProxy } from '../../../../test/fixtures';
import { inEnglish } from '../../../../test/render-app';
import { PurchaseDialog } from './purchase-dialog';

inEnglish('rentals');

function openDialog(onConfirm = vi.fn()) {
  render(
    <PurchaseDialog
      open
      onOpenChange={() => undefined}
      proxies={[catalogueProxy(1, { ipqualityscore: 0 }), catalogueProxy(2, { ipqualityscore: 100 })]}
      busy={false}
      onConfirm={onConfirm}
    />,
  );
  return screen.getByRole('dialog');
}

async function setTime(dialog: HTMLElement, field: string, value: string) {
  const input = within(dialog).getByLabelText(field);
  await userEvent.clear(input);
  if (value !== '') await userEvent.type(input, value);
}

describe('a longer time for less', () => {
  it('offers a whole day for 6 hours, which cost more, and takes it with one tap', async () => {
    const onConfirm = vi.fn();
    const dialog = openDialog(onConfirm);
    expect(within(dialog).queryByText(/Longer for less/)).not.toBeInTheDocument();
    // Hours before days: with no days and no months the hours field never goes below 1.
    await setTime(dialog, 'Hours', '6');
    await setTime(dialog, 'Days', '');
    // 6 hours: 0.90 at score 0 plus 0.45 at score 100; a day: 0.75 plus 0.38.
    expect(within(dialog).getByTestId('purchase-total-price')).toHaveTextContent('$1.35');
    expect(within(dialog).getByText('Longer for less: 1 day costs $1.13.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose 1 day' }));
    expect(within(dialog).getByLabelText('Days')).toHaveValue(1);
    // The button went with the offer: focus is on the time it set.
    expect(within(dialog).getByLabelText('Days')).toHaveFocus();
    expect(within(dialog).getByLabelText('Hours')).toHaveValue(0);
    expect(within(dialog).getByTestId('purchase-total-price')).toHaveTextContent('$1.13');
    expect(within(dialog).queryByText(/Longer for less/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm purchase' }));
    expect(onConfirm).toHaveBeenCalledWith(24);
  });

  it('says nothing at 5 hours, which cost what a day does, and offers a month for 7 days', async () => {
    const dialog = openDialog();
    await setTime(dialog, 'Hours', '5');
    await setTime(dialog, 'Days', '');
    expect(within(dialog).getByTestId('purchase-total-hours')).toHaveTextContent('5 h');
    expect(within(dialog).queryByText(/Longer for less/)).not.toBeInTheDocument();
    await setTime(dialog, 'Days', '7');
    await setTime(dialog, 'Hours', '');
    expect(within(dialog).getByText('Longer for less: 1 month costs $6.75.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose 1 month' }));
    expect(within(dialog).getByLabelText('Months')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Months')).toHaveFocus();
    expect(within(dialog).getByTestId('purchase-total-hours')).toHaveTextContent('720 h');
    // Past a month, the offer names both units as the language lists them.
    await setTime(dialog, 'Days', '2');
    await setTime(dialog, 'Hours', '6');
    expect(within(dialog).getByRole('button', { name: 'Choose 1 month, 3 days' })).toBeInTheDocument();
  });

  it('names the longer time in the reader’s language', async () => {
    await i18n.changeLanguage('ru');
    await i18n.loadNamespaces('rentals');
    try {
      const dialog = openDialog();
      // 8 days and the hour the cleared days leave: a month costs less.
      await setTime(dialog, 'Дни', '8');
      expect(within(dialog).getByRole('button', { name: 'Выбрать: 1 месяц' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
