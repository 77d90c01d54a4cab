import type { PublicPage } from '@portal/contract';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { linkClass } from '../../../components/ui/link-class';
import { cn } from '../../../lib/cn';
import { usePublicPath } from '../../../lib/localized-path';
import { AppLink as Link, useAppLocation } from '../../../lib/nav';
import { rememberReferralCode } from '../../../lib/referral';
import { useApiKey } from '../../../lib/session';
import { priceValues } from '../lib/storefront-text';

const FEATURES = ['speed', 'anonymity', 'locations'] as const;
const ARTICLES = [
  { id: 'setup', path: '/articles/setup-proxy' },
  { id: 'antidetect', path: '/articles/enable-antidetect' },
  { id: 'router', path: '/articles/router-setup' },
] as const satisfies readonly { id: string; path: PublicPage }[];

// The figures of the stock and the rules, loaded after the page's first script (landing-figures.tsx).
const FactTiles = lazy(() => import('./landing-figures').then((m) => ({ default: m.FactTiles })));
const LandingFaq = lazy(() => import('./landing-figures').then((m) => ({ default: m.LandingFaq })));

/**
 * A section of the page named by its heading. `inner` narrows heading and content together in a
 * column of their own; without it the content sets its own width.
 */
function LandingSection({
  id,
  title,
  className,
  inner,
  children,
}: {
  id: string;
  title: string;
  className: string;
  inner?: string;
  children: ReactNode;
}) {
  const body = (
    <>
      <h2 id={id} className="text-center text-3xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {inner ? <div className={inner}>{body}</div> : body}
    </section>
  );
}

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

      <LandingSection id="intro" title={t('intro.title')} className="px-4 py-14" inner="mx-auto max-w-3xl text-center">
        <p className="mt-4 text-lg text-slate-700">{t('intro.text')}</p>
      </LandingSection>

      <LandingSection id="features" title={t('features.title')} className="bg-white px-4 py-14">
        <ul className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-3">
          {FEATURES.map((id) => (
            <li key={id} className="rounded-xl border border-slate-200 p-6">
              <h3 className="text-xl font-semibold text-brand-900">{t(`features.${id}.title`)}</h3>
              <p className="mt-2 text-slate-700">{t(`features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="use-cases" title={t('useCases.title')} className="px-4 py-14">
        <ul className="mx-auto mt-8 flex max-w-4xl flex-wrap justify-center gap-3">
          {useCases.map((useCase) => (
            <li key={useCase} className="rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-900">
              {useCase}
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="guides" title={t('articles.title')} className="bg-white px-4 py-14">
        <ul className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-3">
          {ARTICLES.map(({ id, path }) => (
            <li key={id} className="flex flex-col rounded-xl border border-slate-200 p-6">
              <h3 className="text-xl font-semibold text-slate-900">{t(`articles.${id}.title`)}</h3>
              <p className="mt-2 flex-1 text-slate-700">{t(`articles.${id}.text`)}</p>
              <Link to={to(path)} className={cn('mt-4', linkClass)}>
                {t('articles.read')}
                <span className="sr-only">: {t(`articles.${id}.title`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection
        id="pricing"
        title={t('pricing.title')}
        className="bg-gradient-to-b from-brand-50 to-white px-4 py-14"
        inner="mx-auto max-w-4xl text-center"
      >
        <p className="mt-4 text-lg text-slate-700">{t('pricing.text', priceValues())}</p>
        <Suspense fallback={null}>
          <FactTiles />
        </Suspense>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <Link to={signedIn ? '/proxy' : '/signup'} className={buttonClass('primary', undefined, 'lg')}>
            {signedIn ? t('hero.catalogue') : t('pricing.signup')}
          </Link>
          {/* Every country, type and price in stock, before signing up or adding funds. */}
          <Link to="/stock" className={buttonClass('secondary', undefined, 'lg')}>
            {t('pricing.stock')}
          </Link>
        </div>
      </LandingSection>

      <LandingSection id="faq" title={t('faq.title')} className="px-4 py-14" inner="mx-auto max-w-3xl">
        <Suspense fallback={null}>
          <LandingFaq />
        </Suspense>
      </LandingSection>

      <LandingSection id="contact" title={t('contact.title')} className="bg-white px-4 py-14 text-center">
        <p className="mt-4 text-slate-700">{t('contact.text')}</p>
        <Link to={to('/support')} className={buttonClass('secondary', 'mt-6')}>
          {t('contact.link')}
        </Link>
      </LandingSection>
    </>
  );
}
