import { isApiError } from '../../../lib/api-error';
import { serverErrorText } from '../../../lib/api-error-text';
import { i18n } from '../../../lib/i18n';

/**
 * Login errors, one sentence per way login can fail: 404 `Login endpoint not found`, 401 `Invalid API key`,
 * 400 the server's error or `Bad request`, 500 `Server error`, any other status the server's
 * error or `Login failed`, no answer `Network error. Check server.`
 */
export function loginErrorText(error: unknown): string {
  const t = i18n.getFixedT(null, 'errors');
  const failed = () => i18n.getFixedT(null, 'auth')('login.failed');
  if (!isApiError(error)) return failed();
  if (error.kind === 'network') return t('network');
  switch (error.status) {
    case 404:
      return i18n.getFixedT(null, 'auth')('login.notFound');
    case 401:
      return t('codes.INVALID_API_KEY');
    case 400:
      return serverErrorText(error) ?? t('badRequest');
    case 500:
      return t('serverError');
    default:
      return serverErrorText(error) ?? failed();
  }
}
