import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { rememberReferralCode } from '../../../lib/referral';

export function LandingPage() {
  const { t } = useTranslation('landing');
  const { search } = useLocation();

  useEffect(() => rememberReferralCode(search), [search]);

  const facts = [t('facts.price'), t('facts.countries'), t('facts.residential')];
  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('hero.title')}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-brand-100">{t('hero.subtitle')}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <Link
              to="/login"
              className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-900 shadow hover:bg-brand-50 focus:outline-2 focus:outline-offset-2 focus:outline-white"
            >
              {t('hero.login')}
            </Link>
            <Link
              to="/signup"
              className="rounded-lg border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10 focus:outline-2 focus:outline-offset-2 focus:outline-white"
            >
              {t('hero.signup')}
            </Link>
          </div>
        </div>
      </section>
      <section aria-label={t('facts.label')} className="px-4 py-12">
        <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-3">
          {facts.map((fact) => (
            <li
              key={fact}
              className="rounded-xl bg-white p-6 text-center text-lg font-semibold text-brand-900 shadow-sm"
            >
              {fact}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
