import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** Placeholder until its own issue builds this screen. */
export function PaymentPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('placeholder.payment')} />;
}
