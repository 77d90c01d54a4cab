import { useTranslation } from 'react-i18next';
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
                <div className="flex flex-wrap items-center gap-3">
                  <h2 className="text-xl font-semibold text-slate-900">{item.title}</h2>
                  {item.important && (
                    <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-bold text-orange-900 uppercase">
                      {t('important')}
                    </span>
                  )}
                </div>
                <p className="mt-1 text-sm text-slate-500">
                  <time dateTime={item.date}>{formatDate(item.date)}</time>
                </p>
                <p className="mt-3 whitespace-pre-line text-slate-700">{item.content}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
