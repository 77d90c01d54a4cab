import { formatDollars } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { useSandboxPayment } from '../api/get-sandbox-payment';
import { useSettleSandboxPayment } from '../api/settle-sandbox-payment';

/**
 * The sandbox provider's checkout, opened in a new tab from Payments. It
 * stands where a real provider's page would, so it has no portal header; the portal's own tab
 * keeps polling and sees the outcome.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation('payments');
  const { uuid = '' } = useParams();
  const payment = useSandboxPayment(uuid);
  const settle = useSettleSandboxPayment(uuid);
  const status = payment.data?.status;

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-12">
      <section className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg" aria-labelledby="sandbox-title">
        <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">{t('sandbox.badge')}</p>
        <h1 id="sandbox-title" className="mt-2 text-2xl font-bold text-slate-900">
          {t('sandbox.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t('sandbox.notice')}</p>

        {payment.isPending && <p className="mt-8 text-slate-500">{t('sandbox.loading')}</p>}
        {payment.isError && (
          <p role="alert" className="mt-8 font-medium text-red-700">
            {t('sandbox.notFound')}
          </p>
        )}
        {payment.data && (
          <>
            <dl className="mt-8 grid grid-cols-2 gap-y-3 text-sm">
              <dt className="text-slate-500">{t('sandbox.amount')}</dt>
              <dd className="text-right text-xl font-bold text-slate-900">{formatDollars(payment.data.amount)}</dd>
              <dt className="text-slate-500">{t('sandbox.method')}</dt>
              <dd className="text-right font-medium">{payment.data.method}</dd>
            </dl>
            {status === 'pending' ? (
              <div className="mt-8 flex gap-3">
                {(['paid', 'fail'] as const).map((outcome) => (
                  <Button
                    key={outcome}
                    variant={outcome === 'paid' ? 'primary' : 'secondary'}
                    className="flex-1"
                    disabled={settle.isPending}
                    onClick={() => settle.mutate(outcome)}
                  >
                    {t(outcome === 'paid' ? 'sandbox.pay' : 'sandbox.fail')}
                  </Button>
                ))}
              </div>
            ) : (
              <p
                role="status"
                className={`mt-8 rounded-lg p-4 text-center font-semibold ${status === 'paid' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
              >
                {status === 'paid' ? t('sandbox.paid') : t('sandbox.failed')}
              </p>
            )}
            {settle.isError && (
              <p role="alert" className="mt-4 text-sm text-red-700">
                {t('sandbox.error')}
              </p>
            )}
          </>
        )}
        <Link to="/payment" className={buttonClass('ghost', 'mt-8 w-full')}>
          {t('sandbox.back')}
        </Link>
      </section>
    </main>
  );
}
