import {
  formatCents,
  formatProxyLine,
  httpsProxyLine,
  MAX_NOTE_LENGTH,
  priceCents,
  RENTAL_STATUS,
  type HistoryRecord,
} from '@portal/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { SubmitButton } from '../../../components/ui/submit-button';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/input-class';
import { Labelled } from '../../../components/ui/labelled';
import { apiErrorText, recordedReasonText } from '../../../lib/api-error-text';
import { toastOutcome } from '../../../lib/toast-outcome';
import { copyText } from '../../../lib/copy-text';
import { rentalKeys } from '../api/keys';
import { useNewCredentials } from '../api/new-credentials';
import { useSaveNote } from '../api/save-note';
import { useSetAutoRenew } from '../api/set-auto-renew';
import { useUsage } from '../api/get-usage';
import { IpAuthSection } from './ip-auth-section';
import { ReplaceSection } from './replace-section';
import { SourcesSection } from './sources-section';
import { UsageChart } from './usage-chart';
import { CopyRow } from './copy-row';
import { ManageSection } from './manage-section';

/** Writes a change the server confirmed into the cached history, so every view shows it before the reload. */
function patchHistory(queryClient: QueryClient, proxyId: number, patch: Partial<HistoryRecord>): void {
  queryClient.setQueryData<HistoryRecord[]>(rentalKeys.history(), (history) =>
    history?.map((record) => (record.id === proxyId ? { ...record, ...patch } : record)),
  );
}

/**
 * One rental's controls: both ways to connect (the gateway's SOCKS5 and HTTP ports),
 * IP authorization with the rental's own port, the customer's note, the replacement of a failing proxy
 *, and a new password after a confirmation. The parent keys it by rental,
 * so each opening starts from that rental's saved note.
 */
