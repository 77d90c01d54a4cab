import { formatDollars, MAX_ADJUSTMENT_DOLLARS, MAX_ADJUSTMENT_REASON_LENGTH } from '@portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useAdjustBalance } from '../api/adjust-balance';
import { ConsoleForm } from '../components/console-form';
import { TitledSection } from '../components/titled-section';
import { TextField } from '../components/field';
import { parseDollars } from '../components/parse-dollars';

type Errors = { amount?: string; reason?: string };

/**
 * Manual balance change: positive adds, negative takes away, a reason is
 * required and becomes the ledger row's reason. Going below zero is the server's call: its
 * refusal is shown as it comes (a balance can change between loading this page and submitting).
 */
export function AdjustForm({ customerId }: { customerId: number }) {
  const { t } = useTranslation('console');
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const adjust = useAdjustBalance();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const dollars = parseDollars(amount, { max: MAX_ADJUSTMENT_DOLLARS, signed: true });
    const next: Errors = {};
    if (dollars === null) next.amount = t('customer.adjust.amountInvalid');
    if (!reason.trim()) next.reason = t('customer.adjust.reasonRequired');
    setErrors(next);
    setResult(null);
    if (dollars === null || next.reason) return;
    adjust.mutate(
      { customer: customerId, amount: dollars, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          setResult({ ok: true, text: t('customer.adjust.done', { balance: formatDollars(answer.wallet) }) });
          setAmount('');
          setReason('');
        },
        onError: (error) =>
          setResult({ ok: false, text: t('customer.adjust.refused', { reason: apiErrorText(error) }) }),
      },
    );
  }

  return (
    <TitledSection title={t('customer.adjust.title')}>
      <ConsoleForm onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
        <TextField
          id={amountId}
          label={t('customer.adjust.amount')}
          inputMode="decimal"
          value={amount}
          placeholder="-2.50"
          onValue={setAmount}
          error={errors.amount}
        />
        <TextField
          label={t('customer.adjust.reason')}
          value={reason}
          maxLength={MAX_ADJUSTMENT_REASON_LENGTH}
          required
          onValue={setReason}
          error={errors.reason}
        />
        <SubmitButton className="sm:mt-6" pending={adjust.isPending} pendingLabel={t('customer.adjust.submitting')}>
          {t('customer.adjust.submit')}
        </SubmitButton>
      </ConsoleForm>
      {/* Live regions exist before their text arrives, so screen readers announce it. */}
      <div role="status" className="empty:hidden">
        {result?.ok && <p className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">{result.text}</p>}
      </div>
      <div role="alert" className="empty:hidden">
        {result?.ok === false && <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{result.text}</p>}
      </div>
    </TitledSection>
  );
}
