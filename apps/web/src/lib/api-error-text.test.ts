import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { apiErrorText, serverErrorText } from './api-error-text';
import { initI18n } from './i18n';

describe('the text of a failed call', () => {
  it('translates a code the app knows, in the reader language', async () => {
    await initI18n('fr');
    const refused = new ApiError('http', 402, 'Insufficient balance', 'INSUFFICIENT_BALANCE');
    expect(serverErrorText(refused)).toMatch(/^Solde insuffisant/);
    expect(apiErrorText(refused)).toMatch(/^Solde insuffisant/);
  });

  it('shows the server sentence for a code the app does not know, and the field for a refused input', async () => {
    await initI18n('en');
    expect(serverErrorText(new ApiError('http', 409, 'A newer rule refused it', 'SOME_NEW_CODE'))).toBe(
      'A newer rule refused it',
    );
    expect(serverErrorText(new ApiError('http', 400, 'body.days must be at least 1', 'BAD_REQUEST'))).toBe(
      'Bad request: body.days must be at least 1',
    );
    expect(serverErrorText(new Error('not a call'))).toBeUndefined();
    expect(apiErrorText(new ApiError('network', null))).not.toBe('');
  });
});
