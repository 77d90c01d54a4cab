import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const notice = (id: number, status: string, lastError: string | null) => ({
  id,
  userId: 40 + id,
  kind: 'payment_credited',
  channel: 'telegram',
  status,
  attempts: status === 'sent' ? 1 : 3,
  lastError,
  createdAt: '2026-03-02T10:00:00Z',
  sentAt: status === 'sent' ? '2026-03-02T10:00:01Z' : null,
  nextAttemptAt: '2026-03-02T10:00:00Z',
});

const NONE_YET = { waiting: 0, sent: 0, failed: 0 };

/** The notices list as the server answers it: the counts, how many chats are linked, and the notices. */
function noticesAnswer(counts: typeof NONE_YET, telegramLinked: number, notices: ReturnType<typeof notice>[] = []) {
  return jsonResponse(200, { success: true, counts, telegramLinked, notices });
}

describe('console notices', () => {
  it('shows the counts and each notice with its reason, filtered by status', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/notices': () =>
        noticesAnswer({ waiting: 1, sent: 5, failed: 1 }, 3, [
          notice(2, 'failed', 'sendMessage: 403 Forbidden: bot was blocked by the user'),
          notice(1, 'sent', null),
        ]),
    });
    renderApp('/admin/notices');
    await waitFor(() => expect(screen.getAllByTestId('notice-row')).toHaveLength(2));
    expect(screen.getByTestId('notice-counts')).toHaveTextContent(
      'Sent: 5 · Waiting: 1 · Failed: 1 · Telegram chats linked: 3',
    );
    const [failed] = screen.getAllByTestId('notice-row') as [HTMLElement];
    expect(within(failed).getByText('sendMessage: 403 Forbidden: bot was blocked by the user')).toBeInTheDocument();
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Waiting' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('status=waiting'))).toBe(true),
    );
  });

  it('a broadcast publishes the news item and says how many Telegram messages were queued', async () => {
    const fetchMock = consoleApi({
      'GET /api/admin/notices': () => noticesAnswer(NONE_YET, 2),
      'POST /api/admin/broadcast': () => jsonResponse(200, { success: true, newsId: '9', queued: 2 }),
      'GET /api/admin/telegram': () =>
        jsonResponse(200, { success: true, available: true, linked: false, getsAlerts: true }),
    });
    renderApp('/admin/notices');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Also send it by Telegram/ })).toBeChecked());
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Maintenance' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Tonight 02:00 UTC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published as news. Telegram messages queued: 2')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/admin/broadcast'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      title: 'Maintenance',
      content: 'Tonight 02:00 UTC',
      telegram: true,
    });
  });

  for (const { name, bot, linked, why } of [
    { name: 'with a bot but no linked chat', bot: true, linked: 0, why: /No customer has a linked Telegram chat/ },
    { name: 'without a bot', bot: false, linked: 3, why: /This server has no Telegram bot/ },
  ]) {
    it(`${name}, Telegram is not ticked, cannot be, and the page says why`, async () => {
      const fetchMock = consoleApi({
        'GET /api/admin/notices': () => noticesAnswer(NONE_YET, linked),
        'POST /api/admin/broadcast': () => jsonResponse(200, { success: true, newsId: '9', queued: 0 }),
        'GET /api/admin/telegram': () =>
          jsonResponse(200, { success: true, available: bot, linked: false, getsAlerts: true }),
      });
      renderApp('/admin/notices');
      const box = await screen.findByRole('checkbox', { name: /Also send it by Telegram/ });
      await waitFor(() => expect(box).toHaveAccessibleDescription(why));
      expect(box).not.toBeChecked();
      expect(box).toBeDisabled();
      fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Maintenance' } });
      fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Tonight' } });
      fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
      await screen.findByText('Published as news. Telegram messages queued: 0');
      const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/admin/broadcast'));
      expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ telegram: false });
    });
  }
});
