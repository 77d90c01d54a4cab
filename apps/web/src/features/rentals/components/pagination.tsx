import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export function Pagination({
  page,
  pageCount,
  onPage,
  label,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation('rentals');
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <span className="text-sm tabular-nums text-slate-700">{t('pagination.page', { page, pageCount })}</span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
