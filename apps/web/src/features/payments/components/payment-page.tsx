import { POLLING_MS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { copyText } from '../../../lib/copy-text';
import { referralLink } from '../../../lib/config';
import { getReferralCode } from '../../../lib/session';
import { sharedKeys } from '../../../lib/query-keys';
import { usePaymentHistory } from '../api/get-payment-history';
import { paymentKeys } from '../api/keys';
import { CreatePaymentForm } from './create-payment-form';
import { GiftcardForm } from './giftcard-form';
import { PaymentHistoryTabs } from './payment-history-tabs';
import { usePaymentPolling } from './use-payment-polling';
import { CardSection } from '../../../components/card-section';

/** Payments (/payment): top-ups, gift cards and the history of both. */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const history = usePaymentHistory();
  const refresh = () => {
    // A settled payment changes the balance, and with it the catalogue's "not enough" answer.
    void queryClient.invalidateQueries({ queryKey: sharedKeys.wallet() });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.history() });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.rentals() });
  };
  const polling = usePaymentPolling(history.data, {
    onPaid: () => {
      toast.success(t('status.paid'));
      refresh();
    },
    onFailed: () => {
      toast.error(t('status.failed'));
      void queryClient.invalidateQueries({ queryKey: paymentKeys.history() });
    },
  });

  const code = getReferralCode();
  const copyReferral = async () => {
    if (!code) {
      toast.error(t('referral.none'));
      return;
    }
    if (await copyText(referralLink(code))) toast.success(t('referral.copied'));
    else toast.error(t('referral.failed'));
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <CardSection id="payment-create" title={t('create.title')} headingClassName="mb-4 text-lg font-semibold">
          <CreatePaymentForm
            pending={polling.watching}
            onCreated={(uuid) => {
              polling.watch(uuid);
              void queryClient.invalidateQueries({ queryKey: paymentKeys.history() });
            }}
          />
          {polling.watching.length > 0 && (
            <p role="status" className="mt-3 text-sm text-slate-600">
              {t('status.waiting', { count: polling.watching.length, seconds: POLLING_MS.paymentStatus / 1000 })}
            </p>
          )}
        </CardSection>
        <div className="flex flex-col gap-6">
          <CardSection id="payment-giftcard" title={t('giftcard.title')} headingClassName="mb-4 text-lg font-semibold">
            <GiftcardForm />
          </CardSection>
          <CardSection id="payment-referral" title={t('referral.title')}>
            <p className="mt-1 text-sm text-slate-600">{t('referral.hint')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void copyReferral()}>
              {t('referral.copy')}
            </Button>
          </CardSection>
        </div>
      </div>
      <CardSection id="payment-history" title={t('history.title')} headingClassName="mb-4 text-lg font-semibold">
        <PaymentHistoryTabs />
      </CardSection>
    </div>
  );
}
