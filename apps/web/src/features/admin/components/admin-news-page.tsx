import { newsAddEndpoint } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { useAdminMe } from '../api/admin-me';
import { mayCall } from '../lib/role-screens';
import { AddNewsForm } from './add-news-form';
import { AdminGate, useAdminLogout } from './admin-gate';
import { AdminNewsList } from './admin-news-list';

/** /admin/news (the product spec): 'Admin Access', then 'News Management'. */
export function AdminNewsPage() {
  return (
    <AdminGate>
      <NewsManagement />
    </AdminGate>
  );
}

function NewsManagement() {
  const { t } = useTranslation('admin');
  const logout = useAdminLogout();
  // News belongs to the owner and managers; other operators are pointed back to their console.
  const me = useAdminMe();
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{t('news.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin" className={buttonClass('secondary')}>
            {t('news.console')}
          </Link>
          <Button variant="secondary" onClick={() => void logout()}>
            {t('logout')}
          </Button>
        </div>
      </div>
      {me.data && !mayCall(me.data.operator.role, newsAddEndpoint) ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          {t('news.notForRole')}
        </p>
      ) : (
        <>
          <AddNewsForm />
          <AdminNewsList />
        </>
      )}
    </main>
  );
}
