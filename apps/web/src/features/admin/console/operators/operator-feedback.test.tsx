import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../../../test/render-app';
import { consoleApi, setupConsoleTests, teamMember } from '../../../../../test/console';

setupConsoleTests();

const owner = teamMember();

describe('adding an operator', () => {
  it("shows the API's explanation of a refused name, not only Bad request", async () => {
    const explanation = 'Invalid name: name must be 1 to 40 letters, digits, spaces, dots, dashes or underscores';
    consoleApi({
      'GET /api/admin/operators': () => jsonResponse(200, { success: true, totpRequired: false, operators: [owner] }),
      'POST /api/admin/operators': () => jsonResponse(400, { success: false, error: explanation, code: 'BAD_REQUEST' }),
    });
    renderApp('/admin/operators');
    await userEvent.type(await screen.findByLabelText('Name'), 'Sam!');
    await userEvent.click(screen.getByRole('button', { name: 'Add operator' }));
    expect(await screen.findByText(`Bad request: ${explanation}`)).toBeInTheDocument();
  });

  it('copies the one-time secret code with a button', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    consoleApi({
      'GET /api/admin/operators': () => jsonResponse(200, { success: true, totpRequired: false, operators: [owner] }),
      'POST /api/admin/operators': () =>
        jsonResponse(200, {
          success: true,
          operator: { ...owner, id: 2, name: 'Sam', role: 'support', builtin: false },
          secretCode: 'op-0123456789ab-secret',
        }),
    });
    renderApp('/admin/operators');
    await userEvent.type(await screen.findByLabelText('Name'), 'Sam');
    await userEvent.click(screen.getByRole('button', { name: 'Add operator' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Copy Secret code' }));
    expect(writeText).toHaveBeenCalledWith('op-0123456789ab-secret');
    expect(await screen.findByText('Secret code copied!')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
