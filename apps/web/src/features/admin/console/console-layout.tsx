import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AdminGate } from '../components/admin-gate';

/** Frame of the operator console; its navigation and screens come with the console work. */
export function ConsoleLayout() {
  const { t } = useTranslation('console');
  return (
    <AdminGate>
      <h1 className="p-6 text-2xl font-bold">{t('title')}</h1>
      <Outlet />
    </AdminGate>
  );
}
