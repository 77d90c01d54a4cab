import { formatDollars, type PublicPage } from '@portal/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BrandLink } from './brand-link';
import { LanguageSelect } from '../../components/language-select';
import { MenuSheet } from '../../components/ui/menu-sheet';
import { toast } from 'sonner';
import { isApiError } from '../../lib/api-error';
import { cn } from '../../lib/cn';
import { usePublicPath } from '../../lib/localized-path';
import { endSession } from '../../lib/session';
import { useWallet } from '../../lib/wallet';
import { logout } from '../../features/accounts/api/logout';
import { RenewalWarning } from '../../features/rentals/components/renewal-warning';

const LINKS = ['account', 'proxy', 'history', 'payment', 'support', 'news', 'terms'] as const;
/** The storefront pages among them keep the language's address. */
const PUBLIC_LINKS: Partial<Record<(typeof LINKS)[number], PublicPage>> = {
  support: '/support',
  news: '/news',
  terms: '/terms',
};

/** Header of signed-in users: links, balance, language, logout, mobile menu. */
export function AppHeader() {
  const { t } = useTranslation();
  const to = usePublicPath();
  const href = (name: (typeof LINKS)[number]) => {
    const page = PUBLIC_LINKS[name];
    return page ? to(page) : `/${name}`;
  };
  const wallet = useWallet();
  const balance = formatDollars(wallet.data);
  useWalletErrorToast(wallet.error);

  async function onLogout(closeMenu?: () => void) {
    closeMenu?.();
    await logout();
    endSession('loggedOut');
  }

  const navLink = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
      isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50',
    );

  const logoutButton = (className: string, closeMenu?: () => void) => (
    <button
      type="button"
      onClick={() => void onLogout(closeMenu)}
      className={cn(
        'rounded-md border border-slate-300 text-sm font-medium text-slate-800 hover:bg-slate-100',
        className,
      )}
    >
      {t('nav.logout')}
    </button>
  );

  const menuButton = (
    <button
      type="button"
      aria-label={t('nav.openMenu')}
      className="rounded-md border border-slate-300 p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="size-5" stroke="currentColor" strokeWidth={2}>
        <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
      </svg>
    </button>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2">
        <BrandLink className="shrink-0" />
        <nav aria-label={t('nav.main')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {LINKS.map((name) => (
              <li key={name}>
                <NavLink to={href(name)} className={navLink}>
                  {t(`nav.${name}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <p className="rounded-md bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-900">
            <span className="sr-only">{t('nav.balance')}: </span>
            <span data-testid="wallet-balance">{balance}</span>
          </p>
          <div className="hidden lg:flex lg:items-center lg:gap-2">
            <LanguageSelect />
            {logoutButton('px-3 py-1.5 focus-visible:outline-2 focus-visible:outline-brand-600')}
          </div>
          <MenuSheet className="lg:hidden" title={t('nav.menu')} closeLabel={t('nav.closeMenu')} trigger={menuButton}>
            {(close) => (
              <>
                <nav aria-label={t('nav.main')}>
                  <ul className="flex flex-col gap-1">
                    {LINKS.map((name) => (
                      <li key={name}>
                        <NavLink to={href(name)} className={(state) => cn(navLink(state), 'block')} onClick={close}>
                          {t(`nav.${name}`)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                <LanguageSelect />
                {logoutButton('px-3 py-2 text-left', close)}
              </>
            )}
          </MenuSheet>
        </div>
      </div>
      <RenewalWarning className="border-t border-amber-200 bg-amber-50 px-4 py-1.5 text-center text-sm text-amber-900" />
    </header>
  );
}

/**
 * A wallet that cannot be shown says why: `Invalid wallet response` / `Error updating wallet`. A 401
 * or a missing key has already ended the session with its own message, so it is not repeated here.
 */
function useWalletErrorToast(error: Error | null) {
  // `common`, not `account`: the header sits outside the page's Suspense and must never wait.
  const { t } = useTranslation();
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && (error.kind === 'no-key' || error.status === 401)) return;
    const invalid = isApiError(error) && error.kind === 'invalid-response';
    toast.error(invalid ? t('wallet.invalid') : t('wallet.updateFailed'), { id: 'wallet-error' });
  }, [error, t]);
}
