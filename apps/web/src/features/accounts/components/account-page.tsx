import { formatDollars, LANGUAGES } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyStatus, useCopyMessage } from '../../../components/copy-status';
import { LanguageFlag } from '../../../components/language-flag';
import { Button } from '../../../components/ui/button';
import { referralLink } from '../../../lib/config';
import { changeLanguage, LANGUAGE_NAMES } from '../../../lib/i18n';
import { getApiKey, getReferralCode } from '../../../lib/session';
import { useWallet } from '../../../lib/wallet';
import { NoticesSection } from './notices-section';
import { CardSection } from '../../../components/card-section';

/** Account: balance, API key, referral link, notices, language. */
export function AccountPage() {
  const { t, i18n } = useTranslation('account');
  const wallet = useWallet();
  const { result, copy } = useCopyMessage();
  const [showKey, setShowKey] = useState(false);
  const apiKey = getApiKey();
  const code = getReferralCode();
  const link = code ? referralLink(code) : null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
      <CopyStatus result={result} />

      <CardSection id="account-balance" title={t('balance')} headingClassName="text-sm font-medium text-slate-600">
        <p className="mt-1 text-3xl font-bold text-brand-900">{formatDollars(wallet.data)}</p>
      </CardSection>

      <CardSection id="account-key" title={t('apiKey.label')}>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono break-all">
            {apiKey && (showKey ? apiKey : '•'.repeat(Math.min(apiKey.length, 24)))}
          </code>
          <Button variant="ghost" onClick={() => setShowKey((shown) => !shown)} aria-pressed={showKey}>
            {showKey ? t('apiKey.hide') : t('apiKey.show')}
          </Button>
          <Button variant="secondary" onClick={() => void copy(t('apiKey.item'), apiKey)}>
            {t('apiKey.copy')}
          </Button>
        </div>
      </CardSection>

      <CardSection id="account-referral" title={t('referral.label')}>
        {link ? (
          <>
            <p className="mt-1 text-sm text-slate-600">{t('referral.hint')}</p>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono break-all">{link}</code>
              <Button variant="secondary" onClick={() => void copy(t('referral.item'), link)}>
                {t('referral.copy')}
              </Button>
            </div>
          </>
        ) : (
          <p className="mt-2 text-slate-600">{t('referral.none')}</p>
        )}
      </CardSection>

      <NoticesSection />

      <CardSection id="account-language" title={t('language.title')}>
        <p className="mt-1 text-sm text-slate-600">{t('language.hint')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {LANGUAGES.map((language) => (
            <button
              key={language}
              type="button"
              lang={language}
              aria-pressed={i18n.language === language}
              onClick={() => void changeLanguage(language)}
              className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:font-semibold"
            >
              <LanguageFlag language={language} />
              {LANGUAGE_NAMES[language]}
            </button>
          ))}
        </div>
      </CardSection>
    </div>
  );
}
