import { REFUND_REQUEST_WINDOW_HOURS, REFUND_UNAVAILABLE_WINDOW_HOURS } from '@portal/contract';
import { isApiError } from './api-error';
import { i18n, type EnglishResources } from './i18n';

type TranslatedCode = keyof EnglishResources['errors']['codes'];

/**
 * Asked of the loaded `errors` texts rather than of a bundled list: the app would otherwise carry
 * the English file in every language's download. `errors` loads before the app starts, and every
 * language has the same codes (the locale tests compare them).
 */
function isTranslatedCode(code: string | undefined): code is TranslatedCode {
  return code !== undefined && i18n.exists(`codes.${code}`, { ns: 'errors' });
}

const errorsT = () => i18n.getFixedT(null, 'errors');

/** The figures the codes' sentences state, the ones the server's own English sentences hold. */
const CODE_VALUES = {
  unavailableHours: REFUND_UNAVAILABLE_WINDOW_HOURS,
  requestHours: REFUND_REQUEST_WINDOW_HOURS,
};

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
  if (isTranslatedCode(error.code)) return errorsT()(`codes.${error.code}`, CODE_VALUES);
  return error.serverMessage;
}

/**
 * A reason the server recorded by its code (an automatic renewal's failure), in the reader's
 * language; `sentence`, the server's English, when the code is unknown here or none was kept.
 */
export function recordedReasonText(code: string | null, sentence: string): string {
  return code !== null && isTranslatedCode(code) ? errorsT()(`codes.${code}`, CODE_VALUES) : sentence;
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
