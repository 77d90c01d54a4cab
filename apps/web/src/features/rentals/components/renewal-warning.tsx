import {
  dollarsToNearestCents,
  formatCents,
  RENEWAL_WARNING_MS,
  renewalShortfallCents,
  wholeHours,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWallet } from '../../../lib/wallet';
import { getHistory } from '../api/get-history';
import { rentalKeys } from '../api/keys';
import { useNow } from './use-now';

/**
 * Warns when the wallet cannot pay every auto-renewal due within RENEWAL_WARNING_MS, with
 * the amount missing, computed by the same price function the server charges.
 */
export function RenewalWarning({ className }: { className?: string }) {
  // `common` is bundled: the header shows this on every page without waiting for a namespace.
  const { t } = useTranslation('common');
  const history = useQuery({ queryKey: rentalKeys.renewals(), queryFn: ({ signal }) => getHistory(signal) });
  const wallet = useWallet();
  // A minute is fine enough for a 24-hour horizon, and keeps the header from re-rendering each second.
  const now = useNow(60_000);
  if (!history.data || wallet.data === undefined) return null;
  const missing = renewalShortfallCents(history.data, dollarsToNearestCents(wallet.data), now);
  if (missing === 0) return null;
  return (
    <p role="status" className={className ?? 'rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900'}>
      {t('renewalWarning.text', { amount: formatCents(missing), count: wholeHours(RENEWAL_WARNING_MS) })}{' '}
      <Link to="/payment" className="font-semibold underline">
        {t('renewalWarning.addFunds')}
      </Link>
    </p>
  );
}