export function ManageProxyDialog({
  record,
  onClose,
  onRenamed,
}: {
  record: HistoryRecord | null;
  onClose: () => void;
  /** A replacement moved the rental to another proxy id; the dialog stays open on it. */
  onRenamed?: (proxyId: number) => void;
}) {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  const [note, setNote] = useState(record?.note ?? '');
  const [confirming, setConfirming] = useState(false);
  const usage = useUsage(record?.id ?? null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: rentalKeys.all });
    void queryClient.invalidateQueries({ queryKey: rentalKeys.renewals() });
  };

  // After a replacement the rental answers to its new proxy id: this dialog's usage (by the old
  // id) is left as loaded rather than asked again and refused.
  const refreshLists = (answer: { proxy_id: number }) => {
    onRenamed?.(answer.proxy_id);
    void queryClient.invalidateQueries({ queryKey: rentalKeys.history() });
    void queryClient.invalidateQueries({ queryKey: rentalKeys.transactions() });
    void queryClient.invalidateQueries({ queryKey: rentalKeys.renewals() });
  };

  const saveNote = useSaveNote({
    mutationConfig: toastOutcome(
      () => t('manage.noteSaved'),
      (error) => t('manage.noteFailed', { cause: apiErrorText(error) }),
      refresh,
    ),
  });
  const renew = useNewCredentials({
    mutationConfig: {
      onSuccess: (answer, proxyId) => {
        toast.success(t('manage.passwordChanged'));
        setConfirming(false);
        patchHistory(queryClient, proxyId, { proxy: answer.proxy, proxy_pwd: answer.proxy_pwd });
        refresh();
      },
      onError: (error) => toast.error(t('manage.passwordFailed', { cause: apiErrorText(error) })),
    },
  });

  const autoRenew = useSetAutoRenew({
    mutationConfig: {
      onSuccess: (answer, { proxyId }) => {
        toast.success(t(answer.auto_renew ? 'renew.on' : 'renew.off'));
        if (typeof proxyId === 'number') patchHistory(queryClient, proxyId, { auto_renew: answer.auto_renew });
        refresh();
      },
      onError: (error) => toast.error(t('renew.failed', { cause: apiErrorText(error) })),
    },
  });

  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(t('copy.copied'));
    else toast.error(t('copy.failed'));
  };

  const ways = record
    ? [
        { label: 'SOCKS5', text: formatProxyLine(record, 'socks5://user:pass@ip:port') },
        { label: 'HTTP', text: formatProxyLine(record, 'http://user:pass@ip:port') },
        // Only where the gateway serves HTTPS: the same HTTP proxy with the password inside TLS.
        ...[httpsProxyLine(record)].flatMap((text) => (text ? [{ label: 'HTTPS', text }] : [])),
      ]
    : [];

  return (
    <Dialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('manage.title', { id: record?.id ?? '' })}
      closeLabel={t('dialog.close')}
    >
      <ManageSection id="manage-connect" title={t('manage.connect')}>
        {ways.map((way) => (
          <CopyRow
            key={way.label}
            label={way.label}
            text={way.text}
            copyLabel={t('manage.copyWay', { way: way.label })}
            copyText={t('history.copy')}
            onCopy={(text) => void copy(text)}
          />
        ))}
      </ManageSection>

      {record && (record.status === RENTAL_STATUS.connected || record.ip_auth) && (
        <IpAuthSection record={record} onChanged={refresh} onCopy={(text) => void copy(text)} />
      )}

      {record?.status === RENTAL_STATUS.connected && <SourcesSection proxyId={record.id} />}

      <ManageSection id="manage-usage" title={t('usage.title')}>
        {usage.data ? (
          <UsageChart usage={usage.data} />
        ) : (
          <p className="text-sm text-slate-600">{usage.isError ? t('usage.failed') : t('loading')}</p>
        )}
      </ManageSection>

      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (record) saveNote.mutate({ proxyId: record.id, note });
        }}
      >
        <Labelled label={t('manage.note')} id="manage-note" className="font-semibold text-slate-800">
          {(id) => (
            <textarea
              id={id}
              value={note}
              maxLength={MAX_NOTE_LENGTH}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
              className={inputClass('text-sm')}
            />
          )}
        </Labelled>
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-slate-600">
            {t('manage.noteLength', { count: note.length, max: MAX_NOTE_LENGTH })}
          </span>
          <SubmitButton variant="secondary" size="sm" pending={saveNote.isPending}>
            {t('manage.saveNote')}
          </SubmitButton>
        </div>
      </form>

      {record && (
        <ManageSection id="manage-renew" title={t('renew.title')}>
          <p className="text-sm text-slate-600">
            {t('renew.explain', {
              hours: record.renew_hours,
              price: formatCents(priceCents(record.renew_hours, record.ipqualityscore)),
            })}
          </p>
          {record.renew_failure && (
            <p className="text-sm text-red-700">
              {t('renew.lastFailure', { reason: recordedReasonText(record.renew_failure_code, record.renew_failure) })}
            </p>
          )}
          <Button
            variant={record.auto_renew ? 'secondary' : 'primary'}
            size="sm"
            className="self-start"
            disabled={autoRenew.isPending}
            onClick={() => autoRenew.mutate({ proxyId: record.id, enabled: !record.auto_renew })}
          >
            {record.auto_renew ? t('renew.turnOff') : t('renew.turnOn')}
          </Button>
        </ManageSection>
      )}

      {record?.status === RENTAL_STATUS.connected && <ReplaceSection record={record} onReplaced={refreshLists} />}

      <ManageSection id="manage-password" title={t('manage.password')}>
        {confirming ? (
          <div role="alert" className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <p>{t('manage.passwordWarning')}</p>
            <ConfirmActions
              size="sm"
              cancelLabel={t('dialog.cancel')}
              confirmLabel={t('manage.passwordConfirm')}
              pending={renew.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() => record && renew.mutate(record.id)}
            />
          </div>
        ) : (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => setConfirming(true)}>
            {t('manage.newPassword')}
          </Button>
        )}
      </ManageSection>
    </Dialog>
  );
}
