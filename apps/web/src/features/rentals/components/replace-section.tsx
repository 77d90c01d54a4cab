import { PROXY_TYPES, REPLACE_REASONS, type HistoryRecord, type ProxyType, type ReplaceReason } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { inputClass } from '../../../components/ui/input-class';
import { Labelled } from '../../../components/ui/labelled';
import { apiErrorText } from '../../../lib/api-error-text';
import { useReplacementCandidate, useReplaceProxy } from '../api/replace-proxy';
import { useCountryName } from './use-country-name';
import { ManageSection } from './manage-section';

/**
 * Replace a failing proxy: the customer sees the proxy the rental would move to, may
 * give a reason, confirms, then sees where it went. Credentials and ports stay, so nothing else
 * on the screen changes; the history reloads once it is done.
 */
export function ReplaceSection({
  record,
  onReplaced,
}: {
  record: HistoryRecord;
  /** With the server's answer: the rental answers to its new proxy id from now on. */
  onReplaced: (answer: { proxy_id: number }) => void;
}) {
  const { t } = useTranslation('rentals');
  const countryName = useCountryName();
  const [reason, setReason] = useState<ReplaceReason | ''>('');
  const candidate = useReplacementCandidate();
  const replace = useReplaceProxy({ mutationConfig: { onSuccess: onReplaced } });
  const offered = candidate.data?.candidate;
  const done = replace.data;

  return (
    <ManageSection id="manage-replace" title={t('replace.title')}>
      {done ? (
        <p role="status" data-testid="replace-result" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
          {t('replace.done', { id: done.proxy_id, ip: done.exit_ip, country: countryName(done.country) })}
        </p>
      ) : offered ? (
        <div data-testid="replace-candidate" className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm">
          <p className="text-amber-900">
            {t('replace.candidate', {
              id: offered.id,
              ip: offered.ip,
              country: countryName(offered.country),
              city: offered.city || '—',
              type: (PROXY_TYPES as readonly string[]).includes(offered.type)
                ? t(`replace.types.${offered.type as ProxyType}`)
                : offered.type,
              protocol: offered.protocol,
            })}
          </p>
          <p className="text-amber-900">{t('replace.keeps')}</p>
          <Labelled label={t('replace.reason')} id="replace-reason" className="font-medium text-slate-800">
            {(id) => (
              <select
                id={id}
                value={reason}
                onChange={(event) => setReason(event.target.value as ReplaceReason | '')}
                className={inputClass('text-sm')}
              >
                <option value="">{t('replace.reasonNone')}</option>
                {REPLACE_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`replace.reasons.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <ReplaceFailed error={replace.error} className="text-red-700" />
          <ConfirmActions
            className="flex-wrap"
            size="sm"
            cancelLabel={t('dialog.cancel')}
            confirmLabel={t('replace.confirm')}
            pending={replace.isPending}
            onCancel={() => candidate.reset()}
            onConfirm={() => replace.mutate({ proxyId: record.id, reason: reason || undefined })}
          />
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('replace.explain')}</p>
          <ReplaceFailed error={candidate.error} className="text-sm text-red-700" />
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            disabled={candidate.isPending}
            onClick={() => candidate.mutate(record.id)}
          >
            {candidate.isPending ? t('replace.checking') : t('replace.button')}
          </Button>
        </>
      )}
    </ManageSection>
  );
}

/** Why looking for a candidate or making the replacement failed, announced when it appears. */
function ReplaceFailed({ error, className }: { error: Error | null; className: string }) {
  const { t } = useTranslation('rentals');
  if (!error) return null;
  return (
    <p role="alert" className={className}>
      {t('replace.failed', { cause: apiErrorText(error) })}
    </p>
  );
}
