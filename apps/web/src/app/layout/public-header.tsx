import { useTranslation } from 'react-i18next';
import { BrandLink } from './brand-link';
import { LanguageSelect } from '../../components/language-select';
import { cn } from '../../lib/cn';
import { usePublicPath } from '../../lib/localized-path';
import { AppLink as Link, AppNavLink as NavLink } from '../../lib/nav';

/** Header of signed-out visitors: logo, the public pages, language, login and sign-up. */
export function PublicHeader() {
  const { t } = useTranslation();
  const to = usePublicPath();
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-2 py-1.5 text-sm font-medium hover:bg-brand-50',
      isActive ? 'text-brand-900 underline' : 'text-slate-700',
    );
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
      >
        <BrandLink />
        <div className="flex flex-wrap items-center gap-1 sm:gap-2">
          <NavLink to={to('/news')} className={link}>
            {t('nav.news')}
          </NavLink>
          <NavLink to={to('/terms')} className={(state) => cn(link(state), 'hidden sm:inline-block')}>
            {t('nav.terms')}
          </NavLink>
          <LanguageSelect />
          <Link
            to={to('/login')}
            className="rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {t('nav.login')}
          </Link>
        </div>
      </nav>
    </header>
  );
}
