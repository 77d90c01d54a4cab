import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useApiKey } from '../../../lib/session';
import { AddFundsLink } from './add-funds-link';
import { StockSummary } from './stock-summary';

/** /stock: what is for sale, open to everyone; the way in is sign-up for a visitor, funds for a customer. */
export function StockPage() {
  const { t } = useTranslation('rentals');
  const signedIn = useApiKey() !== null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('stock.pageTitle')}</h1>
      <p className="text-slate-700">{t('stock.intro')}</p>
      <div className="flex flex-wrap gap-3">
        {signedIn ? (
          <>
            <Link to="/proxy" className={buttonClass('primary')}>
              {t('stock.toCatalogue')}
            </Link>
            <AddFundsLink variant="secondary" />
          </>
        ) : (
          <Link to="/signup" className={buttonClass('primary')}>
            {t('stock.signup')}
          </Link>
        )}
      </div>
      <StockSummary />
    </div>
  );
}
