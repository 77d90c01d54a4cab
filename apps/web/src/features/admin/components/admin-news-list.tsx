import type { NewsItem } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { NewsItemText } from '../../../components/news-item-text';
import { PageLoading } from '../../../components/page-loading';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { newestFirst, newsDateFormat } from '../../../lib/news';
import { useNews } from '../api/get-news';
import { useDeleteNews } from '../api/delete-news';

/** The published news, newest first, each with Delete behind a confirmation. */
export function AdminNewsList() {
  const { t, i18n } = useTranslation('admin');
  const headingId = useId();
  const news = useNews();
  const [pending, setPending] = useState<NewsItem | null>(null);
  const formatDate = newsDateFormat(i18n.language);
  const items = newestFirst(news.data ?? []);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t('news.list.title')}
      </h2>
      {news.isPending && <PageLoading />}
      {news.isError && (
        <ErrorWithRetry
          className="mt-4"
          message={t('news.list.error')}
          retryLabel={t('news.list.retry')}
          onRetry={() => void news.refetch()}
        />
      )}
      {news.isSuccess && items.length === 0 && <p className="mt-4 text-slate-600">{t('news.list.empty')}</p>}
      {items.length > 0 && (
        <ul className="mt-4 flex flex-col gap-4">
          {items.map((item) => (
            <li
              key={item._id}
              className={`rounded-xl border border-slate-200 p-4 ${item.important ? 'border-l-4 border-l-orange-500' : ''}`}
            >
              <article className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <NewsItemText
                    item={item}
                    importantLabel={t('news.list.important')}
                    formatDate={formatDate}
                    look="editor"
                  />
                </div>
                <Button
                  variant="secondary"
                  className="shrink-0 self-start"
                  aria-label={t('news.list.deleteLabel', { title: item.title })}
                  onClick={() => setPending(item)}
                >
                  {t('news.list.delete')}
                </Button>
              </article>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDelete item={pending} onClose={() => setPending(null)} />
    </section>
  );
}

/** Nothing is deleted until the operator confirms here. */
function ConfirmDelete({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useDeleteNews({
    mutationConfig: {
      onSuccess: () => {
        toast.success(t('news.deleted'));
        onClose();
      },
      onError: () => {
        toast.error(t('news.deleteFailed'));
        onClose();
      },
    },
  });
  return (
    <ConfirmDialog
      open={item !== null}
      onCancel={onClose}
      title={t('news.confirm.title')}
      description={t('news.confirm.text', { title: item?.title ?? '' })}
      closeLabel={t('news.confirm.close')}
      cancelLabel={t('news.confirm.cancel')}
      confirmLabel={remove.isPending ? t('news.confirm.deleting') : t('news.confirm.delete')}
      onConfirm={() => item && remove.mutate(item._id)}
      pending={remove.isPending}
    />
  );
}
