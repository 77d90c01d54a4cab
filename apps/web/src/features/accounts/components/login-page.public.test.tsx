import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { PublicApp } from '../../../app/public-app';
import { i18n, initI18n } from '../../../lib/i18n';
import { PUBLIC_PAGE_NAMESPACES } from '../../../lib/public-page-namespaces';
import hiAuth from '../../../locales/hi/auth.json';
import hiErrors from '../../../locales/hi/errors.json';
import { jsonResponse, mockFetch } from '../../../../test/render-app';

// The login page as a signed-out visitor's first page: the light shell with only the page's own
// translations (src/main.tsx), without the API errors' texts, which load when one may be shown.
beforeAll(async () => {
  await initI18n('hi', { lean: true });
  await i18n.loadNamespaces(PUBLIC_PAGE_NAMESPACES['/login']);
});

async function submit(key: string) {
  render(<PublicApp initialLocation={{ pathname: '/hi/login', search: '', hash: '' }} />);
  const input = await screen.findByLabelText(hiAuth.login.keyLabel);
  if (key) await userEvent.type(input, key);
  await userEvent.click(screen.getByRole('button', { name: hiAuth.login.submit }));
}

describe('the login page as a first page, in Hindi', () => {
  it('starts without the errors texts and still shows an empty key refused in Hindi', async () => {
    expect(i18n.hasLoadedNamespace('errors')).toBe(false);
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    await submit('');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(hiErrors.codes.API_KEY_REQUIRED));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a wrong key in Hindi", async () => {
    mockFetch(() => jsonResponse(401, { success: false, error: 'Invalid API key', code: 'INVALID_API_KEY' }));
    await submit('px_wrong');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(hiErrors.codes.INVALID_API_KEY));
  });
});
