import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { usePublicPath } from '../../lib/localized-path';
import { AppLink as Link } from '../../lib/nav';

/** The logo and the shop's name at the start of a header, leading to the landing page. */
export function BrandLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const to = usePublicPath();
  return (
    <Link to={to('/')} className={cn('flex items-center gap-2 text-lg font-bold text-brand-700', className)}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {t('brand')}
    </Link>
  );
}
