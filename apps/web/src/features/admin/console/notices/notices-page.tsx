import {
  adminBroadcastEndpoint,
  MAX_BROADCAST_CONTENT_LENGTH,
  MAX_BROADCAST_TITLE_LENGTH,
  NOTICE_STATUSES,
  type NoticeStatus,
} from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { SubmitButton } from '../../../../components/ui/submit-button';
import { inputClass } from '../../../../components/ui/input-class';
import { apiErrorText } from '../../../../lib/api-error-text';
import { cn } from '../../../../lib/cn';
import { useAdminMe } from '../../api/admin-me';
import { mayCall } from '../../lib/role-screens';
import { useBroadcast, useNotices } from '../api/notices';
import { useOperatorTelegram } from '../api/operator-telegram';
import { Field } from '../components/field';
import { QueryState } from '../components/query-state';
import { ListTable, ScreenHeader, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';

const FILTERS = ['all', ...NOTICE_STATUSES] as const;

/** the notice queue (sent, waiting, failed with the reason) and a broadcast to every customer. */
export function NoticesPage() {
  const { t } = useTranslation('console');
  const mayBroadcast = mayCall(useAdminMe().data?.operator.role, adminBroadcastEndpoint);
  return (
    <>
      <ScreenHeader title={t('notices.title')} />
      <div className="flex flex-col gap-6">
        {mayBroadcast ? <BroadcastForm /> : null}
        <NoticeList />
      </div>
    </>
  );
}

function BroadcastForm() {
  const { t } = useTranslation('console');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  // Ticked by default only where a bot can send it (the operator's Telegram status says so).
  const bot = useOperatorTelegram({ polling: false }).data?.available ?? false;
  const [wantTelegram, setTelegram] = useState(true);
  const telegram = bot && wantTelegram;
  const [done, setDone] = useState<string | null>(null);
  const broadcast = useBroadcast();
  // With no linked chat (no bot configured, or nobody linked yet) the option could send nothing:
  // it is shown off and disabled, with the reason.
  const linked = useNotices('all').data?.telegramLinked;
  const telegramPossible = linked === undefined || linked > 0;
  const canSend = bot && telegramPossible;
  const sendTelegram = telegram && telegramPossible;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    broadcast.mutate(
      { title: title.trim(), content: content.trim(), telegram: sendTelegram },
      {
        onSuccess: (answer) => {
          setTitle('');
          setContent('');
          setDone(t('notices.broadcast.done', { count: answer.queued }));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">{t('notices.broadcast.title')}</h2>
      <Field
        label={t('notices.broadcast.heading')}
        required
        maxLength={MAX_BROADCAST_TITLE_LENGTH}
        className={inputClass()}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('notices.broadcast.content')}
        <textarea
          required
          maxLength={MAX_BROADCAST_CONTENT_LENGTH}
          rows={4}
          className={inputClass('font-normal')}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </label>
      <div className="flex flex-col gap-1">
        <label className={cn('flex items-center gap-2 text-sm', canSend ? 'text-slate-800' : 'text-slate-500')}>
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={sendTelegram}
            disabled={!canSend}
            aria-describedby={canSend ? undefined : 'broadcast-telegram-why'}
            onChange={(event) => setTelegram(event.target.checked)}
          />
          {t('notices.broadcast.telegram')}
        </label>
        {!canSend && (
          <p id="broadcast-telegram-why" className="text-xs text-slate-600">
            {t(bot ? 'notices.broadcast.telegramNone' : 'notices.broadcast.noBot')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={broadcast.isPending}>{t('notices.broadcast.send')}</SubmitButton>
        <p role="status" className="text-sm text-slate-700">
          {done}
        </p>
      </div>
      {broadcast.error && (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorText(broadcast.error)}
        </p>
      )}
    </form>
  );
}

function NoticeList() {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const [status, setStatus] = useState<NoticeStatus | 'all'>('all');
  const notices = useNotices(status);
  const columns = ['createdAt', 'customer', 'kind', 'channel', 'status', 'attempts', 'reason', 'sentAt'] as const;

  return (
    <section aria-labelledby="notices-queue" className="flex flex-col gap-3">
      <h2 id="notices-queue" className="text-lg font-semibold">
        {t('notices.queue')}
      </h2>
      {notices.data && (
        <p className="text-sm text-slate-700" data-testid="notice-counts">
          {t('notices.counts', { ...notices.data.counts, linked: notices.data.telegramLinked })}
        </p>
      )}
      <div role="group" aria-label={t('notices.filter')} className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Button
            key={filter}
            variant={status === filter ? 'primary' : 'secondary'}
            aria-pressed={status === filter}
            onClick={() => setStatus(filter)}
          >
            {t(`notices.status.${filter}`)}
          </Button>
        ))}
      </div>
      {notices.data ? (
        <ListTable
          caption={t('notices.queue')}
          captionHidden
          labels={columns.map((column) => t(`notices.columns.${column}`))}
          empty={notices.data.notices.length === 0}
          emptyText={t('notices.empty')}
        >
          {notices.data.notices.map((notice) => (
            <tr key={notice.id} className="border-t border-slate-100" data-testid="notice-row">
              <td className={cn(td, 'whitespace-nowrap')}>{format.dateTime(notice.createdAt)}</td>
              <td className={td}>{notice.userId}</td>
              <td className={cn(td, 'font-mono text-xs')}>{notice.kind}</td>
              <td className={td}>{notice.channel}</td>
              <td className={td}>{t(`notices.status.${notice.status}`)}</td>
              <td className={td}>{notice.attempts}</td>
              <td className={cn(td, 'text-xs break-all')}>{notice.lastError ?? ''}</td>
              <td className={cn(td, 'whitespace-nowrap')}>{notice.sentAt ? format.dateTime(notice.sentAt) : ''}</td>
            </tr>
          ))}
        </ListTable>
      ) : (
        <QueryState error={notices.error} onRetry={() => void notices.refetch()} />
      )}
    </section>
  );
}
