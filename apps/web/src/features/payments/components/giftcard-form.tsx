import { formatDollars } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LabelledInput } from '../../../components/ui/labelled-input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { isApiError } from '../../../lib/api-error';
import { serverErrorText } from '../../../lib/api-error-text';
import { sharedKeys } from '../../../lib/query-keys';
import { useRedeemGiftcard } from '../api/redeem-giftcard';

/**
 * Gift card activation: the trimmed code, then the outcome in the reader's language. The server's
 * `message` is English only, so success is told from the amount it credited, and a refusal from
 * its code.
 */
export function GiftcardForm() {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const redeem = useRedeemGiftcard({
    mutationConfig: {
      onSuccess: (answer) => {
        toast.success(t('giftcard.success', { amount: formatDollars(answer.amount) }));
        setCode('');
        void queryClient.invalidateQueries({ queryKey: sharedKeys.wallet() });
      },
      // A refusal the server explained is shown as it is; an error status without a sentence is the
      // server failing the activation, while no answer or an unreadable one is the activation failing here.
      onError: (error) =>
        toast.error(
          serverErrorText(error) ??
            (isApiError(error) && error.kind === 'http' ? t('giftcard.error') : t('giftcard.activationError')),
        ),
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      toast.warning(t('giftcard.empty'));
      return;
    }
    redeem.mutate(trimmed);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <LabelledInput
        label={t('giftcard.label')}
        className="rounded-lg border border-slate-300 px-3 py-2 font-mono uppercase focus-visible:outline-2 focus-visible:outline-brand-600"
        value={code}
        autoComplete="off"
        placeholder="XXXX-XXXX-XXXX-XXXX"
        onValue={setCode}
      />
      <SubmitButton variant="secondary" pending={redeem.isPending}>
        {t('giftcard.activate')}
      </SubmitButton>
    </form>
  );
}
