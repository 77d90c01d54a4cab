import { MIN_DEPOSIT_USD } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ExternalLinkLine } from '../../../components/ui/external-link-line';
import { Labelled } from '../../../components/ui/labelled';
import { serverErrorText } from '../../../lib/api-error-text';
import { IncompletePaymentError, useCreatePayment } from '../api/create-payment';
import { usePaymentServices } from '../api/get-payment-services';

const field =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * Create payment: method from the services list, whole dollars of at least 1,
 * Pay Now. The returned url opens in a new tab; the tab is opened on the click itself, because
 * browsers block windows opened later, after the answer arrives.
 *
 * "Waiting for your payment" with its link shows only while that payment is among `pending`
 * (the ones still polled): once paid or failed, waiting for it would be untrue.
 */
export function CreatePaymentForm({
  onCreated,
  pending,
}: {
  onCreated: (uuid: string) => void;
  pending: readonly string[];
}) {
  const { t } = useTranslation('payments');
  const services = usePaymentServices();
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('10');
  const [created, setCreated] = useState<{ uuid: string; url: string } | null>(null);
  const openUrl = created && pending.includes(created.uuid) ? created.url : null;
  const chosen = method || services.data?.[0] || '';
  const create = useCreatePayment();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = Number(amount);
    if (!Number.isInteger(dollars) || dollars < MIN_DEPOSIT_USD || !chosen) return;
    const tab = window.open('', '_blank');
    create.mutate(
      { amount: dollars, currency: chosen },
      {
        onSuccess: ({ uuid, url }) => {
          onCreated(uuid);
          setCreated({ uuid, url });
          if (tab) {
            tab.opener = null;
            tab.location.href = url;
          }
          toast.info(t('create.created'));
        },
        onError: (error) => {
          tab?.close();
          // An incomplete answer and a refusal the server explained are named; any other failure
          // (no answer, an unreadable one, an error status without a sentence) has nothing more to say.
          const cause =
            error instanceof IncompletePaymentError
              ? t(error.missing === 'uuid' ? 'create.noUuid' : 'create.noUrl')
              : serverErrorText(error);
          toast.error(cause ? t('create.failed', { cause }) : t('create.creationFailed'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        {t('create.method')}
        <select className={field} value={chosen} onChange={(event) => setMethod(event.target.value)} required>
          {(services.data ?? []).map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-col gap-1">
        <Labelled label={t('create.amount')} id="payment-amount" className="text-sm font-medium text-slate-700">
          {(id) => (
            <input
              id={id}
              className={field}
              type="number"
              min={MIN_DEPOSIT_USD}
              step={1}
              required
              inputMode="numeric"
              aria-describedby="payment-amount-hint"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </Labelled>
        <span id="payment-amount-hint" className="text-xs text-slate-500">
          {t('create.minimum', { amount: MIN_DEPOSIT_USD })}
        </span>
      </div>
      <SubmitButton pending={create.isPending} pendingLabel={t('create.creating')} disabled={!chosen}>
        {t('create.payNow')}
      </SubmitButton>
      {openUrl && <ExternalLinkLine text={t('create.waiting')} href={openUrl} linkText={t('create.openAgain')} />}
    </form>
  );
}
