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

  it('offers to write to an e-mail address, and lets a narrow screen break it only after "@"', async () => {
    mockFetch((path) =>
      path === '/api/site'
        ? jsonResponse(200, { success: true, supportContact: 'support@proxyport.example' })
        : jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderApp('/support');
    const address = await screen.findByRole('button', { name: 'support@proxyport.example' });
    expect(address).not.toHaveClass('break-all');
    expect(address.querySelectorAll('wbr')).toHaveLength(1);
    expect(address.firstChild?.textContent).toBe('support@');
    expect(screen.getByRole('link', { name: 'Write an e-mail' })).toHaveAttribute(
      'href',
      'mailto:support@proxyport.example',
    );
  });

  it('offers no e-mail link for a contact that is not an e-mail address', async () => {
    mockFetch((path) =>
      path === '/api/site'
        ? jsonResponse(200, { success: true, supportContact: '@proxyport_help' })
        : jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderApp('/support');
    expect(await screen.findByRole('button', { name: '@proxyport_help' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Write an e-mail' })).not.toBeInTheDocument();
  });

  it('says so when the address cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { success: false, error: 'boom', code: 'INTERNAL' }));
    renderApp('/support');
    expect(await screen.findByRole('alert')).toHaveTextContent('The address could not be loaded.');
  });
});
