import { STORAGE_KEYS } from '@portal/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

beforeAll(async () => {
  await initI18n('en');
  // Load the screen's chunk before the fake clock starts.
  await import('./account-page');
});

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  mockFetch(() => jsonResponse(200, { success: true, wallet: 12.5 }));
});

afterEach(() => {
  vi.useRealTimers();
});

/** The page renders on the real clock; the fake one starts at the click, to step through the 3 s. */
async function click(name: string) {
  const button = await screen.findByRole('button', { name });
  vi.useFakeTimers();
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('account copy messages', () => {
  it('shows "API key copied!" for 3 seconds', async () => {
    renderApp('/account', { apiKey: 'px_secret' });
    await click('Copy API key');
    expect(writeText).toHaveBeenCalledWith('px_secret');
    expect(screen.getByText('API key copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByText('API key copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('API key copied!')).not.toBeInTheDocument();
  });

  it('copies the referral link /signup?ref=<code> of this site', async () => {
    localStorage.setItem(STORAGE_KEYS.referralCode, 'own code');
    renderApp('/account', { apiKey: 'px_secret' });
    expect(await screen.findByText(`${window.location.origin}/signup?ref=own%20code`)).toBeInTheDocument();
    await click('Copy referral link');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/signup?ref=own%20code`);
    expect(screen.getByText('Referral link copied!')).toBeInTheDocument();
  });

  it('says "Failed to copy API key" when the browser refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderApp('/account', { apiKey: 'px_secret' });
    await click('Copy API key');
    expect(screen.getByText('Failed to copy API key')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByText('Failed to copy API key')).not.toBeInTheDocument();
  });

  it('shows the no-referral-link message without a referral code', async () => {
    renderApp('/account', { apiKey: 'px_secret' });
    expect(await screen.findByText(/No referral link yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy referral link' })).not.toBeInTheDocument();
  });

  it('shows the balance with two decimals', async () => {
    renderApp('/account', { apiKey: 'px_secret' });
    expect(await screen.findByText('$12.50', { selector: 'p.text-3xl' })).toBeInTheDocument();
  });
});
