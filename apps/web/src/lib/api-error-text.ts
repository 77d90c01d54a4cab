import { isApiError } from './api-error';
import enErrors from '../locales/en/errors.json';
import { i18n, type EnglishResources } from './i18n';

/** Error codes with a translation. */
const TRANSLATED_ERROR_CODES: readonly string[] = Object.keys(enErrors.codes);

type TranslatedCode = keyof EnglishResources['errors']['codes'];

function isTranslatedCode(code: string | undefined): code is TranslatedCode {
  return code !== undefined && TRANSLATED_ERROR_CODES.includes(code);
}

const errorsT = () => i18n.getFixedT(null, 'errors');

/**
 * The server's sentence for an error, in the reader's language: a known code shows its
 * translation (`errors:codes.<CODE>`), a refused request also the server's sentence naming the
 * field; a code this app does not know yet shows the server's own words (a newer server must not show
 * as a blank). Undefined when the server sent no sentence, so each screen can fall back to its own wording.
 */
export function serverErrorText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  // A refused input is explained by the server (which field, what it must be): the translated
  // "Bad request" alone would hide that, so its sentence follows the translation.
  if (error.code === 'BAD_REQUEST' && error.serverMessage) {
    return `${errorsT()('codes.BAD_REQUEST')}: ${error.serverMessage}`;
  }
  if (isTranslatedCode(error.code)) return errorsT()(`codes.${error.code}`);
  return error.serverMessage;
}

/** A one-line cause for any failed call, for messages such as `Registration error: <cause>`. */
export function apiErrorText(error: unknown): string {
  const t = errorsT();
  const fromServer = serverErrorText(error);
  if (fromServer) return fromServer;
  if (!isApiError(error)) return t('unknown');
  switch (error.kind) {
    case 'network':
      return t('network');
    case 'invalid-response':
      return t('invalidResponse');
    case 'no-key':
      return t('apiKeyNotFound');
    case 'http':
      return error.status !== null && error.status >= 500 ? t('serverError') : t('unknown');
  }
}
