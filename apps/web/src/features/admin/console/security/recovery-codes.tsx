import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopySecret } from '../components/copy-secret';

/**
 * The recovery codes that came with turning the app on, shown until the page is left, with a
 * button that copies them.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-green-200 bg-white p-4">
      {/* The codes replace the "on" line until the page is left: say it here too. */}
      <p role="status" className="mb-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
        {t('security.nowOn')}
      </p>
      <h2 id={titleId} className="text-lg font-semibold">
        {t('security.recovery.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('security.recovery.intro')}</p>
      <ul className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopySecret item={t('copySecret.recoveryCodes')} value={codes.join('\n')} />
    </section>
  );
}
