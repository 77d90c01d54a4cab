import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { MenuSheet } from '../../../components/ui/menu-sheet';
import { cn } from '../../../lib/cn';
import { useAdminMe } from '../api/admin-me';
import { AdminGate, useAdminLogout } from '../components/admin-gate';
import { screenOfPath, screensFor } from '../lib/role-screens';
import { QueryState } from './components/query-state';

/**
 * Frame of the operator console: the admin login, then a navigation bar over the
 * screen. NavLink marks the current screen with aria-current="page". On a phone the links, the
 * operator's name and log-out move into a menu behind one button, so the screen starts at once.
 */
export function ConsoleLayout() {
  return (
    <AdminGate>
      <ConsoleFrame />
    </AdminGate>
  );
}

function ConsoleFrame() {
  const { t } = useTranslation('console');
  const logout = useAdminLogout();
  const me = useAdminMe();
  const { pathname } = useLocation();
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
      isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-brand-50',
    );

  if (!me.data) {
    return (
      <main className="mx-auto max-w-7xl px-4 py-6">
        <QueryState error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  const screens = screensFor(me.data);
  const current = screenOfPath(pathname);
  // A screen outside the role (a bookmark, a typed address) leads to the first one it may use.
  if (!current || !screens.some((screen) => screen.key === current.key)) {
    const first = screens[0];
    return first ? <Navigate to={first.to} replace /> : null;
  }
  const { operator } = me.data;

  const links = (onPick?: () => void) => (
    <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap md:items-center">
      {screens.map(({ to, key, end }) => (
        <li key={key}>
          <NavLink to={to} end={end} className={link} onClick={onPick}>
            {t(`nav.${key}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  const logoutButton = (
    <button
      type="button"
      onClick={() => void logout()}
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {t('nav.logout')}
    </button>
  );
  const menuButton = (
    <button
      type="button"
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span aria-hidden>☰ </span>
      {t('nav.menu')}
    </button>
  );
  const signedInAs = t('nav.signedInAs', { name: operator.name, role: t(`roles.${operator.role}`) });

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        {/* Wider screens: the title, the operator and Log out on the first row, the links on a row
            of their own below, where all of them fit on one line at 1,280 px in every language. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 md:grid md:grid-cols-[auto_minmax(0,1fr)_auto]">
          <p className="shrink-0 font-bold text-brand-700">{t('title')}</p>
          <nav aria-label={t('nav.label')} className="hidden min-w-0 flex-1 md:col-span-3 md:row-start-2 md:block">
            {links()}
          </nav>
          <p
            className="hidden min-w-0 text-sm break-words text-slate-700 md:block md:text-right"
            data-testid="signed-in-as"
          >
            {signedInAs}
          </p>
          <div className="hidden shrink-0 md:block">{logoutButton}</div>
          {/* Phones: the current screen's name, and everything else behind the menu button. The
              name has a line of its own under the title: beside it, "Registro de auditoría" or
              "Reemplazos" broke inside words, and cut short it said "Operado…". */}
          <p
            className="order-last min-w-0 basis-full text-sm font-medium break-words text-slate-800 md:hidden"
            data-testid="current-screen"
            aria-hidden
          >
            {t(`nav.${current.key}`)}
          </p>
          <MenuSheet className="md:hidden" title={t('title')} closeLabel={t('nav.closeMenu')} trigger={menuButton}>
            {(close) => (
              <>
                <nav aria-label={t('nav.mobileLabel')}>{links(close)}</nav>
                <p className="text-sm break-words text-slate-700">{signedInAs}</p>
                <div>{logoutButton}</div>
              </>
            )}
          </MenuSheet>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        {/* Each screen is its own chunk: the frame stays while the next one loads. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
