import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

export type ArticleId = 'setup' | 'antidetect' | 'router';

const ARTICLES: Record<ArticleId, { path: string; icon: string }> = {
  setup: { path: '/articles/setup-proxy', icon: '⚙' },
  antidetect: { path: '/articles/enable-antidetect', icon: '🛡' },
  router: { path: '/articles/router-setup', icon: '📡' },
};

/**
 * Frame of a help article (spec section 2): a header with icon and title, the body, cards to
 * the guides and a back-to-home button. Articles make no calls.
 */
export function ArticleLayout({
  id,
  title,
  intro,
  children,
}: {
  id: ArticleId;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('articles');
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <header className="flex items-start gap-4">
        <span
          aria-hidden
          className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-3xl text-white"
        >
          {ARTICLES[id].icon}
        </span>
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-700">{intro}</p>
        </div>
      </header>
      <div className="mt-8 flex flex-col gap-8">{children}</div>
      <nav aria-labelledby="more-guides" className="mt-12">
        <h2 id="more-guides" className="text-xl font-semibold text-slate-900">
          {t('more')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {(Object.keys(ARTICLES) as ArticleId[]).map((other) => (
            <li key={other}>
              <Link
                to={ARTICLES[other].path}
                aria-current={other === id ? 'page' : undefined}
                className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[current=page]:border-brand-700"
              >
                <span aria-hidden className="text-2xl">
                  {ARTICLES[other].icon}
                </span>
                <span className="mt-2 font-semibold text-slate-900">{t(`cards.${other}.title`)}</span>
                <span className="mt-1 text-sm text-slate-600">{t(`cards.${other}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Link to="/" className={buttonClass('secondary', 'mt-8')}>
        ← {t('backHome')}
      </Link>
    </article>
  );
}

export function ArticleSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

export function Steps({ items, ordered = true }: { items: string[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={`${ordered ? 'list-decimal' : 'list-disc'} space-y-2 pl-5`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}
