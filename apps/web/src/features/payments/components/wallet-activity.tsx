import { formatDollars } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletActivity } from '../api/get-wallet-activity';

/**
 * A cell of the history tables. Chinese may break between any two characters, so a column that a
 * phone squeezed showed "购买" one character a line: words stay whole (they break at spaces only),
 * and a table too wide scrolls in its box, as it does in the other languages.
 */
export const historyCell = 'px-3 py-2 break-keep';

/** Every balance change with the balance after it, so the wallet adds up line by line. */
export function WalletActivityTable() {
  const { t, i18n } = useTranslation('payments');
  const activity = useWalletActivity();
  const date = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );

  if (activity.isError)
    return (
      <p role="alert" className="text-red-700">
        {t('activity.failed')}
      </p>
    );
  if (activity.data?.length === 0) return <p className="text-slate-600">{t('activity.empty')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="bg-slate-100 text-left">
          <tr>
            <th className={historyCell}>{t('activity.kind')}</th>
            <th className={`${historyCell} text-right`}>{t('history.amount')}</th>
            <th className={`${historyCell} text-right`}>{t('activity.balance')}</th>
          </tr>
        </thead>
        <tbody>
          {(activity.data ?? []).map((entry, index) => (
            <tr key={`${entry.date}-${index}`} className="border-t border-slate-100" data-testid="activity-row">
              {/* What and when in one cell: three columns fit a phone without sideways scrolling. */}
              <td className={historyCell}>
                <span className="block">{t(`activity.kinds.${entry.kind}`)}</span>
                <time dateTime={entry.date} className="block text-xs text-slate-600">
                  {date.format(new Date(entry.date))}
                </time>
              </td>
              <td
                className={`${historyCell} text-right whitespace-nowrap tabular-nums ${entry.amount > 0 ? 'text-green-700' : 'text-slate-900'}`}
              >
                {entry.amount > 0 ? '+' : '−'}
                {formatDollars(Math.abs(entry.amount))}
              </td>
              <td className={`${historyCell} text-right whitespace-nowrap tabular-nums`}>
                {formatDollars(entry.balance)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
