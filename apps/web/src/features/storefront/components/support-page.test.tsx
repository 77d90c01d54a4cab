import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { inEnglish, jsonResponse, mockFetch, renderApp } from '../../../../test/render-app';

inEnglish('support');

describe('support page', () => {
  it('shows and copies the address the server is configured with, not one built in', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    mockFetch((path) =>
      path === '/api/site'
        ? jsonResponse(200, { success: true, supportContact: 'help@runtime.example' })
        : jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderApp('/support');
    await userEvent.click(await screen.findByRole('button', { name: 'help@runtime.example' }));
    expect(writeText).toHaveBeenCalledWith('help@runtime.example');
    expect(await screen.findByText('Address copied!')).toBeInTheDocument();
  });

  it('says so when the address cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { success: false, error: 'boom', code: 'INTERNAL' }));
    renderApp('/support');
    expect(await screen.findByRole('alert')).toHaveTextContent('The address could not be loaded.');
  });
});
