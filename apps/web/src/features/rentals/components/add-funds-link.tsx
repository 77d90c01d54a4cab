import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/** The way to the payment page, wherever the balance stands between a customer and a proxy. */
export function AddFundsLink({ variant }: { variant: 'primary' | 'secondary' }) {
  const { t } = useTranslation('rentals');
  return (
    <Link to="/payment" className={buttonClass(variant)}>
      {t('notEnough.addFunds')}
    </Link>
  );
}

/** Too small a balance for the list: add funds, or first see what they would buy. */
export function NotEnoughLinks() {
  const { t } = useTranslation('rentals');
  return (
    <div className="mt-4 flex flex-wrap justify-center gap-3">
      <AddFundsLink variant="primary" />
      {/* What the funds would buy, before the list itself opens. */}
      <Link to="/stock" className={buttonClass('secondary')}>
        {t('stock.pageTitle')}
      </Link>
    </div>
  );
}
