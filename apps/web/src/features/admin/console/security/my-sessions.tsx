import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge';
import { ChangeButton } from '../../../../components/ui/change-button';
import { apiErrorText } from '../../../../lib/api-error-text';
import { cn } from '../../../../lib/cn';
import { useAdminSessions, useEndAdminSession } from '../api/sessions';
import { QueryState } from '../components/query-state';
import { ListTable, td } from '../components/table';
import { useConsoleFormat } from '../components/use-console-format';

/** The operator's own sessions: where and when each logged in; any but this one can be ended. */
export function MySessions() {
  const { t } = useTranslation('console');
  const titleId = useId();
  const format = useConsoleFormat();
  const sessions = useAdminSessions();
  const end = useEndAdminSession();
  const columns = ['since', 'source', 'browser', 'secondFactor', 'actions'] as const;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div>
        <h2 id={titleId} className="text-lg font-semibold">
          {t('security.sessions.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('security.sessions.intro')}</p>
      </div>
      {sessions.data ? (
        <ListTable
          caption={t('security.sessions.title')}
          captionHidden
          stickyActions
          labels={columns.map((column) => t(`security.sessions.columns.${column}`))}
          empty={sessions.data.length === 0}
          emptyText={t('security.sessions.empty')}
        >
          {sessions.data.map((session) => (
            <tr key={session.id} className="border-t border-slate-100" data-testid="session-row">
              <td className={cn(td, 'whitespace-nowrap')}>
                {format.dateTime(session.createdAt)}
                <span className="block text-xs text-slate-600">
                  {t('security.sessions.until', { at: format.dateTime(session.expiresAt) })}
                </span>
              </td>
              <td className={cn(td, 'font-mono text-xs')}>{session.source ?? ''}</td>
              <td className={cn(td, 'max-w-64 text-xs break-words')}>{session.userAgent ?? ''}</td>
              <td className={td}>{session.secondFactor ? t('security.sessions.yes') : t('security.sessions.no')}</td>
              <td className={td}>
                {session.current ? (
                  <Badge tone="green" className="whitespace-nowrap">
                    {t('security.sessions.current')}
                  </Badge>
                ) : (
                  <ChangeButton
                    variant="secondary"
                    change={end}
                    variables={session.id}
                    done={() => t('security.sessions.ended')}
                    failed={apiErrorText}
                    aria-label={t('security.sessions.endLabel', { at: format.dateTime(session.createdAt) })}
                  >
                    {t('security.sessions.end')}
                  </ChangeButton>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : (
        <QueryState error={sessions.error} onRetry={() => void sessions.refetch()} />
      )}
    </section>
  );
}
