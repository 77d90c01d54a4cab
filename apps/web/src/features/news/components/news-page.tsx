import { useTranslation } from 'react-i18next';
import { NewsItemText } from '../../../components/news-item-text';
import { PageLoading } from '../../../components/page-loading';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { newestFirst, newsDateFormat } from '../../../lib/news';
import { usePublicNews } from '../api/use-public-news';

/** Public news list: important items flagged, newest first. */
export function NewsPage() {
  const { t, i18n } = useTranslation('news');
  const news = usePublicNews();
  const formatDate = newsDateFormat(i18n.language);
  const items = newestFirst(news.data ?? []);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      {news.status === 'pending' && <PageLoading />}
      {news.status === 'error' && (
        <ErrorWithRetry className="mt-6" message={t('error')} retryLabel={t('retry')} onRetry={news.refetch} />
      )}
      {news.status === 'success' && items.length === 0 && <p className="mt-6 text-slate-600">{t('empty')}</p>}
      {items.length > 0 && (
        <ul className="mt-6 flex flex-col gap-4">
          {items.map((item) => (
            <li
              key={item._id}
              className={`rounded-2xl bg-white p-6 shadow-sm ${item.important ? 'border-l-4 border-orange-500' : ''}`}
            >
              <article>
                <NewsItemText item={item} importantLabel={t('important')} formatDate={formatDate} look="page" />
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
