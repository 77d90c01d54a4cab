import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, meAnswer, setupConsoleTests } from '../../../../../test/console';

setupConsoleTests();

const operator = (id: number, name: string, role: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  role,
  builtin: false,
  totpEnabled: false,
  locked: false,
  createdAt: '2026-03-01T00:00:00Z',
  lastLoginAt: null,
  ...extra,
});

describe('operators', () => {
  it('adds an operator and shows their secret code once; the list never holds one', async () => {
    const team = [operator(1, 'owner', 'owner', { builtin: true })];
    const posted: unknown[] = [];
    consoleApi({
      'GET /api/admin/operators': () => jsonResponse(200, { success: true, totpRequired: false, operators: team }),
      'POST /api/admin/operators': (init) => {
        const body = JSON.parse(String(init.body)) as { name: string; role: string };
        posted.push(body);
        team.push(operator(2, body.name, body.role));
        return jsonResponse(200, { success: true, operator: team[1], secretCode: 'op-0123456789ab-secret' });
      },
    });
    renderApp('/admin/operators');
    await userEvent.type(await screen.findByLabelText('Name'), 'Sam');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'support');
    expect(screen.getByText('Customers (read), replacements and notices (read).')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add operator' }));
    expect(await screen.findByTestId('operator-secret')).toHaveTextContent('op-0123456789ab-secret');
    expect(posted).toEqual([{ name: 'Sam', role: 'support' }]);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await userEvent.click(screen.getByRole('button', { name: 'Copy Secret code' }));
    expect(writeText).toHaveBeenCalledWith('op-0123456789ab-secret');
    expect(await screen.findByText('Secret code copied!')).toBeInTheDocument();
    vi.unstubAllGlobals();
    await waitFor(() => expect(screen.getAllByTestId('operator-row')).toHaveLength(2));
    const sam = screen.getAllByTestId('operator-row')[1] as HTMLElement;
    expect(within(sam).getByText('Support')).toBeInTheDocument();
    // The built-in owner has no remove button; Sam has one.
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
  });

  it('removes an operator after a confirmation, through their own path', async () => {
    const deleted: string[] = [];
    consoleApi({
      'GET /api/admin/operators': () =>
        jsonResponse(200, {
          success: true,
          totpRequired: false,
          operators: [operator(1, 'owner', 'owner', { builtin: true }), operator(5, 'Lee', 'manager')],
        }),
      'DELETE /api/admin/operators/5': () => {
        deleted.push('5');
        return jsonResponse(200, { success: true, id: 5 });
      },
    });
    renderApp('/admin/operators');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Lee?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual(['5']));
  });

  it('turns the authenticator requirement on, and says why the server refused', async () => {
    const sent: unknown[] = [];
    consoleApi({
      'GET /api/admin/operators': () =>
        jsonResponse(200, { success: true, totpRequired: false, operators: [operator(1, 'owner', 'owner')] }),
      'POST /api/admin/totp/policy': (init) => {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse(403, {
          success: false,
          error: 'Set up an authenticator app before using the console.',
          code: 'TOTP_ENROLMENT_REQUIRED',
        });
      },
    });
    renderApp('/admin/operators');
    const box = await screen.findByLabelText('Require an authenticator app of every operator');
    // The signed-in owner has no app of their own: the box says so before it is ticked.
    expect(box).toHaveAccessibleDescription(
      'You have no authenticator app yet: set up your own first, then you can require it of everyone. My account',
    );
    expect(within(screen.getByTestId('totp-own-hint')).getByRole('link', { name: 'My account' })).toHaveAttribute(
      'href',
      '/admin/security',
    );
    await userEvent.click(box);
    await waitFor(() => expect(sent).toEqual([{ required: true }]));
    expect(
      await screen.findByText(
        'Set up your own authenticator app first (My account), then require it of every operator.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Set up an authenticator app before using the console.')).toBeNull();
  });

  it('gives an owner who has an app of their own no such hint', async () => {
    consoleApi({
      'GET /api/admin/me': () => meAnswer({ totpEnabled: true }),
      'GET /api/admin/operators': () =>
        jsonResponse(200, { success: true, totpRequired: false, operators: [operator(1, 'owner', 'owner')] }),
    });
    renderApp('/admin/operators');
    expect(
      await screen.findByLabelText('Require an authenticator app of every operator'),
    ).not.toHaveAccessibleDescription();
    expect(screen.queryByTestId('totp-own-hint')).toBeNull();
  });

  it('marks a locked operator and unlocks them through their own path', async () => {
    let locked = true;
    const unlocked: string[] = [];
    consoleApi({
      'GET /api/admin/operators': () =>
        jsonResponse(200, {
          success: true,
          totpRequired: false,
          operators: [operator(1, 'owner', 'owner', { builtin: true }), operator(6, 'Vic', 'finance', { locked })],
        }),
      'POST /api/admin/operators/6/unlock': () => {
        unlocked.push('6');
        locked = false;
        return jsonResponse(200, { success: true, id: 6 });
      },
    });
    renderApp('/admin/operators');
    const vic = (await screen.findByText('Vic')).closest('tr') as HTMLElement;
    expect(within(vic).getByTestId('operator-locked')).toHaveTextContent('Locked');
    await userEvent.click(within(vic).getByRole('button', { name: 'Unlock Vic' }));
    expect(await screen.findByText('Vic can log in again.')).toBeInTheDocument();
    expect(unlocked).toEqual(['6']);
    await waitFor(() => expect(screen.queryByTestId('operator-locked')).not.toBeInTheDocument());
  });

  it("shows the server's reason when it refuses a name, not only 'Bad request'", async () => {
    consoleApi({
      'GET /api/admin/operators': () =>
        jsonResponse(200, { success: true, totpRequired: false, operators: [operator(1, 'owner', 'owner')] }),
      'POST /api/admin/operators': () =>
        jsonResponse(400, {
          success: false,
          error: 'name may hold letters, digits, spaces and . _ - only',
          code: 'BAD_REQUEST',
        }),
    });
    renderApp('/admin/operators');
    await userEvent.type(await screen.findByLabelText('Name'), 'Sam <b>');
    await userEvent.click(screen.getByRole('button', { name: 'Add operator' }));
    expect(
      await screen.findByText('Bad request: name may hold letters, digits, spaces and . _ - only', { exact: false }),
    ).toBeInTheDocument();
  });
});
