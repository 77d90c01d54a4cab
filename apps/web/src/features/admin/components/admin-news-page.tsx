import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../console/components/table';
import { AddNewsForm } from './add-news-form';
import { AdminNewsList } from './admin-news-list';

/**
 * /admin/news (News Management), a screen of the operator console: the
 * console's frame signs in, logs out, and shows it only to roles that may add news.
 */
export function AdminNewsPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <ScreenHeader title={t('news.title')} />
      <div className="flex max-w-4xl flex-col gap-6">
        <AddNewsForm />
        <AdminNewsList />
      </div>
    </>
  );
}
