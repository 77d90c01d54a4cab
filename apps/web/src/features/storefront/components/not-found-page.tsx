import { DEFAULT_LANGUAGE, localizedPath } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { isLanguage } from '../../../lib/i18n';
import { AppLink } from '../../../lib/nav';
import { useApiKey } from '../../../lib/session';

/**
 * What an address no page answers shows, inside the usual header and footer, in the language on
 * screen (the frame follows a `/ru/…` prefix): the server sends it with status 404.
 */
export function NotFoundPage() {
  const { t, i18n } = useTranslation('meta');
  const signedIn = useApiKey() !== null;
  const home = localizedPath(isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE, '/');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-4 text-slate-700">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <AppLink to={home} className={buttonClass(signedIn ? 'secondary' : 'primary')}>
          {t('notFound.home')}
        </AppLink>
        {signedIn && (
          <AppLink to="/proxy" className={buttonClass('primary')}>
            {t('notFound.catalogue')}
          </AppLink>
        )}
      </div>
    </div>
  );
}
