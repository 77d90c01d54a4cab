import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSelect } from '../../components/language-select';

/** Frame of the signed-out pages: logo, language, login, and the footer. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <nav aria-label={t('nav.main')} className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {t('brand')}
          </Link>
          <div className="flex items-center gap-3">
            <LanguageSelect />
            <Link to="/login" className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
              {t('nav.login')}
            </Link>
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-500">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
