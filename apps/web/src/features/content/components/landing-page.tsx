import type { PublicPage } from '@portal/contract';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { usePublicPath } from '../../../lib/localized-path';
import { AppLink as Link, useAppLocation } from '../../../lib/nav';
import { rememberReferralCode } from '../../../lib/referral';
import { useApiKey } from '../../../lib/session';

const FEATURES = ['speed', 'anonymity', 'locations'] as const;
const ARTICLES = [
  { id: 'setup', path: '/articles/setup-proxy' },
  { id: 'antidetect', path: '/articles/enable-antidetect' },
  { id: 'router', path: '/articles/router-setup' },
] as const satisfies readonly { id: string; path: PublicPage }[];

// The figures of the stock and the rules, loaded after the page's first script (landing-figures.tsx).
const FactTiles = lazy(() => import('./landing-figures').then((m) => ({ default: m.FactTiles })));
const LandingFaq = lazy(() => import('./landing-figures').then((m) => ({ default: m.LandingFaq })));

const sectionTitle = 'text-center text-3xl font-bold text-slate-900';

/** Landing page: hero, intro, features, use cases, guides, pricing, FAQ, contact. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const { search } = useAppLocation();
  const signedIn = useApiKey() !== null;
  const to = usePublicPath();

  // A signed-in user's stored code is their own referral code: a link must not overwrite it.
  useEffect(() => {
    if (!signedIn) rememberReferralCode(search);
  }, [search, signedIn]);

  const useCases = t('useCases.items', { returnObjects: true });
  const heroLink = 'rounded-lg px-6 py-3 font-semibold focus:outline-2 focus:outline-offset-2 focus:outline-white';
  const primaryHero = `${heroLink} bg-white text-brand-900 shadow hover:bg-brand-50`;
  const secondaryHero = `${heroLink} border border-white/70 text-white hover:bg-white/10`;

  return (
    <>
      <section className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 py-20 text-white">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('hero.title')}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-brand-100">{t('hero.subtitle')}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            {signedIn ? (
              // A customer is shown the way into the shop, not the sign-up.
              <>
                <Link to="/proxy" className={primaryHero}>
                  {t('hero.catalogue')}
                </Link>
                <Link to="/history" className={secondaryHero}>
                  {t('hero.myProxies')}
                </Link>
              </>
            ) : (
              <>
                <Link to={to('/login')} className={primaryHero}>
                  {t('hero.login')}
                </Link>
                <Link to="/signup" className={secondaryHero}>
                  {t('hero.signup')}
                </Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="intro" className="px-4 py-14">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="intro" className={sectionTitle}>
            {t('intro.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('intro.text')}</p>
        </div>
      </section>

      <section aria-labelledby="features" className="bg-white px-4 py-14">
        <h2 id="features" className={sectionTitle}>
          {t('features.title')}
        </h2>
        <ul className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-3">
          {FEATURES.map((id) => (
            <li key={id} className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-xl font-semibold text-brand-900">{t(`features.${id}.title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="use-cases" className="px-4 py-14">
        <h2 id="use-cases" className={sectionTitle}>
          {t('useCases.title')}
        </h2>
        <ul className="mx-auto mt-8 flex max-w-4xl flex-wrap justify-center gap-3">
          {useCases.map((useCase) => (
            <li key={useCase} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
              {useCase}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="guides" className="bg-white px-4 py-14">
        <h2 id="guides" className={sectionTitle}>
          {t('articles.title')}
        </h2>
        <ul className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-3">
          {ARTICLES.map(({ id, path }) => (
            <li key={id} className="flex flex-col rounded-xl border border-slate-200 p-6">
              <h3 className="text-xl font-semibold text-slate-900">{t(`articles.${id}.title`)}</h3>
              <p className="mt-2 flex-1 text-slate-700">{t(`articles.${id}.text`)}</p>
              <Link to={to(path)} className="mt-4 font-semibold text-brand-700 underline">
                {t('articles.read')}
                <span className="sr-only">: {t(`articles.${id}.title`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="pricing" className="bg-gradient-to-b from-brand-50 to-white px-4 py-14">
        <div className="mx-auto max-w-4xl text-center">
          <h2 id="pricing" className={sectionTitle}>
            {t('pricing.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('pricing.text')}</p>
          <Suspense fallback={null}>
            <FactTiles />
          </Suspense>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to={signedIn ? '/proxy' : '/signup'} className={buttonClass('primary', 'px-8 py-3 text-base')}>
              {signedIn ? t('hero.catalogue') : t('pricing.signup')}
            </Link>
            {/* Every country, type and price in stock, before signing up or adding funds. */}
            <Link to="/stock" className={buttonClass('secondary', 'px-8 py-3 text-base')}>
              {t('pricing.stock')}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="faq" className="px-4 py-14">
        <div className="mx-auto max-w-3xl">
          <h2 id="faq" className={sectionTitle}>
            {t('faq.title')}
          </h2>
          <Suspense fallback={null}>
            <LandingFaq />
          </Suspense>
        </div>
      </section>

      <section aria-labelledby="contact" className="bg-white px-4 py-14 text-center">
        <h2 id="contact" className={sectionTitle}>
          {t('contact.title')}
        </h2>
        <p className="mt-4 text-slate-700">{t('contact.text')}</p>
        <Link to={to('/support')} className={buttonClass('secondary', 'mt-6')}>
          {t('contact.link')}
        </Link>
      </section>
    </>
  );
}
