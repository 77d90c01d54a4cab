import type { BackupRun } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useBackups } from '../api/get-backups';
import { DescriptionItem } from '../components/description-item';
import { QueryState } from '../components/query-state';
import { TitledSection } from '../components/titled-section';
import { useConsoleFormat } from '../components/use-console-format';

/** Scheduled backups on the overview: the last one, its size, any failure, and when the next is due. */
export function BackupPanel() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const backups = useBackups();
  const data = backups.data;
  return (
    <TitledSection title={t('backups.title')}>
      {!data ? (
        <QueryState error={backups.error} onRetry={() => void backups.refetch()} />
      ) : !data.enabled ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="backups-off">
          {t('backups.off')}
        </p>
      ) : (
        <div className="mt-2 flex flex-col gap-2 text-sm">
          <p className="text-slate-700">
            {t('backups.schedule', { hours: format.number(data.everyHours ?? 0), keep: data.keep ?? 0 })}
          </p>
          {data.last?.status === 'failed' && (
            <p role="alert" className="rounded-lg bg-red-50 p-2 text-red-900" data-testid="backup-failure">
              {t('backups.failed', {
                at: format.dateTime(data.last.startedAt),
                reason: data.last.error ?? '',
              })}
            </p>
          )}
          {data.last?.status === 'running' && (
            <p className="text-slate-700">{t('backups.running', { at: format.dateTime(data.last.startedAt) })}</p>
          )}
          <dl className="divide-y divide-slate-100">
            <DescriptionItem look="detail" label={t('backups.lastSuccess')} testId="backup-last">
              {data.lastSuccess ? <RunSummary run={data.lastSuccess} /> : t('backups.none')}
            </DescriptionItem>
            <DescriptionItem look="detail" label={t('backups.nextDue')} testId="backup-next">
              {format.dateTime(data.nextDueAt) ?? '—'}
            </DescriptionItem>
          </dl>
        </div>
      )}
    </TitledSection>
  );
}

function RunSummary({ run }: { run: BackupRun }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  return (
    <>
      {format.dateTime(run.finishedAt ?? run.startedAt)}
      <span className="block text-xs text-slate-600">
        {t('backups.size', { size: format.bytes(run.sizeBytes ?? 0), file: run.file ?? '' })}
      </span>
    </>
  );
}
